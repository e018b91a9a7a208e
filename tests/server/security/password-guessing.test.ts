// Issue 14 item 3: password guessing and enumeration. 200 wrong passwords in 20 s were all answered
// 400 and the right one still worked; an unknown address answered in 3 ms against 89 ms for a known
// one; common passwords were accepted. Now: failed passwords are throttled per account and requests
// per client address (429 + Retry-After, GoTrue's code), unknown addresses cost the same bcrypt work
// (on the worker pool), and common passwords are refused at sign-up and password change.
// Own backend with short windows (the real ones are minutes: server/auth/throttle.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import { installPasswordHashing } from '../../../server/auth/password-hashing';
import {
  createConfirmedUser,
  uniqueEmail,
  type TestBackend,
} from '../../../server/testing/backend';
import { authPost, ownBackend, passwordGrant, signUp } from './support';

const backend = ownBackend({ passwordFailures: { burst: 5, refillMs: 3000 } });
let b: TestBackend;
beforeEach(() => {
  b = backend();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('password guessing', () => {
  it('wrong passwords for one account are throttled (429 + Retry-After); the right one works once the window passes', async () => {
    const user = await createConfirmedUser(b);
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await passwordGrant(b, user.email, `mauvais-mot-de-passe-${i}`);
      answers.push(res.status);
      if (res.status === 429) {
        expect(res.body.error_code).toBe('over_request_rate_limit');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
    }
    expect(answers.filter((s) => s === 400)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(15);
    // While throttled, even the right password is not checked (else guessing would go on).
    expect((await passwordGrant(b, user.email, user.password)).status).toBe(429);
    // Other accounts are not affected.
    const other = await createConfirmedUser(b);
    expect((await passwordGrant(b, other.email, other.password)).status).toBe(200);
    await sleep(3100);
    expect((await passwordGrant(b, user.email, user.password)).status).toBe(200);
  });

  it('an unknown address costs the same bcrypt work as a known one and is throttled alike', async () => {
    const pool = installPasswordHashing();
    const user = await createConfirmedUser(b);
    const before = pool.done.compare;
    expect((await passwordGrant(b, user.email, 'pas-le-bon-1')).status).toBe(400);
    const known = pool.done.compare - before;
    const unknown = uniqueEmail('personne');
    const res = await passwordGrant(b, unknown, 'pas-le-bon-1');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    expect(known).toBe(1);
    expect(pool.done.compare - before - known).toBe(1);
    for (let i = 0; i < 4; i++) await passwordGrant(b, unknown, `essai-${i}`);
    expect((await passwordGrant(b, unknown, 'encore')).status).toBe(429);
  });

  it('the password is checked before "e-mail not confirmed" (no enumeration of registrations)', async () => {
    const email = uniqueEmail('pending');
    expect((await signUp(b, email, 'Inscription-en-attente-1')).status).toBe(200);
    const wrong = await passwordGrant(b, email, 'pas-le-bon-2');
    expect(wrong.body.error_code).toBe('invalid_credentials');
    const right = await passwordGrant(b, email, 'Inscription-en-attente-1');
    expect(right.body.error_code).toBe('email_not_confirmed');
  });

  it('common passwords are refused at sign-up and at password change (422 weak_password, pwned)', async () => {
    const refused = await signUp(b, uniqueEmail('commun'), 'azertyuiop');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error_code: 'weak_password',
      weak_password: { reasons: ['pwned'] },
    });
    const user = await createConfirmedUser(b);
    const change = await fetch(`${b.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: b.anonKey,
        authorization: `Bearer ${user.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ password: 'Password1' }),
    });
    expect(change.status).toBe(422);
    // The honest path: a personal password is accepted.
    const ok = await user.client.auth.updateUser({ password: 'Un-mot-de-passe-personnel-9' });
    expect(ok.error).toBeNull();
  });
});

describe('requests per client address', () => {
  const strictBackend = ownBackend({ signInSignUps: { burst: 6, refillMs: 4000 } });
  let strict: TestBackend;
  beforeEach(() => {
    strict = strictBackend();
  });

  it('sign-ins and sign-ups beyond the address bucket get 429 with Retry-After, then pass again', async () => {
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 10; i++) {
      const res = await authPost(strict, 'token?grant_type=password', {
        email: uniqueEmail(`spray-${i}`),
        password: 'Un-essai-de-plus-1',
      });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = Number(res.headers.get('retry-after'));
    }
    expect(statuses.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect((await signUp(strict, uniqueEmail('late'), 'Un-essai-de-plus-2')).status).toBe(429);
    await sleep(retryAfter * 1000);
    expect((await signUp(strict, uniqueEmail('later'), 'Un-essai-de-plus-3')).status).toBe(200);
  });
});
