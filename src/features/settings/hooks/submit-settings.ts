// The account settings sequence (02 §7.1, §8; issue 29 item 4). The name and the phone are local-first
// like every other record: written to the local store (synced in the background), online or not,
// with no password. The password and the e-mail address belong to the auth server: they need a
// connection and the current password (re-verified first: a failure stops them).
import { planSettingsUpdate, profileChanged, type SettingsValues } from '@/domain/settings-rules';
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
  /** The profile is saved; the password or e-mail change waits for a connection. */
  | { kind: 'auth_offline' }
  | { kind: 'wrong_password' }
  | { kind: 'email_taken' }
  | { kind: 'error'; message: string };

const failure = (result: { code: string; message: string }): SettingsOutcome => {
  if (result.code === 'network') return { kind: 'auth_offline' };
  // The server's words are English: only codes reach the screen, as French messages.
  if (result.code === 'weak_password')
    return { kind: 'error', message: fr.validation.passwordTooCommon };
  if (result.code === 'user_already_exists') return { kind: 'email_taken' };
  if (result.code === 'rate_limited')
    return { kind: 'error', message: fr.settings.emailRateLimited };
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
  input: {
    userId: string;
    currentEmail: string;
    currentPassword: string;
    values: SettingsValues;
    /** The saved profile fields (nothing is written when they did not change). */
    saved: { contact_name: string | null; contact_phone: string | null };
  },
): Promise<SettingsOutcome> {
  const plan = planSettingsUpdate(input.values, input.currentEmail);
  const needsServer = plan.password !== null || plan.email !== null;
  let reachable = deps.isOnline();
  // Online, the password is checked before anything is written (02 §7.1: a failure stops it).
  if (needsServer && reachable) {
    const auth = await deps.signIn(input.currentEmail, input.currentPassword);
    if (!auth.ok && auth.code !== 'network') return { kind: 'wrong_password' };
    reachable = auth.ok;
  }
  if (profileChanged(input.saved, plan.profile)) {
    try {
      await deps.updateProfile(input.userId, plan.profile);
    } catch (error) {
      return localFailure(error);
    }
  }
  if (!needsServer) return { kind: 'saved', emailChangeSentTo: null };
  if (!reachable) return { kind: 'auth_offline' };
  if (plan.password !== null) {
    const r = await deps.updateAuthUser({ password: plan.password });
    if (!r.ok) return failure(r);
  }
  let emailChangeSentTo: string | null = null;
  if (plan.email !== null) {
    const r = await deps.updateAuthUser({ email: plan.email });
    if (!r.ok) return failure(r);
    // The address changes once the links sent to both addresses are followed.
    const now = (r.data.email ?? '').trim().toLowerCase();
    if (now !== plan.email.toLowerCase()) emailChangeSentTo = plan.email;
  }
  return { kind: 'saved', emailChangeSentTo };
}
