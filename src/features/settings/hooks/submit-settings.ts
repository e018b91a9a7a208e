// The account settings sequence (02 §7.1, §8): re-verify the current password, then the profile
// (local store, synced), then the password and the e-mail (auth server) when asked.
import { planSettingsUpdate, type SettingsValues } from '@/domain/settings-rules';
import { LocalStoreError, type ProfilePatch } from '@/db';
import type { AuthResult } from '@/lib/auth';
import { fr } from '@/i18n/fr';

export type SettingsDeps = {
  isOnline: () => boolean;
  signIn: (email: string, password: string) => Promise<AuthResult<unknown>>;
  updateProfile: (ownerId: string, patch: ProfilePatch) => Promise<unknown>;
  updateAuthUser: (attributes: {
    email?: string;
    password?: string;
  }) => Promise<AuthResult<{ email?: string | undefined }>>;
};

export type SettingsOutcome =
  | { kind: 'saved'; emailChangeSentTo: string | null }
  | { kind: 'wrong_password' }
  | { kind: 'offline' }
  | { kind: 'error'; message: string };

const failure = (result: { code: string; message: string }): SettingsOutcome => {
  if (result.code === 'network') return { kind: 'offline' };
  // The server's words are English: only codes reach the screen, as French messages.
  if (result.code === 'weak_password')
    return { kind: 'error', message: fr.validation.passwordTooCommon };
  if (result.code === 'rate_limited') return { kind: 'error', message: fr.auth.login.rateLimited };
  return { kind: 'error', message: fr.settings.toasts.error };
};

/** A local write failure: the full-disk message, else the document's generic one. */
function localFailure(error: unknown): SettingsOutcome {
  if (error instanceof LocalStoreError && error.code === 'quota')
    return { kind: 'error', message: fr.sync.localErrors.quota };
  return { kind: 'error', message: fr.settings.toasts.error };
}

export async function submitSettings(
  deps: SettingsDeps,
  input: { userId: string; currentEmail: string; currentPassword: string; values: SettingsValues },
): Promise<SettingsOutcome> {
  // Re-authentication needs the server: say so at once, before anything is written.
  if (!deps.isOnline()) return { kind: 'offline' };
  const auth = await deps.signIn(input.currentEmail, input.currentPassword);
  if (!auth.ok) return auth.code === 'network' ? { kind: 'offline' } : { kind: 'wrong_password' };

  const plan = planSettingsUpdate(input.values, input.currentEmail);
  try {
    await deps.updateProfile(input.userId, plan.profile);
  } catch (error) {
    return localFailure(error);
  }
  if (plan.password !== null) {
    const r = await deps.updateAuthUser({ password: plan.password });
    if (!r.ok) return failure(r);
  }
  let emailChangeSentTo: string | null = null;
  if (plan.email !== null) {
    const r = await deps.updateAuthUser({ email: plan.email });
    if (!r.ok) return failure(r);
    // Hosted Supabase keeps the old address until the link sent to the new one is followed.
    const now = (r.data.email ?? '').trim().toLowerCase();
    if (now !== plan.email.toLowerCase()) emailChangeSentTo = plan.email;
  }
  return { kind: 'saved', emailChangeSentTo };
}
