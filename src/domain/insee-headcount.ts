// The INSEE headcount band of a company (issue 15; shared/data/research/recherche-entreprises.md §6)
// and what it says about the product's headcount bands (01 §4): prefill a band only when the INSEE
// band maps to exactly one of them. INSEE bands describe a past reference year (shown with the
// prefill); band 11 (10 to 19) straddles the 11-employee threshold of the OPCOs, so the user picks.
import {
  isAutoEntrepreneurRange,
  isOtherRange,
  OPEN_BAND_MAX,
  type EmployeeRange,
} from './headcount';

/** INSEE "tranche d'effectif salarié" codes: min and max employees (max null: no upper bound). */
export const INSEE_BANDS: Readonly<Record<string, { min: number; max: number | null }>> = {
  NN: { min: 0, max: 0 },
  '00': { min: 0, max: 0 },
  '01': { min: 1, max: 2 },
  '02': { min: 3, max: 5 },
  '03': { min: 6, max: 9 },
  '11': { min: 10, max: 19 },
  '12': { min: 20, max: 49 },
  '21': { min: 50, max: 99 },
  '22': { min: 100, max: 199 },
  '31': { min: 200, max: 249 },
  '32': { min: 250, max: 499 },
  '41': { min: 500, max: 999 },
  '42': { min: 1000, max: 1999 },
  '51': { min: 2000, max: 4999 },
  '52': { min: 5000, max: 9999 },
  '53': { min: 10000, max: null },
};

export type InseeBand = { code: string; min: number; max: number | null; year: string | null };

/** A band code and its year as the registry gives them; null when the code is unknown or missing. */
export function readInseeBand(code: unknown, year: unknown): InseeBand | null {
  if (typeof code !== 'string') return null;
  const key = code.trim().toUpperCase();
  const band = Object.hasOwn(INSEE_BANDS, key) ? INSEE_BANDS[key] : undefined;
  if (!band) return null;
  const y = typeof year === 'string' || typeof year === 'number' ? String(year).trim() : '';
  return { code: key, min: band.min, max: band.max, year: /^\d{4}$/.test(y) ? y : null };
}

export type InseePrefill =
  /** the INSEE band lies inside exactly one product band: it is preselected */
  | { kind: 'match'; band: EmployeeRange }
  /** the INSEE band overlaps several product bands (band 11 and the 11-employee threshold) */
  | { kind: 'ambiguous'; candidates: EmployeeRange[] }
  /** no employee, or no product band covers it: nothing is preselected */
  | { kind: 'none' };

const upper = (max: number): number => (max >= OPEN_BAND_MAX ? Infinity : max);

/**
 * Which product band the INSEE band designates. Only the counted bands take part (not the
 * sole-trader 0-0 band nor 'Je ne trouve pas mon effectif'); a band up to 5000 is open-ended
 * ("300 salariés et plus"). A company without employees (NN, 00) gets no preselection: our choice,
 * since "Auto-entrepreneur" is a status the INSEE band cannot tell.
 */
export function prefillFromInseeBand(
  bands: readonly EmployeeRange[],
  insee: Pick<InseeBand, 'min' | 'max'> | null,
): InseePrefill {
  if (!insee || insee.max === 0) return { kind: 'none' };
  const lo = insee.min;
  const hi = insee.max ?? Infinity;
  const counted = bands.filter((b) => !isAutoEntrepreneurRange(b) && !isOtherRange(b));
  const overlapping = counted.filter((b) => b.min <= hi && upper(b.max) >= lo);
  if (overlapping.length > 1) return { kind: 'ambiguous', candidates: overlapping };
  const only = overlapping[0];
  if (only && only.min <= lo && upper(only.max) >= hi) return { kind: 'match', band: only };
  return { kind: 'none' };
}
