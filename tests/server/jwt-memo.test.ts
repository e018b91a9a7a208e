// server/auth/jwt-memo.ts answers as jose does, checking each token's signature once: same payloads,
// same errors (expired, not yet valid, wrong key, tampered token, options), a copy each time.
import { errors, jwtVerify as joseJwtVerify, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearJwtMemo, jwtVerify } from '../../server/auth/jwt-memo';

const key = new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters');
const otherKey = new TextEncoder().encode('another-secret-jwt-token-with-at-least-32-chars!!');
const now = () => Math.floor(Date.now() / 1000);

const sign = (claims: Record<string, unknown>, k = key) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(k);

const HS256 = { algorithms: ['HS256'] };

describe('jwtVerify (memoized)', () => {
  let verifies: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    clearJwtMemo();
    verifies = vi.spyOn(globalThis.crypto.subtle, 'verify');
  });
  afterEach(() => {
    vi.useRealTimers();
    verifies.mockRestore();
  });

  it('answers as jose, and checks a token’s signature once', async () => {
    const token = await sign({ sub: 'u1', role: 'authenticated', exp: now() + 3600 });
    const expected = await joseJwtVerify(token, key, HS256);
    verifies.mockClear();
    const first = await jwtVerify(token, key, HS256);
    const second = await jwtVerify(token, key, HS256);
    expect(first).toEqual(expected);
    expect(second).toEqual(expected);
    expect(verifies).toHaveBeenCalledTimes(1);
  });

  it('gives a copy: a caller changing its payload changes no later answer', async () => {
    const token = await sign({ sub: 'u1', app_metadata: { company: 'a' }, exp: now() + 60 });
    const first = await jwtVerify(token, key, HS256);
    (first.payload as { app_metadata: { company: string } }).app_metadata.company = 'forged';
    first.payload.sub = 'forged';
    const second = await jwtVerify(token, key, HS256);
    expect(second.payload).toMatchObject({ sub: 'u1', app_metadata: { company: 'a' } });
  });

  it('refuses a known token once it has expired, with jose’s error', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await sign({ sub: 'u1', exp: now() + 10 });
    await jwtVerify(token, key, HS256);
    vi.setSystemTime(Date.now() + 10_000);
    await expect(jwtVerify(token, key, HS256)).rejects.toBeInstanceOf(errors.JWTExpired);
    await expect(joseJwtVerify(token, key, HS256)).rejects.toBeInstanceOf(errors.JWTExpired);
  });

  it('refuses a token not yet valid (nbf), and keeps no failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await sign({ sub: 'u1', nbf: now() + 10, exp: now() + 60 });
    await expect(jwtVerify(token, key, HS256)).rejects.toBeInstanceOf(
      errors.JWTClaimValidationFailed,
    );
    vi.setSystemTime(Date.now() + 11_000);
    await expect(jwtVerify(token, key, HS256)).resolves.toMatchObject({ payload: { sub: 'u1' } });
  });

  it('refuses a known token under another key, a tampered token and other options', async () => {
    const token = await sign({ sub: 'u1', role: 'authenticated' });
    await expect(jwtVerify(token, key, HS256)).resolves.toBeTruthy();
    await expect(jwtVerify(token, otherKey, HS256)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'u1', role: 'service_role' })).toString(
      'base64url',
    );
    await expect(jwtVerify(`${h}.${forged}.${s}`, key, HS256)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
    // Verified without `exp` required; a caller that requires it is refused all the same.
    await expect(
      jwtVerify(token, key, { ...HS256, requiredClaims: ['exp'] }),
    ).rejects.toBeInstanceOf(errors.JWTClaimValidationFailed);
    await expect(jwtVerify(token, key, { algorithms: ['HS512'] })).rejects.toBeInstanceOf(
      errors.JOSEAlgNotAllowed,
    );
  });

  it('leaves time options to jose on every call', async () => {
    const token = await sign({ sub: 'u1', iat: now() - 120 });
    await jwtVerify(token, key, HS256);
    verifies.mockClear();
    await expect(jwtVerify(token, key, { ...HS256, maxTokenAge: 60 })).rejects.toBeInstanceOf(
      errors.JWTExpired,
    );
    await jwtVerify(token, key, { ...HS256, clockTolerance: 5 });
    await jwtVerify(token, key, { ...HS256, clockTolerance: 5 });
    expect(verifies).toHaveBeenCalledTimes(3);
  });
});
