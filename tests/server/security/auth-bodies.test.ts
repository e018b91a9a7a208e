// Issue 28 item 7: 35 (route, body) pairs on /auth/v1 answered 500 (a `null` body on sign-up,
// token, verify, recover, resend, otp, magic link, user, logout; `{"email":123}`,
// `{"password":123}`, `{"refresh_token":{}}`), PUT /user stored 900 KiB of metadata, and
// throttles kept every e-mail string they were sent as a key (500 KB "addresses": +370 MiB that
// never came back). Every auth body is now checked with zod first: wrong type or not an object is
// `400 bad_json`, a missing field `400 validation_failed`, metadata is capped on every route, and
// no body of any shape gets a 500 (property test over random JSON values, per route).
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createConfirmedUser,
  uniqueEmail,
  type TestBackend,
} from '../../../server/testing/backend';
import { authHeaders, authPost, ownBackend } from './support';

const backend = ownBackend({});
let b: TestBackend;
beforeEach(() => {
  b = backend();
});

type Answer = { status: number; body: Record<string, unknown> };

async function call(
  method: string,
  path: string,
  body: string | undefined,
  token?: string,
): Promise<Answer> {
  const res = await fetch(`${b.url}/auth/v1/${path}`, {
    method,
    headers: authHeaders(b, token),
    body,
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { raw: text };
  }
  return { status: res.status, body: parsed };
}

const ROUTES: [method: string, path: string][] = [
  ['POST', 'signup'],
  ['POST', 'token?grant_type=password'],
  ['POST', 'token?grant_type=refresh_token'],
  ['POST', 'token?grant_type=pkce'],
  ['POST', 'verify'],
  ['POST', 'recover'],
  ['POST', 'resend'],
  ['POST', 'otp'],
  ['POST', 'magiclink'],
  ['PUT', 'user'],
  ['POST', 'logout'],
  // The embedded backend's own (issue 28 item 2): « Choisissez votre mot de passe », and the
  // sign-up browser asking for its registration's state.
  ['POST', 'claim'],
  ['POST', 'signup/status'],
];

/** The fields GoTrue's routes read, with values of every JSON type (and some plausible ones). */
const FIELDS = [
  'email',
  'password',
  'phone',
  'data',
  'type',
  'token',
  'token_hash',
  'refresh_token',
  'auth_code',
  'code_verifier',
  'scope',
  'create_user',
  'gotrue_meta_security',
  'code_challenge',
  'options',
];
const plausible = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('signup', 'recovery', 'magiclink', 'email_change', 'global', 'Mot-de-passe-9'),
);
const anyBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.jsonValue({ maxDepth: 2 }), plausible)),
);

describe('auth bodies are checked before anything reads them', () => {
  it("the issue's bodies are 400s with GoTrue's codes, never 500", async () => {
    const user = await createConfirmedUser(b);
    for (const [method, path] of ROUTES) {
      const token = path === 'user' || path === 'logout' ? user.accessToken : undefined;
      const nul = await call(method, path, 'null', token);
      expect([path, nul.status, nul.body.error_code]).toEqual([path, 400, 'bad_json']);
      // Logout reads only `scope`: other fields are ignored (GoTrue), a wrong scope is not.
      const wrongs =
        path === 'logout'
          ? ['{"scope":123}', '{"scope":"partout"}', '[]', '"x"', '{']
          : ['{"email":123}', '{"password":123}', '[]', '"x"', '{'];
      for (const wrong of wrongs) {
        const res = await call(method, path, wrong, token);
        expect(res.status, `${method} ${path} ${wrong}`).toBe(400);
      }
    }
    const refresh = await call('POST', 'token?grant_type=refresh_token', '{"refresh_token":{}}');
    expect(refresh).toMatchObject({ status: 400, body: { error_code: 'bad_json' } });
    // A missing field is a validation failure, as GoTrue says it.
    const missing = await call('POST', 'signup', JSON.stringify({ email: uniqueEmail() }));
    expect(missing).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed', msg: 'Signup requires a valid password' },
    });
    const nullField = await call(
      'POST',
      'token?grant_type=refresh_token',
      '{"refresh_token":null}',
    );
    expect(nullField).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    // The honest path: the session still works, and signs out with an ordinary body.
    const me = await call('GET', 'user', undefined, user.accessToken);
    expect(me.status).toBe(200);
    const out = await call('POST', 'logout', '{"scope":"local"}', user.accessToken);
    expect(out.status).toBe(204);
  });

  it('the backend’s own routes and PKCE challenges are checked before any early answer', async () => {
    for (const [path, body] of [
      ['claim', {}],
      ['claim', { auth_code: 'x' }],
      ['claim', { password: 'Un-choix-solide-4' }],
      ['signup/status', {}],
      ['signup/status', { code_verifier: null }],
    ] as const) {
      const res = await authPost(b, path, body);
      expect([path, res.status, res.body.error_code]).toEqual([path, 400, 'validation_failed']);
    }
    for (const [path, body] of [
      ['claim', { auth_code: 12, password: 'Un-choix-solide-4' }],
      ['claim', { auth_code: 'x', password: ['Un-choix-solide-4'] }],
      ['signup/status', { code_verifier: {} }],
    ] as const) {
      const res = await authPost(b, path, body);
      expect([path, res.status, res.body.error_code]).toEqual([path, 400, 'bad_json']);
    }
    // A bad challenge is refused at once, never answered 200 before the work (uniform-answers.ts).
    const good = 'c'.repeat(43);
    for (const challenge of [
      { code_challenge: 'court', code_challenge_method: 's256' },
      { code_challenge: good, code_challenge_method: 'md5' },
      { code_challenge: good },
      { code_challenge_method: 's256' },
    ]) {
      for (const [path, body] of [
        ['signup', { email: uniqueEmail('pkce'), password: 'Defi-pkce-solide-8', ...challenge }],
        ['recover', { email: uniqueEmail('pkce'), ...challenge }],
        ['otp', { email: uniqueEmail('pkce'), ...challenge }],
      ] as const) {
        const res = await authPost(b, path, body);
        expect([path, challenge, res.status, res.body.error_code]).toEqual([
          path,
          challenge,
          400,
          'validation_failed',
        ]);
      }
    }
  });

  it('an e-mail longer than 255 characters is refused before any throttle keeps it', async () => {
    const long = `${'a'.repeat(300)}@exemple.fr`;
    for (const [path, body] of [
      ['token?grant_type=password', { email: long, password: 'Un-essai-1' }],
      ['recover', { email: long }],
      ['otp', { email: long }],
      ['signup', { email: long, password: 'Un-essai-long-1' }],
      ['verify', { email: long, token: '123456', type: 'recovery' }],
    ] as const) {
      const res = await authPost(b, path, body);
      expect([path, res.status, res.body.error_code]).toEqual([path, 400, 'validation_failed']);
    }
  });

  it('metadata is capped at 16 KiB on every route that takes it (PUT /user took 900 KiB)', async () => {
    const user = await createConfirmedUser(b);
    const over = { notes: 'x'.repeat(17 * 1024) };
    const put = await call('PUT', 'user', JSON.stringify({ data: over }), user.accessToken);
    expect(put).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    const huge = await call(
      'PUT',
      'user',
      JSON.stringify({ data: { notes: 'é'.repeat(450 * 1024) } }),
      user.accessToken,
    );
    expect(huge.status).toBe(413);
    for (const [path, body] of [
      ['signup', { email: uniqueEmail(), password: 'Metadonnees-1', data: over }],
      ['otp', { email: user.email, data: over }],
      ['magiclink', { email: user.email, data: over }],
    ] as const) {
      const res = await authPost(b, path, body);
      expect([path, res.status, res.body.error_code]).toEqual([path, 400, 'validation_failed']);
    }
    // The honest path: ordinary metadata is saved.
    const ok = await call(
      'PUT',
      'user',
      JSON.stringify({ data: { note: 'ok' } }),
      user.accessToken,
    );
    expect(ok.status).toBe(200);
    expect((ok.body.user_metadata as Record<string, unknown>).note).toBe('ok');
  });

  it('no JSON value of any shape gets a 500 on any auth route (property, per route)', async () => {
    const user = await createConfirmedUser(b);
    let session = user.accessToken;
    for (const [method, path] of ROUTES) {
      await fc.assert(
        fc.asyncProperty(anyBody, async (value) => {
          const token = path === 'user' || path === 'logout' ? session : undefined;
          const res = await call(method, path, JSON.stringify(value), token);
          if (path === 'logout' && res.status === 204) {
            // Signed out: a new session for the next runs.
            const again = await authPost(b, 'token?grant_type=password', {
              email: user.email,
              password: user.password,
            });
            session = String(again.body.access_token);
          }
          expect(res.status, `${method} ${path} ${JSON.stringify(value)}`).toBeLessThan(500);
          if (res.status === 400) expect(typeof res.body.error_code).toBe('string');
        }),
        { numRuns: 60 },
      );
    }
  });

  it('GET /verify with any query values answers a redirect or a 4xx, never a 500', async () => {
    const value = fc.oneof(fc.string(), fc.emailAddress(), fc.constantFrom('signup', 'recovery'));
    await fc.assert(
      fc.asyncProperty(
        fc.record({ type: value, token: value, redirect_to: value }, { requiredKeys: [] }),
        async (query) => {
          const res = await fetch(
            `${b.url}/auth/v1/verify?${new URLSearchParams(query).toString()}`,
            { redirect: 'manual', headers: { apikey: b.anonKey } },
          );
          await res.arrayBuffer();
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
  });
});
