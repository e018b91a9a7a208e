// Issue 28 item 3: a link's token hash is sha256(address + 6-digit code). /auth/v1/verify with
// `type: recovery` and guessed hashes was limited per client address only: 1,500 guesses from
// rotating addresses were all checked, and the right hash returned the victim's session.
// Attempts are now counted per target (the address a link or a code names; bare hashes all
// together), whatever the client address, for every type: after a few failures even the right
// link or code is refused until the window passes.
// Own backend: the per-client limits lifted (the attack rotates addresses), short target windows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeHash } from '../../../server/auth/attempts';
import {
  createConfirmedUser,
  RELAXED_AUTH_LIMITS,
  startTestBackendWithInternals,
  type TestBackend,
} from '../../../server/testing/backend';
import type { Backend } from '../../../server/start/backend';
import { authHeaders, mailCode, verifyLink, waitForMails } from './support';

// Longer than the 1,500 guesses take: the counts below are exact.
const WINDOW_MS = 8_000;
let b: TestBackend & { backend: Backend };
beforeAll(async () => {
  b = await startTestBackendWithInternals({
    config: {
      seed: false,
      authLimits: {
        ...RELAXED_AUTH_LIMITS,
        emailIntervalMs: 0,
        verifyTargetFailures: { burst: 5, refillMs: WINDOW_MS },
        verifyUnattributedFailures: { burst: 5, refillMs: WINDOW_MS },
      },
    },
  });
});
afterAll(async () => {
  await b?.stop();
});

let peer = 0;
/** A request from another client address each time (10.x.y.z), as the attack rotates them. */
function fromAnywhere(path: string, init: RequestInit = {}): Promise<Response> {
  peer++;
  const address = `10.${(peer >> 16) & 255}.${(peer >> 8) & 255}.${peer & 255}`;
  return b.backend.fetch(new Request(`${b.url}${path}`, init), address);
}

const clickVerify = async (query: Record<string, string>) => {
  const res = await fromAnywhere(`/auth/v1/verify?${new URLSearchParams(query).toString()}`);
  const location = res.headers.get('location') ?? '';
  const fragment = new URLSearchParams(location.split('#')[1] ?? '');
  return {
    status: res.status,
    error: fragment.get('error_code'),
    access: fragment.get('access_token'),
  };
};

const postVerify = async (body: Record<string, string>) => {
  const res = await fromAnywhere('/auth/v1/verify', {
    method: 'POST',
    headers: authHeaders(b),
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const wrongCodes = (right: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0'),
  );

async function victimWithRecovery() {
  const victim = await createConfirmedUser(b);
  const res = await fetch(`${b.url}/auth/v1/recover`, {
    method: 'POST',
    headers: authHeaders(b),
    body: JSON.stringify({ email: victim.email }),
  });
  expect(res.status).toBe(200);
  const [mail] = await waitForMails(b, victim.email, 1);
  const link = new URL(verifyLink(mail!));
  return { victim, link, code: mailCode(mail!), hash: link.searchParams.get('token')! };
}

describe('guessing a recovery token from rotating addresses', () => {
  it('1,500 bare token hashes: a few are checked, the rest and then the right one are refused', async () => {
    const { victim, link, code, hash } = await victimWithRecovery();
    expect(hash).toBe(codeHash(victim.email, code));
    const answers = new Map<string, number>();
    for (const guess of wrongCodes(code, 1_500)) {
      const res = await clickVerify({ type: 'recovery', token: codeHash(victim.email, guess) });
      answers.set(String(res.error), (answers.get(String(res.error)) ?? 0) + 1);
    }
    expect(answers.get('otp_expired')).toBe(5);
    expect(answers.get('over_request_rate_limit')).toBe(1_495);
    // The right hash, found at last: refused too while locked.
    const right = await clickVerify({ type: 'recovery', token: hash });
    expect(right.error).toBe('over_request_rate_limit');
    expect(right.access).toBeNull();

    // The honest path: the victim's own link (it names its address) works.
    const own = await clickVerify(Object.fromEntries(link.searchParams));
    expect(own.error).toBeNull();
    expect(own.access).toBeTruthy();
  });

  it('guesses naming the address (link or code): locked after 5, the right ones refused', async () => {
    const { victim, link, code, hash } = await victimWithRecovery();
    let checked = 0;
    for (const [i, guess] of wrongCodes(code, 300).entries()) {
      const res =
        i % 2
          ? await clickVerify({
              type: 'recovery',
              token: codeHash(victim.email, guess),
              email: victim.email,
            })
          : await postVerify({ type: 'recovery', email: victim.email, token: guess }).then((r) => ({
              error: String(r.body.error_code),
            }));
      if (res.error === 'otp_expired') checked++;
      else expect(res.error).toBe('over_request_rate_limit');
    }
    expect(checked).toBe(5);
    expect((await clickVerify(Object.fromEntries(link.searchParams))).error).toBe(
      'over_request_rate_limit',
    );
    const byCode = await postVerify({ type: 'recovery', email: victim.email, token: code });
    expect(byCode).toMatchObject({ status: 429, body: { error_code: 'over_request_rate_limit' } });
    // Another address is not affected; the victim's link works once the window has passed.
    const other = await victimWithRecovery();
    expect(
      (await postVerify({ type: 'recovery', email: other.victim.email, token: other.code })).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, WINDOW_MS + 200));
    const own = await clickVerify({ type: 'recovery', token: hash, email: victim.email });
    expect(own.access).toBeTruthy();
  });

  it("a hash that is not the named address's own is a failure for that address", async () => {
    const { victim, code } = await victimWithRecovery();
    const decoy = await createConfirmedUser(b);
    // Naming another address with the victim's hash checks nothing of the victim's.
    const res = await clickVerify({
      type: 'recovery',
      token: codeHash(victim.email, code),
      email: decoy.email,
    });
    expect(res.error).toBe('otp_expired');
    expect(res.access).toBeNull();
  });

  it('every type counts against the same target', async () => {
    const { victim, code } = await victimWithRecovery();
    const types = ['signup', 'magiclink', 'email_change', 'invite', 'reauthentication'];
    for (const type of types) {
      const res = await postVerify({
        type,
        email: victim.email,
        token: '000000' === code ? '000001' : '000000',
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    // Five failures of five types: the recovery code itself is now refused.
    const right = await postVerify({ type: 'recovery', email: victim.email, token: code });
    expect(right.status).toBe(429);
  });
});
