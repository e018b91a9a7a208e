// Strength feedback while a new password is typed, and the check made on submit (issue 28 item 8).
// The estimator is loaded once 8 characters are typed (a dynamic import: its dictionaries weigh
// hundreds of KB and the first paint must not carry them). Offline before it was ever loaded, the
// check answers null: the form goes on, and the server refuses a weak password all the same.
import { useEffect, useState } from 'react';
import type * as FeedbackModule from '@/lib/password-feedback';
import type { PasswordFeedback } from '@/lib/password-feedback';

let loading: Promise<typeof FeedbackModule> | null = null;

function load(): Promise<typeof FeedbackModule | null> {
  loading ??= import('@/lib/password-feedback').catch((error: unknown) => {
    loading = null; // tried again at the next use (back online)
    throw error;
  });
  return loading.catch(() => null);
}

/** Minimum length before any feedback (the length rule has its own message). */
const MIN_LENGTH = 8;

type Computed = { key: string; feedback: PasswordFeedback };

export function usePasswordStrength(
  password: string,
  personal: readonly (string | null | undefined)[],
): { feedback: PasswordFeedback | null; check: () => Promise<PasswordFeedback | null> } {
  const [computed, setComputed] = useState<Computed | null>(null);
  const personalKey = personal.join('\n');
  const key = `${password}\n${personalKey}`;
  const long = password.length >= MIN_LENGTH;

  useEffect(() => {
    if (!long) return;
    let cancelled = false;
    void load().then((module) => {
      if (cancelled || !module) return;
      const feedback = module.passwordFeedback(password, personalKey.split('\n'));
      setComputed({ key, feedback });
    });
    return () => {
      cancelled = true;
    };
  }, [key, long, password, personalKey]);

  const check = async () => {
    if (!long) return null;
    const module = await load();
    return module ? module.passwordFeedback(password, personal) : null;
  };

  return { feedback: long && computed?.key === key ? computed.feedback : null, check };
}
