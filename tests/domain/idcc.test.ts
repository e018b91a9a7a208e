import { describe, expect, it } from 'vitest';
import { parseIdccSuggestions, sanitizeIdccInput, shouldSearchIdcc } from '@/domain/idcc';

describe('parseIdccSuggestions', () => {
  it('keeps items whose idcc and ccName are strings', () => {
    expect(parseIdccSuggestions([{ idcc: '1486', ccName: 'Syntec', proba: 80 }])).toEqual([
      { idcc: '1486', ccName: 'Syntec', proba: 80 },
    ]);
  });
  it('accepts label instead of ccName', () => {
    expect(parseIdccSuggestions([{ idcc: '0016', label: 'Transports' }])).toEqual([
      { idcc: '0016', ccName: 'Transports', proba: 100 },
    ]);
  });
  it('proba defaults to 100', () => {
    expect(parseIdccSuggestions([{ idcc: '1', ccName: 'x', proba: '50' }])[0]?.proba).toBe(100);
  });
  it('drops items with a non-string idcc or name', () => {
    expect(
      parseIdccSuggestions([
        { idcc: 1486, ccName: 'x' },
        { idcc: '1', ccName: null },
        null,
        'x',
        { idcc: '2' },
      ]),
    ).toEqual([]);
  });
  it('not an array gives an empty list', () => {
    expect(parseIdccSuggestions({ idcc: '1' })).toEqual([]);
  });
  // Issue 16 item 10: the suggestions came in the order of the response.
  it('sorts the suggestions, most likely first, then by IDCC', () => {
    expect(
      parseIdccSuggestions([
        { idcc: '1501', ccName: 'Restauration rapide', proba: 5 },
        { idcc: '2216', ccName: 'Commerce alimentaire', proba: 40 },
        { idcc: '1486', ccName: 'Syntec', proba: 90 },
        { idcc: '0016', ccName: 'Transports', proba: 40 },
      ]).map((s) => s.idcc),
    ).toEqual(['1486', '0016', '2216', '1501']);
  });
});

describe('typed IDCC', () => {
  it('strips non-digit characters', () => {
    expect(sanitizeIdccInput('14a8-6')).toBe('1486');
    expect(sanitizeIdccInput(null)).toBe('');
  });
  it('keeps 4 digits at most', () => {
    expect(sanitizeIdccInput('123456')).toBe('1234');
  });
  it('searches from 3 digits, not at 2', () => {
    expect(shouldSearchIdcc('14')).toBe(false);
    expect(shouldSearchIdcc('148')).toBe(true);
  });
});
