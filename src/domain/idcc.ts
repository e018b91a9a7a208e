// Collective agreement (IDCC) rules of the agreement step (01 §2, §3, §9).
import { isRecord } from './text';

export type IdccSuggestion = { idcc: string; ccName: string; proba: number };

/** 01 §9: the typed-IDCC prefix search starts at 3 digits, after a 500 ms pause. */
export const IDCC_SEARCH_MIN_DIGITS = 3;
export const IDCC_SEARCH_DEBOUNCE_MS = 500;
/** An IDCC has at most 4 digits (idcc.csv, schema check `^[0-9]{1,4}$`). */
export const IDCC_MAX_DIGITS = 4;
/** (ours) at most this many suggestions are read from a response. */
export const IDCC_MAX_SUGGESTIONS = 100;

/**
 * NAF-to-IDCC suggestions (01 §3): keeps only items whose idcc and ccName (or label) are strings;
 * proba is the item's number, 100 by default. Sorted most likely first (then by IDCC), whatever
 * the response's order: the first suggestion is the one preselected (01 §2; issue 16 item 10).
 */
export function parseIdccSuggestions(raw: unknown): IdccSuggestion[] {
  if (!Array.isArray(raw)) return [];
  const out: IdccSuggestion[] = [];
  for (const item of raw.slice(0, IDCC_MAX_SUGGESTIONS)) {
    if (!isRecord(item)) continue;
    const { idcc, ccName, label, proba } = item;
    const name = typeof ccName === 'string' ? ccName : typeof label === 'string' ? label : null;
    if (typeof idcc !== 'string' || name === null) continue;
    out.push({
      idcc,
      ccName: name,
      proba: typeof proba === 'number' && Number.isFinite(proba) ? proba : 100,
    });
  }
  return out.sort((a, b) => b.proba - a.proba || a.idcc.localeCompare(b.idcc));
}

/** Free IDCC entry (01 §2): non-digit characters are ignored; at most 4 digits are kept. */
export function sanitizeIdccInput(text: unknown): string {
  return typeof text === 'string'
    ? text.slice(0, 1000).replace(/\D+/g, '').slice(0, IDCC_MAX_DIGITS)
    : '';
}

/** The prefix search runs from 3 digits (01 §2, §9). */
export function shouldSearchIdcc(digits: string): boolean {
  return /^\d+$/.test(digits) && digits.length >= IDCC_SEARCH_MIN_DIGITS;
}
