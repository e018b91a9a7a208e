// How guessable a password is (issue 28 item 8): zxcvbn-ts with its common and French dictionaries
// (passwords, first and last names, words, Wikipedia), keyboard patterns, repeats, sequences, dates
// and l33t speak. The words of this site and the person's own data (e-mail, names, company) count
// as known to an attacker (zxcvbn's user inputs): `Budget2026!` is weak here. A password is strong
// enough from score 3 ("safely unguessable") and when it is not one of the common-password list.
// The same verdict runs on the server (sign-up, password change and reset) and in the forms, where
// this module (and its dictionaries) is loaded only when a new password is typed (dynamic import).
// Feedback is given as zxcvbn's message keys; the app words them in French (src/i18n).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as frenchDictionary, translations } from '@zxcvbn-ts/language-fr';
import { isCommonPassword } from './password-rules';

export const MIN_PASSWORD_SCORE = 3;

/** Words an attacker tries first on this site. */
export const SITE_WORDS = [
  'budget',
  'formation',
  'formations',
  'budgetformation',
  'opco',
  'cpf',
  'salarie',
  'entreprise',
] as const;

export type PasswordWarningKey = keyof typeof translations.warnings;
export type PasswordSuggestionKey = keyof typeof translations.suggestions;

export type PasswordVerdict = {
  ok: boolean;
  /** zxcvbn's score, 0 (too guessable) to 4 (very unguessable). */
  score: number;
  /** The list of common passwords (GoTrue's `pwned` reason) rather than the estimate. */
  common: boolean;
  warning: PasswordWarningKey | null;
  suggestions: PasswordSuggestionKey[];
};

/** zxcvbn words its feedback with these: each message is its own key. */
const keysOf = <T extends Record<string, string>>(o: T) =>
  Object.fromEntries(Object.keys(o).map((k) => [k, k])) as Record<keyof T, string>;

let factory: ZxcvbnFactory | null = null;

function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...frenchDictionary },
    graphs: adjacencyGraphs,
    translations: {
      warnings: keysOf(translations.warnings),
      suggestions: keysOf(translations.suggestions),
      timeEstimation: keysOf(translations.timeEstimation),
    },
    // Bounded work for any input (a crafted 72-character password took seconds): the first 24
    // characters are estimated, with at most 4 l33t substitutions.
    maxLength: 24,
    l33tMaxSubstitutions: 4,
  });
  return factory;
}

/** Parts of an e-mail address and of names an attacker would try (lower case, 3+ letters). */
export function personalWords(values: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    const lower = value.toLowerCase();
    words.add(lower);
    for (const part of lower.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** The verdict on a password, given the person's own data (e-mail, names, company). */
export function passwordVerdict(
  password: string,
  personal: readonly (string | null | undefined)[] = [],
): PasswordVerdict {
  const common = isCommonPassword(password);
  const result = estimator().check(password, [...SITE_WORDS, ...personalWords(personal)]);
  const warning = (result.feedback.warning ?? null) as PasswordWarningKey | null;
  return {
    ok: !common && result.score >= MIN_PASSWORD_SCORE,
    score: result.score,
    common,
    warning: common ? (warning ?? 'common') : warning,
    suggestions: result.feedback.suggestions as PasswordSuggestionKey[],
  };
}
