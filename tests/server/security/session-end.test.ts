// Issue 28 item 4: after sign-out or refresh-token revocation, the access token still read
// /rest/v1, called RPCs and /functions/v1 and kept its Realtime channel until it expired (an hour).
// Now the session id of the token (`session_id`) is checked against the live sessions: from the
// answer of the sign-out or revocation on, that token is refused everywhere, and its channels
// close; the user's other sessions go on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConfirmedUser,
  startTestBackendWithInternals,
  type TestBackend,
} from '../../../server/testing/backend';
import type { Backend } from '../../../server/start/backend';
import { RELAXED_AUTH_LIMITS } from '../../../server/testing/backend';
import { joinSync, leaveAll, until } from '../realtime-helpers';
import { authHeaders, authPost } from './support';

let b: TestBackend & { backend: Backend };
beforeAll(async () => {
  b = await startTestBackendWithInternals({
    config: { seed: false, authLimits: RELAXED_AUTH_LIMITS, refreshReuseIntervalSeconds: 0 },
  });
});
afterAll(async () => {
  await b?.stop();
});

/** Where a user token is used: a table, an RPC, a function, GoTrue's /user. */
async function everywhere(token: string): Promise<Record<string, number>> {
  const headers = authHeaders(b, token);
  const rest = await fetch(`${b.url}/rest/v1/profiles?select=id`, { headers });
  const rpc = await fetch(`${b.url}/rest/v1/rpc/sync_pull`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ p_cursors: {}, p_limit: 1 }),
  });
  const fn = await fetch(`${b.url}/functions/v1/estimate-training`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ topic: 'Excel' }),
  });
  const user = await fetch(`${b.url}/auth/v1/user`, { headers });
  for (const r of [rest, rpc, fn, user]) await r.arrayBuffer();
  return { rest: rest.status, rpc: rpc.status, functions: fn.status, user: user.status };
}

const refused = { rest: 401, rpc: 401, functions: 401, user: 403 };

const signIn = async (email: string, password: string) => {
  const res = await authPost(b, 'token?grant_type=password', { email, password });
  expect(res.status).toBe(200);
  return { access: String(res.body.access_token), refresh: String(res.body.refresh_token) };
};

describe('an ended session is refused everywhere at once', () => {
  it('after sign-out, in the very next request; the other sessions go on', async () => {
    const user = await createConfirmedUser(b);
    const other = await signIn(user.email, user.password);
    const live = await everywhere(user.accessToken);
    expect(live.rest).toBe(200);
    expect(live.user).toBe(200);
    expect(live.functions).not.toBe(401);

    const out = await fetch(`${b.url}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: authHeaders(b, user.accessToken),
    });
    expect(out.status).toBe(204);
    expect(await everywhere(user.accessToken)).toEqual(refused);
    const body = (await (
      await fetch(`${b.url}/rest/v1/profiles?select=id`, {
        headers: authHeaders(b, user.accessToken),
      })
    ).json()) as Record<string, unknown>;
    expect(body.code).toBe('PGRST303');

    // The honest path: the user's other session still reads its data.
    expect((await everywhere(other.access)).rest).toBe(200);
  });

  it('a global sign-out from another device ends this one too', async () => {
    const user = await createConfirmedUser(b);
    const phone = await signIn(user.email, user.password);
    expect((await everywhere(user.accessToken)).rest).toBe(200);
    const out = await fetch(`${b.url}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: authHeaders(b, phone.access),
    });
    expect(out.status).toBe(204);
    expect(await everywhere(user.accessToken)).toEqual(refused);
    expect(await everywhere(phone.access)).toEqual(refused);
  });

  it('a revoked refresh-token family (reuse after rotation) ends its access tokens', async () => {
    const user = await createConfirmedUser(b);
    const session = await signIn(user.email, user.password);
    const rotated = await authPost(b, 'token?grant_type=refresh_token', {
      refresh_token: session.refresh,
    });
    expect(rotated.status).toBe(200);
    const access = String(rotated.body.access_token);
    expect((await everywhere(access)).rest).toBe(200);
    await new Promise((r) => setTimeout(r, 1_100)); // past the reuse interval (0 s here)
    const reuse = await authPost(b, 'token?grant_type=refresh_token', {
      refresh_token: session.refresh,
    });
    expect(reuse.body.error_code).toBe('refresh_token_already_used');
    expect(await everywhere(access)).toEqual(refused);
  });

  it('sessions ended in the database (a password change, an operator) are refused as well', async () => {
    const user = await createConfirmedUser(b);
    expect((await everywhere(user.accessToken)).rest).toBe(200);
    expect((await everywhere(user.accessToken)).rest).toBe(200);
    await b.backend.db.query('delete from auth.sessions where user_id = $1', [user.id]);
    // Written outside /auth/v1, the end is known from its notification: at once on PGlite, on its
    // LISTEN connection a few milliseconds after the commit on a PostgreSQL server.
    const deadline = Date.now() + 2_000;
    while ((await everywhere(user.accessToken)).rest === 200 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(await everywhere(user.accessToken)).toEqual(refused);
    // The honest path: signing in again works.
    const again = await signIn(user.email, user.password);
    expect((await everywhere(again.access)).rest).toBe(200);
  });

  it('its Realtime channels close, and it cannot join again', async () => {
    const user = await createConfirmedUser(b);
    const joined = await joinSync(user.client, user.id);
    expect(joined.first.status).toBe('SUBSCRIBED');
    // Signed out elsewhere (the client itself would drop its channels on its own sign-out).
    const out = await fetch(`${b.url}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: authHeaders(b, user.accessToken),
    });
    expect(out.status).toBe(204);
    await until(
      () => joined.system.some((m) => String(m.message).includes('Session ended')),
      10_000,
      'the channel to close',
    );
    await leaveAll(user.client);
    // The ended token joins nothing.
    const { createClient } = await import('@supabase/supabase-js');
    const WebSocket = (await import('ws')).default;
    const raw = createClient(b.url, b.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    await raw.realtime.setAuth(user.accessToken);
    const again = await joinSync(raw, user.id);
    expect(again.first.status).not.toBe('SUBSCRIBED');
    await leaveAll(raw);
  });
});
