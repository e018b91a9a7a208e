// Auth operations used by screens. They return typed results with codes; screens map codes to
// the documents' French messages (src/i18n).
import type { Session, User } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';
import { authStore, toAuthUser } from './auth-store';

export type AuthErrorCode =
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'user_already_exists'
  | 'weak_password'
  | 'same_password'
  | 'rate_limited'
  | 'network'
  | 'no_session'
  | 'unknown';

export type AuthResult<T> =
  { ok: true; data: T } | { ok: false; code: AuthErrorCode; message: string };

type ErrorLike = { message?: string; status?: number; code?: string; name?: string };

export function classifyAuthError(error: unknown): AuthErrorCode {
  const e = (error ?? {}) as ErrorLike;
  const message = (e.message ?? '').toLowerCase();
  const code = (e.code ?? '').toLowerCase();
  if (code === 'invalid_credentials' || message.includes('invalid login credentials')) {
    return 'invalid_credentials';
  }
  if (code === 'email_not_confirmed' || message.includes('email not confirmed')) {
    return 'email_not_confirmed';
  }
  if (
    code === 'user_already_exists' ||
    code === 'email_exists' ||
    message.includes('already registered')
  ) {
    return 'user_already_exists';
  }
  if (code === 'weak_password') return 'weak_password';
  if (code === 'same_password') return 'same_password';
  if (
    e.status === 429 ||
    code === 'over_request_rate_limit' ||
    code === 'over_email_send_rate_limit'
  ) {
    return 'rate_limited';
  }
  if (
    e.name === 'AuthRetryableFetchError' ||
    e.name === 'TypeError' ||
    message.includes('failed to fetch') ||
    message.includes('network')
  ) {
    return 'network';
  }
  return 'unknown';
}

function fail<T>(error: unknown): AuthResult<T> {
  const message = ((error ?? {}) as ErrorLike).message ?? '';
  return { ok: false, code: classifyAuthError(error), message };
}

export async function signInWithPassword(
  email: string,
  password: string,
): Promise<AuthResult<{ user: User; session: Session }>> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    if (error || !data.session || !data.user) return fail(error);
    authStore.setUser(toAuthUser(data.user));
    return { ok: true, data: { user: data.user, session: data.session } };
  } catch (error) {
    return fail(error);
  }
}

export type SignUpInput = {
  email: string;
  password: string;
  metadata: Record<string, unknown>;
  emailRedirectTo: string;
};

export async function signUpWithEmail(
  input: SignUpInput,
): Promise<AuthResult<{ user: User | null }>> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.signUp({
      email: input.email,
      password: input.password,
      options: { data: input.metadata, emailRedirectTo: input.emailRedirectTo },
    });
    if (error) return fail(error);
    // Hosted GoTrue answers an existing confirmed e-mail with a user that has no identity.
    if (data.user && Array.isArray(data.user.identities) && data.user.identities.length === 0) {
      return { ok: false, code: 'user_already_exists', message: 'User already registered' };
    }
    return { ok: true, data: { user: data.user } };
  } catch (error) {
    return fail(error);
  }
}

/** Asks for the password-reset e-mail; its link opens `redirectTo` signed in (recovery). */
export async function requestPasswordReset(
  email: string,
  redirectTo: string,
): Promise<AuthResult<null>> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo });
    return error ? fail(error) : { ok: true, data: null };
  } catch (error) {
    return fail(error);
  }
}

/** Re-reads the user from the server (confirmation state), falling back to the local session. */
export async function refreshCurrentUser(): Promise<AuthResult<User | null>> {
  try {
    const supabase = await getSupabase();
    const { data: sessionData } = await supabase.auth.getSession();
    if (!sessionData.session) return { ok: true, data: null };
    const { data, error } = await supabase.auth.getUser();
    if (error) return fail(error);
    authStore.setUser(toAuthUser(data.user));
    return { ok: true, data: data.user };
  } catch (error) {
    return fail(error);
  }
}

export async function updateAuthUser(attributes: {
  email?: string;
  password?: string;
  data?: Record<string, unknown>;
}): Promise<AuthResult<User>> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.updateUser(attributes);
    if (error || !data.user) return fail(error);
    authStore.setUser(toAuthUser(data.user));
    return { ok: true, data: data.user };
  } catch (error) {
    return fail(error);
  }
}

/** The current access token if a user session exists (never the anon key). */
export async function getAccessToken(): Promise<string | null> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? null;
}

/**
 * Logout (01 §4, 02 §4): clears all local storage, signs out, then the caller goes to /login.
 * With no session (or offline), local storage is still cleared. `beforeClear` lets the caller
 * clear other local data (IndexedDB) before the auth store empties.
 */
export async function signOutEverywhere(
  beforeClear?: () => Promise<void>,
): Promise<AuthResult<null>> {
  let result: AuthResult<null> = { ok: true, data: null };
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    if (error && classifyAuthError(error) !== 'network') result = fail(error);
  } catch (error) {
    result = fail(error);
  }
  // Right after the session ends, before anything that waits on IndexedDB: the guarded routes
  // already show /login on SIGNED_OUT, and what they show must not still hold the last user's keys.
  try {
    window.localStorage.clear();
  } catch {
    // storage unavailable: nothing to clear
  }
  if (beforeClear) await beforeClear();
  authStore.setUser(null);
  return result;
}
