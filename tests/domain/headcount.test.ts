import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BANDS,
  bandLabel,
  bandsFromInfoPdc,
  customCountRange,
  headcountLabel,
  isAutoEntrepreneurRange,
  isOtherRange,
  matchBand,
} from '@/domain/headcount';

describe('DEFAULT_BANDS', () => {
  it('are the bands of 01 §4', () => {
    expect(DEFAULT_BANDS).toEqual([
      { min: 0, max: 0, label: 'Auto-entrepreneur' },
      { min: 1, max: 10, label: '1 à 10 salariés' },
      { min: 11, max: 49, label: '11 à 49 salariés' },
      { min: 50, max: 299, label: '50 à 299 salariés' },
      { min: 300, max: 5000, label: '300 salariés et plus' },
      { min: -1, max: -1, label: 'Je ne trouve pas mon effectif' },
    ]);
  });
});

describe('bandsFromInfoPdc', () => {
  it('default bands when the fetch failed (null) or returned no non-empty array', () => {
    expect(bandsFromInfoPdc(null)).toEqual(DEFAULT_BANDS);
    expect(bandsFromInfoPdc([])).toEqual(DEFAULT_BANDS);
    expect(bandsFromInfoPdc({ minEmployees: 1 })).toEqual(DEFAULT_BANDS);
    expect(bandsFromInfoPdc([null, { minEmployees: null, maxEmployees: '' }])).toEqual(
      DEFAULT_BANDS,
    );
  });
  it('dedupes, sorts by min, adds the auto-entrepreneur band and appends the not-found band', () => {
    expect(
      bandsFromInfoPdc([
        { minEmployees: 50, maxEmployees: 299 },
        { minEmployees: '11', maxEmployees: '49' },
        { minEmployees: 50, maxEmployees: 299 },
        { minEmployees: 1, maxEmployees: 10 },
      ]),
    ).toEqual([
      { min: 0, max: 0, label: 'Auto-entrepreneur' },
      { min: 1, max: 10, label: '1 à 10 salariés' },
      { min: 11, max: 49, label: '11 à 49 salariés' },
      { min: 50, max: 299, label: '50 à 299 salariés' },
      { min: -1, max: -1, label: 'Je ne trouve pas mon effectif' },
    ]);
  });
  it('does not add a second auto-entrepreneur band', () => {
    const bands = bandsFromInfoPdc([
      { minEmployees: 0, maxEmployees: 0 },
      { minEmployees: 1, maxEmployees: 9 },
    ]);
    expect(bands.filter(isAutoEntrepreneurRange)).toHaveLength(1);
    expect(bands).toHaveLength(3);
  });
  it('drops malformed entries (negative, max < min)', () => {
    expect(
      bandsFromInfoPdc([
        { minEmployees: -1, maxEmployees: -1 },
        { minEmployees: 9, maxEmployees: 1 },
        { minEmployees: 1, maxEmployees: 9 },
      ]),
    ).toHaveLength(3);
  });
});

describe('bandLabel', () => {
  it.each([
    [0, 0, 'Auto-entrepreneur'],
    [-1, -1, 'Je ne trouve pas mon effectif'],
    [12, 12, '12 salariés'],
    [1, 10, '1 à 10 salariés'],
    [300, 5000, '300 salariés et plus'],
    [300, 4999, '300 à 4999 salariés'],
  ])('%i-%i → %s', (min, max, label) => {
    expect(bandLabel(min, max)).toBe(label);
  });
  it('headcountLabel is empty for junk', () => {
    expect(headcountLabel('1', 2)).toBe('');
    expect(headcountLabel(11, 49)).toBe('11 à 49 salariés');
  });
});

describe('custom count and sentinels', () => {
  it('n becomes min = max = n, "n salariés"', () => {
    expect(customCountRange(7)).toEqual({ min: 7, max: 7, label: '7 salariés' });
  });
  it('0-0 is the sole trader, -1/-1 other', () => {
    expect(isAutoEntrepreneurRange({ min: 0, max: 0 })).toBe(true);
    expect(isAutoEntrepreneurRange({ min: 0, max: 1 })).toBe(false);
    expect(isOtherRange({ min: -1, max: -1 })).toBe(true);
    expect(isOtherRange({ min: -1, max: 0 })).toBe(false);
  });
});

describe('matchBand', () => {
  it('matches min <= n <= max at both bounds', () => {
    expect(matchBand(DEFAULT_BANDS, 11)?.label).toBe('11 à 49 salariés');
    expect(matchBand(DEFAULT_BANDS, 49)?.label).toBe('11 à 49 salariés');
    expect(matchBand(DEFAULT_BANDS, 50)?.label).toBe('50 à 299 salariés');
  });
  it('never matches the 0-0 band', () => {
    expect(matchBand(DEFAULT_BANDS, 0)).toBeNull();
  });
  it('never matches a range with -1', () => {
    expect(matchBand([{ min: -1, max: 10, label: 'x' }], 5)).toBeNull();
    expect(matchBand([{ min: 1, max: -1, label: 'x' }], -1)).toBeNull();
  });
  it('no band beyond the last', () => {
    expect(matchBand(DEFAULT_BANDS, 5001)).toBeNull();
  });
  it('non-integers do not match', () => {
    expect(matchBand(DEFAULT_BANDS, 2.5)).toBeNull();
  });
});
