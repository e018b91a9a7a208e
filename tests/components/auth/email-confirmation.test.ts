// src/lib/auth/email-confirmation.ts: the calls behind the confirmation screen and /verify-email,
// with the network replaced by answers shaped like the embedded backend's (server/auth/*).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  claimAccount,
  pendingSignUpVerifier,
  registrationStatus,
  verifyEmailCode,
} from '@/lib/auth/email-confirmation';
import { AUTH_STORAGE_KEY } from '@/lib/supabase';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('pendingSignUpVerifier', () => {
  const KEY = `${AUTH_STORAGE_KEY}-code-verifier`;
  it("reads supabase-js's verifier of a sign-up, not a password reset's, nor garbage", () => {
    localStorage.setItem(KEY, JSON.stringify('a'.repeat(56)));
    expect(pendingSignUpVerifier(localStorage)).toBe('a'.repeat(56));
    localStorage.setItem(KEY, JSON.stringify(`${'b'.repeat(56)}/recovery`));
    expect(pendingSignUpVerifier(localStorage)).toBeNull();
    localStorage.setItem(KEY, '{not json');
    expect(pendingSignUpVerifier(localStorage)).toBeNull();
    localStorage.setItem(KEY, '42');
    expect(pendingSignUpVerifier(localStorage)).toBeNull();
    localStorage.removeItem(KEY);
    expect(pendingSignUpVerifier(localStorage)).toBeNull();
  });
});

describe('registrationStatus', () => {
  it('asks nothing without a sign-up verifier; with one, sends it and validates the answer', async () => {
    const fetchMock = vi.fn(async () => json(200, { status: 'confirmed' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await registrationStatus(localStorage)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    localStorage.setItem(`${AUTH_STORAGE_KEY}-code-verifier`, JSON.stringify('v'.repeat(56)));
    expect(await registrationStatus(localStorage)).toBe('confirmed');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/auth\/v1\/signup\/status$/);
    expect(JSON.parse(String(init.body))).toEqual({ code_verifier: 'v'.repeat(56) });
    fetchMock.mockResolvedValueOnce(json(200, { status: 'whatever' }));
    expect(await registrationStatus(localStorage)).toBeNull();
  });
});

describe('claimAccount and verifyEmailCode map the answers to codes', () => {
  it.each([
    [json(422, { error_code: 'weak_password' }), 'weak_password'],
    [json(404, { error_code: 'flow_state_not_found' }), 'invalid'],
    [json(500, {}), 'unknown'],
  ])('claim %#', async (answer, code) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer),
    );
    expect(await claimAccount('code', 'Un-secret-bien-a-moi-8')).toEqual({ ok: false, code });
  });

  it('claim offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await claimAccount('code', 'Un-secret-bien-a-moi-8')).toEqual({
      ok: false,
      code: 'network',
    });
  });

  it('the e-mail code: a one-time code, or wrong_code for a refused one', async () => {
    const fetchMock = vi.fn(async () => json(200, { auth_code: 'abc' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await verifyEmailCode('rh@exemple.fr', '213023')).toEqual({ ok: true, code: 'abc' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      type: 'signup',
      email: 'rh@exemple.fr',
      token: '213023',
    });
    fetchMock.mockResolvedValueOnce(json(403, { error_code: 'otp_expired' }));
    expect(await verifyEmailCode('rh@exemple.fr', '000000')).toEqual({
      ok: false,
      code: 'wrong_code',
    });
  });
});
