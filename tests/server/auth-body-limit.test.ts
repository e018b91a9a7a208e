// Issue 32 item 2: /auth/v1 bodies are cut at 64 KiB while read (server/auth/bodies.ts, issue 28),
// so an attack pass of oversized bodies no longer makes the process read and copy each MiB several
// times (bench/auth-oversized-probe.ts: RSS 478 -> 712 -> 554 MiB before, 501 -> 505 after).
import { describe, expect, it } from 'vitest';
import { MAX_AUTH_BODY_BYTES as AUTH_MAX_BODY_BYTES } from '../../server/auth/bodies';
import { backend } from './helpers';

const post = (path: string, body: string) =>
  fetch(`${backend.url}${path}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body,
  });

describe('/auth/v1 body limit', () => {
  it('refuses a body over 64 KiB with 413 in GoTrue shape, on every auth route', async () => {
    const big = `{"email":"${'a'.repeat(AUTH_MAX_BODY_BYTES)}@b.c","password":"x"}`;
    for (const path of [
      '/auth/v1/token?grant_type=password',
      '/auth/v1/signup',
      '/auth/v1/recover',
    ]) {
      const res = await post(path, big);
      expect(res.status).toBe(413);
      const body = (await res.json()) as { code: number; error_code: string; msg: string };
      expect(body).toMatchObject({ code: 413, error_code: 'request_too_large' });
    }
  });

  it('still reads a body just under it (malformed JSON: 400, not 413)', async () => {
    const res = await post('/auth/v1/token?grant_type=password', `{"email":"${'a'.repeat(60_000)}`);
    expect(res.status).toBe(400);
  });
});
