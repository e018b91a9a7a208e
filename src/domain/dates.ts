// French dates (02 §9: "Dates in French long format"), always in the Europe/Paris time zone so
// that a date does not depend on the device's zone. Pure: the instant is passed in.

export const PARIS_TIME_ZONE = 'Europe/Paris';

const longFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: PARIS_TIME_ZONE,
});

const keyFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: PARIS_TIME_ZONE,
});

/** A Date from a Date, an ISO string or epoch milliseconds; null when not a valid instant. */
export function toDate(value: unknown): Date | null {
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === 'string' && value.length <= 64) {
    // A bare calendar date is read as that day in Paris (noon UTC stays on the same Paris day).
    date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
  } else if (typeof value === 'number') date = new Date(value);
  return date !== null && Number.isFinite(date.getTime()) ? date : null;
}

/** '22 novembre 2026' (Europe/Paris); '' when the value is not a date. */
export function formatLongDate(value: unknown): string {
  const date = toDate(value);
  return date ? longFormat.format(date) : '';
}

/** The Paris calendar day of an instant as 'YYYY-MM-DD'; '' when the value is not a date. */
export function toParisDateKey(value: unknown): string {
  const date = toDate(value);
  return date ? keyFormat.format(date) : '';
}

/** True for a real calendar date written 'YYYY-MM-DD' (2026-02-30 is false). */
export function isIsoCalendarDate(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
