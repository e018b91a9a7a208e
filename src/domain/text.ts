// Small text helpers shared by the domain rules. Pure, total: every function accepts `unknown`
// (payloads come from third parties) and never throws.

/** Longest text the domain reads from a third-party field; longer values are cut. */
export const MAX_FIELD_TEXT = 10_000;

/** Every whitespace the funds put in amounts: spaces, tabs, no-break and narrow no-break spaces. */
const WHITESPACE = /[\s\u00a0\u202f\u2007\u2009]+/g;

/**
 * A third-party value as text: strings as they are (cut at MAX_FIELD_TEXT), finite numbers in
 * decimal, anything else (null, booleans, objects, NaN) as null.
 */
export function toText(value: unknown): string | null {
  if (typeof value === 'string')
    return value.length > MAX_FIELD_TEXT ? value.slice(0, MAX_FIELD_TEXT) : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** toText, trimmed; blank becomes ''. */
export function toTrimmedText(value: unknown): string {
  return (toText(value) ?? '').trim();
}

/** Removes every kind of space (including U+00A0 and U+202F). */
export function removeSpaces(text: string): string {
  return text.replace(WHITESPACE, '');
}

/** Collapses every kind of space into one ordinary space and trims. */
export function normalizeSpaces(text: string): string {
  return text.replace(WHITESPACE, ' ').trim();
}

/** Lower case without diacritics, spaces normalised: the key used for case-insensitive markers. */
export function foldText(text: string): string {
  return normalizeSpaces(text)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Integer parsing of the documents (01 §4: "amounts are parsed as integers after stripping
 * spaces"): spaces removed, then the leading digits are read (parseInt semantics: "3 500,50" is
 * 3500). No leading digit: null. Negative amounts are not amounts: null.
 */
export function parseInteger(value: unknown): number | null {
  const text = toText(value);
  if (text === null) return null;
  const match = /^\d+/.exec(removeSpaces(text));
  if (!match) return null;
  const n = Number.parseInt(match[0].slice(0, 15), 10);
  return Number.isSafeInteger(n) ? n : null;
}

/** True when the text, spaces removed, is a whole number with an optional decimal part. */
export function isNumericText(value: unknown): boolean {
  const text = toText(value);
  return text !== null && /^\d+(?:[.,]\d+)?$/.test(removeSpaces(text));
}

/** First integer found anywhere in the text ("Jusqu'à 80 %" is 80), or null. */
export function firstInteger(value: unknown): number | null {
  const text = toText(value);
  if (text === null) return null;
  const match = /\d+/.exec(removeSpaces(text));
  if (!match) return null;
  const n = Number.parseInt(match[0].slice(0, 15), 10);
  return Number.isSafeInteger(n) ? n : null;
}

/** Keeps digits only ("1 550 € HT" is "1550"). */
export function digitsOnly(value: unknown): string {
  return (toText(value) ?? '').replace(/\D+/g, '');
}

/** Clamps an integer into [min, max]. */
export function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/** A plain object (not null, not an array), for total readers of unknown payloads. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
