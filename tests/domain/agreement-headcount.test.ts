// The agreements limited to a headcount, and the warning when a band does not fit (issue 29 item 3).
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  agreementHeadcountWarning,
  SCOPED_AGREEMENTS,
  scopeFromTitle,
} from '@/domain/agreement-headcount';
import { DEFAULT_BANDS } from '@/domain/headcount';

const band = (min: number, max: number) => ({ min, max });

describe('the scoped agreements come from data/idcc.csv', () => {
  it('every title stating a headcount is in the table, with its scope and title, and no other', () => {
    const rows = Papa.parse<{ idcc: string; libelle: string }>(
      readFileSync('data/idcc.csv', 'utf8'),
      { header: true, skipEmptyLines: true },
    ).data;
    expect(rows.length).toBeGreaterThan(700);
    const scoped = rows
      .map((r) => ({ idcc: r.idcc, title: r.libelle, scope: scopeFromTitle(r.libelle) }))
      .filter((r) => r.scope !== null);
    expect(
      Object.fromEntries(scoped.map((r) => [r.idcc, { title: r.title, scope: r.scope }])),
    ).toEqual(
      Object.fromEntries(
        Object.values(SCOPED_AGREEMENTS).map((a) => [a.idcc, { title: a.title, scope: a.scope }]),
      ),
    );
  });

  it('reads « jusqu’à N » as at most N and « plus de N » as at least N + 1', () => {
    expect(scopeFromTitle("Entreprises occupant jusqu'à 10 salariés")).toEqual({ max: 10 });
    expect(scopeFromTitle('Entreprises occupant jusqu’à 20 salariés')).toEqual({ max: 20 });
    expect(scopeFromTitle('Entreprises occupant plus de 10 salariés')).toEqual({ min: 11 });
    expect(scopeFromTitle('Mannequins enfants de moins de 16 ans')).toBeNull();
  });
});

describe('agreementHeadcountWarning', () => {
  it('1596 (up to 10) with 11 to 49 employees: warned, 1597 suggested', () => {
    const w = agreementHeadcountWarning('1596', band(11, 49));
    expect(w).toMatchObject({ agreement: { idcc: '1596' }, range: band(11, 49) });
    expect(w?.suggested?.idcc).toBe('1597');
    expect(agreementHeadcountWarning('1596', band(50, 299))?.suggested?.idcc).toBe('1597');
    expect(agreementHeadcountWarning('1596', band(300, 5000))?.suggested?.idcc).toBe('1597');
    expect(agreementHeadcountWarning('1596', band(12, 12))?.suggested?.idcc).toBe('1597');
  });

  it('1597 (more than 10) with 1 to 10 or a sole trader: warned, 1596 suggested', () => {
    expect(agreementHeadcountWarning('1597', band(1, 10))?.suggested?.idcc).toBe('1596');
    expect(agreementHeadcountWarning('1597', band(0, 0))?.suggested?.idcc).toBe('1596');
    expect(agreementHeadcountWarning('1597', band(10, 10))?.suggested?.idcc).toBe('1596');
  });

  it('a band across the threshold is warned without a suggestion', () => {
    const w = agreementHeadcountWarning('1596', band(5, 20));
    expect(w?.agreement.idcc).toBe('1596');
    expect(w?.suggested).toBeNull();
  });

  it('no warning when the band fits, for another agreement, an unknown band or bad input', () => {
    expect(agreementHeadcountWarning('1596', band(1, 10))).toBeNull();
    expect(agreementHeadcountWarning('1596', band(0, 0))).toBeNull();
    expect(agreementHeadcountWarning('1596', band(10, 10))).toBeNull();
    expect(agreementHeadcountWarning('1597', band(11, 49))).toBeNull();
    expect(agreementHeadcountWarning('1486', band(11, 49))).toBeNull();
    expect(agreementHeadcountWarning('1596', band(-1, -1))).toBeNull();
    expect(agreementHeadcountWarning('1596', null)).toBeNull();
    expect(agreementHeadcountWarning('15a6', band(11, 49))).toBeNull();
    expect(agreementHeadcountWarning(1596, band(11, 49))).toBeNull();
    expect(agreementHeadcountWarning('1596', band(20, 11))).toBeNull();
    expect(agreementHeadcountWarning('1596', band(1.5, 3))).toBeNull();
  });

  it('every default band, against both agreements: exactly one of them fits', () => {
    for (const b of DEFAULT_BANDS.filter((x) => x.min >= 0)) {
      const warned = ['1596', '1597'].filter((idcc) => agreementHeadcountWarning(idcc, b));
      expect(warned, b.label).toHaveLength(1);
    }
  });
});
