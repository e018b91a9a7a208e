// Issue 14 item 4: a refresh token still worked 70 s after it was rotated. Now a rotated token is
// accepted only within the reuse interval (GoTrue's RefreshTokenReuseInterval: a client that lost the
// answer of its refresh gets the current token again); reused later, it revokes the whole session
// (GoTrue's RevokeTokenFamily): its tokens and its access tokens stop working at once.
// Own backend: a 1 s interval instead of 10 s.
import { beforeEach, describe, expect, it } from 'vitest';
import { createConfirmedUser, type TestBackend } from '../../../server/testing/backend';
import { authPost, ownBackend } from './support';

const backend = ownBackend({}, { refreshReuseIntervalSeconds: 1 });
let b: TestBackend;
beforeEach(() => {
  b = backend();
});

const refresh = (token: string) =>
  authPost(b, 'token?grant_type=refresh_token', { refresh_token: token });

const getUser = (accessToken: string) =>
  fetch(`${b.url}/auth/v1/user`, {
    headers: { apikey: b.anonKey, authorization: `Bearer ${accessToken}` },
  });

describe('refresh token reuse', () => {
  it('a rotated token reused after the interval revokes the whole session', async () => {
    const user = await createConfirmedUser(b);
    const session = (await user.client.auth.getSession()).data.session!;
    const first = session.refresh_token;

    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    const second = String(rotated.body.refresh_token);
    expect(second).not.toBe(first);

    // Inside the interval: the lost answer is given again (same current token).
    const again = await refresh(first);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(second);

    await new Promise((r) => setTimeout(r, 1_200));
    const reuse = await refresh(first);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error_code).toBe('refresh_token_already_used');

    // The family is gone: the current refresh token and the session's access token too.
    expect((await refresh(second)).status).toBe(400);
    expect((await getUser(String(rotated.body.access_token))).status).toBeGreaterThanOrEqual(401);

    // The honest path: signing in again works, and so does normal rotation.
    const fresh = await authPost(b, 'token?grant_type=password', {
      email: user.email,
      password: user.password,
    });
    expect(fresh.status).toBe(200);
    let token = String(fresh.body.refresh_token);
    for (let i = 0; i < 3; i++) {
      const next = await refresh(token);
      expect(next.status).toBe(200);
      token = String(next.body.refresh_token);
    }
    expect((await getUser(String(fresh.body.access_token))).status).toBe(200);
  });
});
