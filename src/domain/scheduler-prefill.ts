// The meeting scheduler opens with the signed-in user's name and e-mail already filled in (issue 29
// item 13). Meeting providers read them from the page's address; the parameters are those of the
// meetings embed 02 §7.5 describes (firstname, lastname, email), which the local scheduler reads
// too. Pure.
import { normalizeSpaces } from './text';

export type SchedulerPrefill = { firstname: string; lastname: string; email: string };

/**
 * From the profile's « Nom complet » (contact_name) and e-mail: the first word is the first name,
 * the rest the last name (« Camille Martin » → Camille, Martin; a single word is a first name).
 * Blank values stay blank (the parameter is then left out).
 */
export function schedulerPrefill(fullName: unknown, email: unknown): SchedulerPrefill {
  const name = typeof fullName === 'string' ? normalizeSpaces(fullName).slice(0, 200) : '';
  const [first = '', ...rest] = name ? name.split(' ') : [];
  const mail = typeof email === 'string' ? email.trim().slice(0, 320) : '';
  return { firstname: first, lastname: rest.join(' '), email: mail.includes('@') ? mail : '' };
}

/** The scheduler's address with the prefill parameters (replacing any of the same name). */
export function withSchedulerPrefill(url: string, prefill: SchedulerPrefill): string {
  const out = new URL(url);
  for (const [key, value] of Object.entries(prefill)) {
    if (value) out.searchParams.set(key, value);
  }
  return out.toString();
}
