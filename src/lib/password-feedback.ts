// The strength verdict on a new password, worded in French (issue 28 item 8). This module, the
// estimator and its dictionaries form a chunk of their own, loaded when a new password is typed
// (src/hooks/use-password-strength.ts): the first paint does not carry them.
import { passwordVerdict } from '@/domain/password-strength';
import { passwordStrength as t } from '@/i18n/fr/password-strength';

export type PasswordFeedback = {
  ok: boolean;
  /** What to show under the field: why it is weak and what to do, or that it is strong. */
  message: string;
};

export function passwordFeedback(
  password: string,
  personal: readonly (string | null | undefined)[],
): PasswordFeedback {
  const verdict = passwordVerdict(password, personal);
  if (verdict.ok) return { ok: true, message: t.strong };
  const parts: string[] = [t.tooWeak];
  if (verdict.warning) parts.push(t.warnings[verdict.warning]);
  const suggestion = verdict.suggestions[0];
  if (suggestion) parts.push(t.suggestions[suggestion]);
  return { ok: false, message: parts.join(' ') };
}
