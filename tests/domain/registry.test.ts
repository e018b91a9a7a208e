import { describe, expect, it } from 'vitest';
import { registryItemSchema } from '@/domain/contracts';
import {
  buildRegistryQuery,
  decodeCompanyParam,
  encodeCompanyParam,
  normalizeIdcc,
  pickRegistryResults,
  toCompanySuggestion,
} from '@/domain/registry';

const item = (over: Record<string, unknown> = {}) =>
  registryItemSchema.parse({
    siren: '552100554',
    siege: {
      siret: '55210055400013',
      adresse_ligne_1: '12 rue de la Paix',
      adresse_ligne_2: 'Bâtiment B',
      code_postal: '75002',
      ville: 'PARIS',
    },
    nom_entreprise: 'ACME',
    denomination: 'ACME SAS',
    forme_juridique: 'SAS',
    code_naf: '62.02A',
    conventions_collectives: [{ idcc: 1486, nom: 'Syntec' }, { idcc: '16' }],
    ...over,
  });

describe('toCompanySuggestion', () => {
  it('maps every field', () => {
    expect(toCompanySuggestion(item())).toEqual({
      forme_juridique: 'SAS',
      isIdcc: true,
      siren: '552100554',
      siret: '55210055400013',
      companyName: 'ACME',
      companyAddress: '12 rue de la Paix Bâtiment B 75002 PARIS',
      codeNaf: '62.02A',
      idcc: ['1486', '0016'],
    });
  });
  it('forme_juridique and codeNaf default to empty', () => {
    const s = toCompanySuggestion(item({ forme_juridique: null, code_naf: undefined }));
    expect(s.forme_juridique).toBe('');
    expect(s.codeNaf).toBe('');
  });
  it('siret falls back to siren + 00000', () => {
    expect(toCompanySuggestion(item({ siege: { siret: null } })).siret).toBe('55210055400000');
    expect(toCompanySuggestion(item({ siege: null })).siret).toBe('55210055400000');
  });
  it('companyName falls back to denomination', () => {
    expect(toCompanySuggestion(item({ nom_entreprise: null })).companyName).toBe('ACME SAS');
    expect(toCompanySuggestion(item({ nom_entreprise: '' })).companyName).toBe('ACME SAS');
  });
  it('address skips a missing line 2 and is trimmed', () => {
    const s = toCompanySuggestion(
      item({ siege: { adresse_ligne_1: ' 1 place X ', code_postal: '69001', ville: 'LYON ' } }),
    );
    expect(s.companyAddress).toBe('1 place X 69001 LYON');
  });
  it('no agreements: empty idcc list and isIdcc false', () => {
    const s = toCompanySuggestion(item({ conventions_collectives: null }));
    expect(s.idcc).toEqual([]);
    expect(s.isIdcc).toBe(false);
    expect(toCompanySuggestion(item({ conventions_collectives: [] })).isIdcc).toBe(false);
  });
  it('idcc codes are 4-digit zero-padded, invalid ones dropped', () => {
    expect(
      toCompanySuggestion(
        item({
          conventions_collectives: [{ idcc: 3 }, { idcc: 'abc' }, { idcc: '12345' }, { idcc: '3' }],
        }),
      ).idcc,
    ).toEqual(['0003']);
  });
});

describe('normalizeIdcc', () => {
  it.each([
    [16, '0016'],
    ['1486', '1486'],
    [' 44 ', '0044'],
    ['12345', null],
    ['x1', null],
    [null, null],
  ] as const)('%s → %s', (input, expected) => {
    expect(normalizeIdcc(input)).toBe(expected);
  });
});

describe('buildRegistryQuery', () => {
  it('2 characters after trim: no search', () => {
    expect(buildRegistryQuery('  ab  ')).toBeNull();
  });
  it('3 characters: search by name', () => {
    expect(buildRegistryQuery(' abc ')).toEqual({ q: 'abc', siretTarget: false });
  });
  it('all digits once spaces are removed: siret target', () => {
    expect(buildRegistryQuery('552 100 554')).toEqual({ q: '552 100 554', siretTarget: true });
    expect(buildRegistryQuery('123')).toEqual({ q: '123', siretTarget: true });
  });
  it('digits mixed with letters: name search', () => {
    expect(buildRegistryQuery('3M France')?.siretTarget).toBe(false);
  });
  it('non-string input: no search; huge input is cut', () => {
    expect(buildRegistryQuery(null)).toBeNull();
    expect(buildRegistryQuery('a'.repeat(10_000_000))?.q.length).toBe(200);
  });
});

describe('pickRegistryResults', () => {
  const raw = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      siren: String(100000000 + i),
      nom_entreprise: `E${i}`,
    }));
  it('reads resultats_siret for digit input', () => {
    const r = pickRegistryResults(
      { resultats_siret: raw(2), resultats_nom_entreprise: raw(1) },
      true,
    );
    expect(r.map((s) => s.companyName)).toEqual(['E0', 'E1']);
  });
  it('reads resultats_nom_entreprise otherwise', () => {
    expect(
      pickRegistryResults({ resultats_siret: raw(2), resultats_nom_entreprise: raw(1) }, false),
    ).toHaveLength(1);
  });
  it('keeps 5 at most', () => {
    expect(pickRegistryResults({ resultats_nom_entreprise: raw(6) }, false)).toHaveLength(5);
    expect(pickRegistryResults({ resultats_nom_entreprise: raw(5) }, false)).toHaveLength(5);
  });
  it('skips malformed items and junk responses', () => {
    expect(
      pickRegistryResults(
        { resultats_nom_entreprise: [null, { nom_entreprise: 'no siren' }, ...raw(1)] },
        false,
      ),
    ).toHaveLength(1);
    expect(pickRegistryResults(null, false)).toEqual([]);
    expect(pickRegistryResults({ resultats_siret: 'x' }, true)).toEqual([]);
  });
});

describe('company parameter (base64)', () => {
  const company = toCompanySuggestion(item());
  it('round-trips, accents included', () => {
    expect(decodeCompanyParam(encodeCompanyParam(company))).toEqual(company);
  });
  it('invalid values give null', () => {
    expect(decodeCompanyParam('%%%')).toBeNull();
    expect(decodeCompanyParam(btoa('not json'))).toBeNull();
    expect(decodeCompanyParam(btoa(JSON.stringify({ siret: '1' })))).toBeNull();
    expect(decodeCompanyParam(undefined)).toBeNull();
  });
});

describe('declared agreements and INSEE band (issue 15)', () => {
  const gouvItem = {
    siren: '447654385',
    nom_entreprise: 'Sacré Willy (POIL A GRATTER)',
    code_naf: '46.33Z',
    siege: { siret: '44765438500049', code_postal: '05130', ville: 'TALLARD' },
    conventions_collectives: [
      { idcc: 573, nom: 'Commerces de gros', confirmee: true, niveau: 'etablissement' },
      { idcc: 9999, nom: null, confirmee: true, niveau: 'etablissement' },
    ],
    tranche_effectif_salarie: '12',
    annee_tranche_effectif_salarie: '2023',
  };
  it('keeps the declared agreements without the "no agreement" codes, and the INSEE band', () => {
    const c = toCompanySuggestion(registryItemSchema.parse(gouvItem));
    expect(c.idcc).toEqual(['0573']);
    expect(c.declaredAgreements).toEqual([{ idcc: '0573', name: 'Commerces de gros' }]);
    expect(c.declaredLevel).toBe('etablissement');
    expect(c.inseeBand).toEqual({ code: '12', year: '2023' });
    expect(decodeCompanyParam(encodeCompanyParam(c))).toEqual(c);
  });
  it('only 9999/9998 declared: an empty declared list (none); nothing confirmed: not said', () => {
    const none = toCompanySuggestion(
      registryItemSchema.parse({
        ...gouvItem,
        conventions_collectives: [{ idcc: '9998', confirmee: true }],
      }),
    );
    expect(none.declaredAgreements).toEqual([]);
    expect(none.isIdcc).toBe(false);
    const sample = toCompanySuggestion(
      registryItemSchema.parse({
        siren: '978961233',
        nom_entreprise: 'X',
        conventions_collectives: [{ idcc: 1486, nom: 'Syntec', confirmee: false }],
      }),
    );
    expect(sample.declaredAgreements).toBeUndefined();
    expect(sample.inseeBand).toBeUndefined();
    expect(sample.idcc).toEqual(['1486']);
  });
  it('junk in the extensions is dropped, never the item', () => {
    const c = toCompanySuggestion(
      registryItemSchema.parse({
        siren: '447654385',
        nom_entreprise: 'X',
        conventions_collectives: [{ idcc: 573, confirmee: 'oui', niveau: 'ailleurs' }],
        tranche_effectif_salarie: { x: 1 },
      }),
    );
    expect(c.declaredAgreements).toBeUndefined();
    expect(c.inseeBand).toBeUndefined();
    expect(c.idcc).toEqual(['0573']);
  });
});
