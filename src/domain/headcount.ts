// Headcount bands (01 §2, §4, §9): default bands, bands from the infoPdc entries, custom count,
// auto-match and the two sentinels (0-0 sole trader, -1/-1 "other, enter a count").
import { infoPdcEntrySchema } from './budget-contract';
import { HEADCOUNT_LABELS } from './labels';

export type EmployeeRange = { min: number; max: number; label: string };

/** Upper bound the product uses for the open-ended band ("300 salariés et plus" is 300-5000). */
export const OPEN_BAND_MAX = 5000;
/** (ours) at most this many infoPdc entries are read. */
export const MAX_FETCHED_BANDS = 100;

export const AUTO_ENTREPRENEUR_BAND: EmployeeRange = {
  min: 0,
  max: 0,
  label: HEADCOUNT_LABELS.autoEntrepreneur,
};
export const NOT_FOUND_BAND: EmployeeRange = { min: -1, max: -1, label: HEADCOUNT_LABELS.notFound };

/** 01 §4, used when the fetch fails or returns no non-empty array. */
export const DEFAULT_BANDS: readonly EmployeeRange[] = [
  AUTO_ENTREPRENEUR_BAND,
  { min: 1, max: 10, label: '1 à 10 salariés' },
  { min: 11, max: 49, label: '11 à 49 salariés' },
  { min: 50, max: 299, label: '50 à 299 salariés' },
  { min: 300, max: OPEN_BAND_MAX, label: '300 salariés et plus' },
  NOT_FOUND_BAND,
];

/** 0-0: the company is a sole trader; no budget lookup is made (01 §4, 02 §5). */
export function isAutoEntrepreneurRange(
  range: { min: number; max: number } | null | undefined,
): boolean {
  return range != null && range.min === 0 && range.max === 0;
}

/** -1/-1: "Je ne trouve pas mon effectif", reveals the free employee-count entry. */
export function isOtherRange(range: { min: number; max: number } | null | undefined): boolean {
  return range != null && range.min === -1 && range.max === -1;
}

/**
 * Label rule for a band (ours where the documents give only the defaults): 0-0 'Auto-entrepreneur',
 * -1/-1 'Je ne trouve pas mon effectif', min = max 'n salariés', max from 5000 'min salariés et plus',
 * otherwise 'min à max salariés'.
 */
export function bandLabel(min: number, max: number): string {
  if (min === 0 && max === 0) return HEADCOUNT_LABELS.autoEntrepreneur;
  if (min === -1 && max === -1) return HEADCOUNT_LABELS.notFound;
  if (min === max) return HEADCOUNT_LABELS.employees(min);
  if (max >= OPEN_BAND_MAX) return HEADCOUNT_LABELS.andMore(min);
  return HEADCOUNT_LABELS.range(min, max);
}

/**
 * Bands from the infoPdc entries (01 §4): well-formed entries (0 <= min <= max) deduplicated,
 * sorted by min, an auto-entrepreneur band added when missing, the not-found band appended.
 * Not an array, an empty array, or no well-formed entry: the default bands.
 */
export function bandsFromInfoPdc(entries: unknown): EmployeeRange[] {
  if (!Array.isArray(entries) || entries.length === 0) return [...DEFAULT_BANDS];
  const seen = new Set<string>();
  const bands: EmployeeRange[] = [];
  for (const raw of entries.slice(0, MAX_FETCHED_BANDS)) {
    const parsed = infoPdcEntrySchema.safeParse(raw);
    if (!parsed.success) continue;
    const { minEmployees: min, maxEmployees: max } = parsed.data;
    if (min < 0 || max < min || max > 1_000_000) continue;
    const key = `${min}-${max}`;
    if (seen.has(key)) continue;
    seen.add(key);
    bands.push({ min, max, label: bandLabel(min, max) });
  }
  if (bands.length === 0) return [...DEFAULT_BANDS];
  bands.sort((a, b) => a.min - b.min || a.max - b.max);
  if (!bands.some(isAutoEntrepreneurRange)) bands.unshift(AUTO_ENTREPRENEUR_BAND);
  bands.push(NOT_FOUND_BAND);
  return bands;
}

/** A typed count n becomes the band min = max = n labelled 'n salariés' (01 §4). */
export function customCountRange(n: number): EmployeeRange {
  return { min: n, max: n, label: HEADCOUNT_LABELS.employees(n) };
}

/**
 * Auto-match of a typed count (01 §4): the first band with min <= n <= max, excluding bands with
 * a -1 bound and the 0-0 band. null when none matches or n is not a non-negative integer.
 */
export function matchBand(bands: readonly EmployeeRange[], n: number): EmployeeRange | null {
  if (!Number.isInteger(n) || n < 0) return null;
  return (
    bands.find(
      (b) =>
        b.min !== -1 && b.max !== -1 && !isAutoEntrepreneurRange(b) && b.min <= n && n <= b.max,
    ) ?? null
  );
}

/** Wording of a company's headcount on its card ("Effectif salarié", 02 §2.3). */
export function headcountLabel(min: unknown, max: unknown): string {
  if (
    typeof min !== 'number' ||
    typeof max !== 'number' ||
    !Number.isInteger(min) ||
    !Number.isInteger(max)
  ) {
    return '';
  }
  return bandLabel(min, max);
}
