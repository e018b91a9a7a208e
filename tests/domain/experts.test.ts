import { describe, expect, it } from 'vitest';
import {
  cardTags,
  cleanList,
  currentJobTitle,
  expertDisplayName,
  facetFiltersFor,
  facetOptions,
  hasMorePages,
  initials,
} from '@/domain/experts';

const range = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe('cardTags: 5 skills and 3 tools, then +N autres (02 §2.11)', () => {
  it('shows everything when within the limits', () => {
    expect(cardTags(range('s', 5), range('t', 3))).toEqual({
      skills: range('s', 5),
      tools: range('t', 3),
      more: 0,
    });
    expect(cardTags(['SEO'], [])).toEqual({ skills: ['SEO'], tools: [], more: 0 });
  });

  it('counts every hidden skill and tool in N', () => {
    expect(cardTags(range('s', 8), range('t', 6))).toEqual({
      skills: range('s', 5),
      tools: range('t', 3),
      more: 3 + 3,
    });
    expect(cardTags(range('s', 2), range('t', 7)).more).toBe(4);
    expect(cardTags(range('s', 9), []).more).toBe(4);
  });

  it('ignores blanks, duplicates and junk before counting', () => {
    expect(cardTags(['SEO', ' seo ', '', 'Émailing', 'emailing', 3, null], 'Excel')).toEqual({
      skills: ['SEO', 'Émailing'],
      tools: [],
      more: 0,
    });
    expect(cleanList(undefined)).toEqual([]);
  });
});

describe('currentJobTitle', () => {
  it('takes the experience marked current', () => {
    expect(
      currentJobTitle([
        { isCurrentJob: false, jobTitle: 'Consultant' },
        { isCurrentJob: true, jobTitle: '  Directrice  marketing ' },
      ]),
    ).toBe('Directrice marketing');
  });

  it('is null without a current job, with a blank title or junk', () => {
    expect(currentJobTitle([{ isCurrentJob: false, jobTitle: 'Consultant' }])).toBeNull();
    expect(currentJobTitle([{ isCurrentJob: true, jobTitle: '  ' }])).toBeNull();
    expect(currentJobTitle([{ isCurrentJob: 'yes', jobTitle: 'X' }])).toBeNull();
    expect(currentJobTitle(null)).toBeNull();
    expect(currentJobTitle('CTO')).toBeNull();
  });

  it('skips a current experience without title for the next current one', () => {
    expect(
      currentJobTitle([
        { isCurrentJob: true, jobTitle: null },
        { isCurrentJob: true, jobTitle: 'CTO' },
      ]),
    ).toBe('CTO');
  });
});

describe('initials and display name', () => {
  it('gives up to two upper-case initials, accents kept', () => {
    expect(initials('Camille')).toBe('C');
    expect(initials('élise')).toBe('É');
    expect(initials('Anne-Sophie Durand')).toBe('AD');
    expect(initials('  jean   de la  Fontaine ')).toBe('JF');
    expect(initials('')).toBe('?');
    expect(initials(undefined)).toBe('?');
    expect(initials('- !')).toBe('?');
  });

  it('falls back to the expertise name', () => {
    expect(expertDisplayName({ firstname: ' Léa ', expertise_name: 'SEO' })).toBe('Léa');
    expect(expertDisplayName({ firstname: null, expertise_name: 'Data' })).toBe('Data');
    expect(expertDisplayName({})).toBe('');
  });
});

describe('facet filters and options', () => {
  it('joins the active filters with AND, one entry each', () => {
    expect(facetFiltersFor({ sector: 'Industrie', market: 'B2B' })).toEqual([
      'sector:Industrie',
      'market:B2B',
    ]);
    expect(facetFiltersFor({ sector: null, market: 'B2B' })).toEqual(['market:B2B']);
    expect(facetFiltersFor({ sector: 'Industrie', market: 'B2B' }, 'sector')).toEqual([
      'market:B2B',
    ]);
    expect(facetFiltersFor({ sector: null, market: null })).toEqual([]);
  });

  it('orders options by count then name, 20 at most, keeping the selected value', () => {
    const counts = Object.fromEntries(range('v', 25).map((v, i) => [v, i + 1]));
    const options = facetOptions(counts, 'v1');
    expect(options).toHaveLength(21);
    expect(options[0]).toEqual({ value: 'v25', count: 25 });
    expect(options.at(-1)).toEqual({ value: 'v1', count: 1 });
    expect(facetOptions({ Énergie: 2, Banque: 2, Agro: 5 }, null).map((o) => o.value)).toEqual([
      'Agro',
      'Banque',
      'Énergie',
    ]);
    expect(facetOptions(undefined, 'B2B')).toEqual([{ value: 'B2B', count: 0 }]);
    expect(facetOptions({ '': 3, X: 0 }, null)).toEqual([]);
  });

  it('offers more pages while some remain', () => {
    expect(hasMorePages(0, 3)).toBe(true);
    expect(hasMorePages(2, 3)).toBe(false);
    expect(hasMorePages(0, 0)).toBe(false);
  });
});
