// Confirming an address (issue 28 item 2, issue 29 item 5; server/auth/sign-up.ts). The link of the
// confirmation e-mail (or its 6-digit code typed on /verify-email) proves only that the person reads
// the inbox: it gives a one-time code. Exchanged by supabase-js with the code verifier this browser
// kept when it signed up (flowType 'pkce'), it signs in with the password chosen at sign-up.
// Anywhere else there is no verifier (or another one): the person chooses the account's password
// (« Choisissez votre mot de passe », POST /auth/v1/claim) and nothing typed at sign-up is kept.
// Every answer is validated; failures are codes the screens turn into French.
import { z } from 'zod/mini';
import { config } from '@/lib/config';
import { fetchJson } from '@/lib/http';
import { AUTH_STORAGE_KEY, getSupabase } from '@/lib/supabase';
import { classifyAuthError } from './auth-actions';
import { authStore, toAuthUser } from './auth-store';

export type CodeOutcome =
  | { kind: 'signed-in' }
  /** Opened away from the sign-up browser: the inbox owner chooses the password. */
  | { kind: 'choose-password' }
  /** Used, expired or unknown code. */
  | { kind: 'invalid' }
  | { kind: 'network' };

const apiHeaders = () => ({ apikey: config.supabaseAnonKey });

/** supabase-js's answer when this browser holds no verifier, or the server's to another one. */
function needsPassword(error: unknown): boolean {
  const e = (error ?? {}) as { name?: string; code?: string };
  return e.name === 'AuthPKCECodeVerifierMissingError' || e.code === 'bad_code_verifier';
}

/** Exchanges the landing's code (supabase-js reads this browser's verifier). */
export async function exchangeConfirmationCode(code: string): Promise<CodeOutcome> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.exchangeCodeForSession(code);
    if (!error && data.session) {
      authStore.setUser(toAuthUser(data.session.user));
      return { kind: 'signed-in' };
    }
    if (needsPassword(error)) return { kind: 'choose-password' };
    return classifyAuthError(error) === 'network' ? { kind: 'network' } : { kind: 'invalid' };
  } catch (error) {
    return classifyAuthError(error) === 'network' ? { kind: 'network' } : { kind: 'invalid' };
  }
}

const sessionSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
});

export type ClaimResult =
  | { ok: true }
  | { ok: false; code: 'weak_password' | 'invalid' | 'rate_limited' | 'network' | 'unknown' };

/**
 * « Choisissez votre mot de passe »: confirms the address with the password the inbox owner
 * chose (no sign-up password, name or company is kept) and signs this browser in.
 */
export async function claimAccount(code: string, password: string): Promise<ClaimResult> {
  const res = await fetchJson(`${config.supabaseUrl}/auth/v1/claim`, sessionSchema, {
    method: 'POST',
    headers: apiHeaders(),
    body: { auth_code: code, password },
  });
  if (!res.ok) {
    if (res.status === 422) return { ok: false, code: 'weak_password' };
    if (res.status === 404 || res.status === 400) return { ok: false, code: 'invalid' };
    if (res.code === 'rate_limited') return { ok: false, code: 'rate_limited' };
    if (res.code === 'offline' || res.code === 'timeout') return { ok: false, code: 'network' };
    return { ok: false, code: 'unknown' };
  }
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.setSession(res.data);
    if (error || !data.session) return { ok: false, code: 'unknown' };
    authStore.setUser(toAuthUser(data.session.user));
    return { ok: true };
  } catch {
    return { ok: false, code: 'network' };
  }
}

const authCodeSchema = z.object({ auth_code: z.string().check(z.minLength(1)) });

export type EmailCodeResult =
  | { ok: true; code: string }
  | { ok: false; code: 'wrong_code' | 'rate_limited' | 'network' | 'unknown' };

/** The 6-digit code of the confirmation e-mail, typed on /verify-email: a one-time code. */
export async function verifyEmailCode(email: string, token: string): Promise<EmailCodeResult> {
  const res = await fetchJson(`${config.supabaseUrl}/auth/v1/verify`, authCodeSchema, {
    method: 'POST',
    headers: apiHeaders(),
    body: { type: 'signup', email, token },
  });
  if (res.ok) return { ok: true, code: res.data.auth_code };
  if (res.code === 'rate_limited') return { ok: false, code: 'rate_limited' };
  if (res.code === 'offline' || res.code === 'timeout') return { ok: false, code: 'network' };
  if (res.status && res.status >= 400 && res.status < 500) return { ok: false, code: 'wrong_code' };
  return { ok: false, code: 'unknown' };
}

/**
 * The code verifier supabase-js keeps for this browser's latest PKCE flow (its storage key
 * `<storageKey>-code-verifier`, a JSON string; `verifier/recovery` for a password reset).
 */
export function pendingSignUpVerifier(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    const raw = storage.getItem(`${AUTH_STORAGE_KEY}-code-verifier`);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'string') return null;
    const [verifier, kind] = value.split('/');
    return verifier && !kind ? verifier : null;
  } catch {
    return null;
  }
}

const statusSchema = z.object({ status: z.enum(['pending', 'confirmed', 'unknown']) });

export type RegistrationStatus = 'pending' | 'confirmed' | 'unknown';

/** Whether the address this browser signed up has been confirmed (here or on another device). */
export async function registrationStatus(
  storage: Pick<Storage, 'getItem'>,
): Promise<RegistrationStatus | null> {
  const verifier = pendingSignUpVerifier(storage);
  if (!verifier) return null;
  const res = await fetchJson(`${config.supabaseUrl}/auth/v1/signup/status`, statusSchema, {
    method: 'POST',
    headers: apiHeaders(),
    body: { code_verifier: verifier },
    timeoutMs: 10_000,
  });
  return res.ok ? res.data.status : null;
}

/** Sends the confirmation e-mail again (the same live link): no new PKCE flow, so this browser's
 * verifier stays the one of its sign-up. */
export async function resendSignUpEmail(
  email: string,
  redirectTo: string,
): Promise<{ ok: true } | { ok: false; code: 'rate_limited' | 'network' | 'unknown' }> {
  const url = `${config.supabaseUrl}/auth/v1/resend?redirect_to=${encodeURIComponent(redirectTo)}`;
  const res = await fetchJson(url, z.unknown(), {
    method: 'POST',
    headers: apiHeaders(),
    body: { type: 'signup', email },
  });
  if (res.ok) return { ok: true };
  if (res.code === 'rate_limited') return { ok: false, code: 'rate_limited' };
  if (res.code === 'offline' || res.code === 'timeout') return { ok: false, code: 'network' };
  return { ok: false, code: 'unknown' };
}
