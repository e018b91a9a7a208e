// INSEE headcount band -> the product's bands (issue 15; recherche-entreprises.md §6).
import { describe, expect, it } from 'vitest';
import { DEFAULT_BANDS, type EmployeeRange } from '@/domain/headcount';
import { prefillFromInseeBand, readInseeBand } from '@/domain/insee-headcount';

const fine: EmployeeRange[] = [
  { min: 1, max: 4, label: '1 à 4 salariés' },
  { min: 5, max: 11, label: '5 à 11 salariés' },
  { min: 12, max: 49, label: '12 à 49 salariés' },
];

describe('readInseeBand', () => {
  it('reads the code and its year, unknown codes are none', () => {
    expect(readInseeBand('12', '2023')).toEqual({ code: '12', min: 20, max: 49, year: '2023' });
    expect(readInseeBand('53', 2022)).toEqual({ code: '53', min: 10000, max: null, year: '2022' });
    expect(readInseeBand('nn', null)).toEqual({ code: 'NN', min: 0, max: 0, year: null });
    expect(readInseeBand('99', '2023')).toBeNull();
    expect(readInseeBand(null, '2023')).toBeNull();
    expect(readInseeBand('12', 'deux mille')?.year).toBeNull();
    expect(readInseeBand('__proto__', '2023')).toBeNull();
  });
});

describe('prefillFromInseeBand', () => {
  const band = (code: string) => readInseeBand(code, '2023');
  it('a band inside exactly one product band is preselected', () => {
    expect(prefillFromInseeBand(DEFAULT_BANDS, band('12'))).toEqual({
      kind: 'match',
      band: DEFAULT_BANDS[2],
    });
    expect(prefillFromInseeBand(DEFAULT_BANDS, band('01'))).toMatchObject({
      kind: 'match',
      band: { min: 1, max: 10 },
    });
    expect(prefillFromInseeBand(DEFAULT_BANDS, band('22'))).toMatchObject({
      kind: 'match',
      band: { min: 50 },
    });
    // "300 salariés et plus" (300-5000) is open-ended.
    expect(prefillFromInseeBand(DEFAULT_BANDS, band('53'))).toMatchObject({
      kind: 'match',
      band: { min: 300 },
    });
  });
  it('band 11 (10 to 19) straddles the 11-employee threshold: the user picks', () => {
    expect(prefillFromInseeBand(DEFAULT_BANDS, band('11'))).toEqual({
      kind: 'ambiguous',
      candidates: [DEFAULT_BANDS[1], DEFAULT_BANDS[2]],
    });
    expect(prefillFromInseeBand(DEFAULT_BANDS, band('32')).kind).toBe('ambiguous');
    expect(prefillFromInseeBand(fine, band('02')).kind).toBe('ambiguous');
    expect(prefillFromInseeBand(fine, band('12'))).toMatchObject({ kind: 'match', band: fine[2] });
  });
  it('no employee, no band covering it, or no INSEE band: nothing preselected', () => {
    expect(prefillFromInseeBand(DEFAULT_BANDS, band('NN'))).toEqual({ kind: 'none' });
    expect(prefillFromInseeBand(DEFAULT_BANDS, band('00'))).toEqual({ kind: 'none' });
    expect(prefillFromInseeBand(fine, band('21'))).toEqual({ kind: 'none' });
    expect(prefillFromInseeBand(DEFAULT_BANDS, null)).toEqual({ kind: 'none' });
  });
});
