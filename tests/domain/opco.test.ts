import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RDV_IDCC_LIST,
  OPCO_SHORT_NAMES,
  OPCO_WEBSITES,
  isRdvEligible,
  normalizeOpcoName,
  opcoLogoKey,
  opcoWebsite,
} from '@/domain/opco';

describe('opcoLogoKey (02 §2.3)', () => {
  it.each([
    ['AKTO', 'akto'],
    ['OCAPIAT', 'ocapiat'],
    ['OPCO 2i', '2i'],
    ['AFDAS', 'afdas'],
    ['OPCO Cohésion sociale', 'cohesion'],
    ['OPCOMMERCE', 'commerce'],
    ['OPCO Construction', 'construction'],
    ['OPCO entreprises de proximité', 'proximité'],
    ['OPCO Mobilités', 'mobilité'],
    ['OPCO Santé', 'santé'],
    ['opco sante', 'santé'],
  ])('%s → %s', (name, key) => {
    expect(opcoLogoKey(name)).toBe(key);
  });
  it('no logo for Atlas', () => {
    expect(opcoLogoKey('Atlas')).toBeNull();
    expect(opcoLogoKey('OPCO ATLAS')).toBeNull();
  });
  it('default otherwise', () => {
    expect(opcoLogoKey('Inconnu')).toBe('default');
    expect(opcoLogoKey('')).toBe('default');
    expect(opcoLogoKey(null)).toBe('default');
  });
  it('short names without their keyword find it', () => {
    expect(opcoLogoKey('UNIFORMATION')).toBe('cohesion');
    expect(opcoLogoKey('CONSTRUCTYS')).toBe('construction');
    expect(opcoLogoKey('OPCO EP')).toBe('proximité');
    expect(
      opcoLogoKey("OPCO entreprises et salariés des services à forte intensité de main-d'œuvre"),
    ).toBe('akto');
  });
});

describe('opcoWebsite', () => {
  it('covers the 11 OPCOs on the uppercased trimmed name', () => {
    expect(Object.keys(OPCO_WEBSITES)).toHaveLength(11);
    for (const name of OPCO_SHORT_NAMES)
      expect(opcoWebsite(` ${name.toLowerCase()} `)).toMatch(/^https:\/\/www\./);
    expect(opcoWebsite('AFDAS')).toBe('https://www.afdas.com');
    expect(opcoWebsite('Atlas')).toBe('https://www.opco-atlas.fr');
    expect(opcoWebsite('OPCO Santé')).toBe('https://www.opco-sante.fr');
    expect(opcoWebsite('opco ep')).toBe('https://www.opcoep.fr');
  });
  it('long names go through their short name', () => {
    expect(opcoWebsite('OPCO entreprises de proximité')).toBe('https://www.opcoep.fr');
  });
  it('unknown → null (the caller opens the provider page)', () => {
    expect(opcoWebsite('Inconnu')).toBeNull();
    expect(opcoWebsite(undefined)).toBeNull();
  });
});

describe('normalizeOpcoName', () => {
  it('maps every long name of idcc-opco.csv to one of the 11 short names', () => {
    // The repository's table (snapshot + the research's additions), not a path outside the clone.
    const names = new Set(
      Papa.parse<{ opco: string }>(readFileSync('data/idcc-opco.csv', 'utf8'), {
        header: true,
        skipEmptyLines: true,
      }).data.map((r) => r.opco),
    );
    const mapped = new Map([...names].map((n) => [n, normalizeOpcoName(n)]));
    expect(Object.fromEntries(mapped)).toEqual({
      AFDAS: 'AFDAS',
      OCAPIAT: 'OCAPIAT',
      'OPCO 2i': 'OPCO 2i',
      'OPCO ATLAS': 'Atlas',
      'OPCO Cohésion sociale': 'UNIFORMATION',
      'OPCO Commerce': 'OPCOMMERCE',
      'OPCO Construction': 'CONSTRUCTYS',
      'OPCO Mobilité': 'OPCO Mobilités',
      'OPCO Santé': 'OPCO Santé',
      'OPCO entreprises de proximité': 'OPCO EP',
      "OPCO entreprises et salariés des services à forte intensité de main-d'œuvre": 'AKTO',
    });
  });
  it('short names map to themselves, unknown to null', () => {
    for (const name of OPCO_SHORT_NAMES) expect(normalizeOpcoName(name)).toBe(name);
    expect(normalizeOpcoName('Pôle emploi')).toBeNull();
    expect(normalizeOpcoName(42)).toBeNull();
  });
});

describe('isRdvEligible', () => {
  it('about 70 distinct 4-digit codes, all in force and extended in idcc.csv', () => {
    expect(DEFAULT_RDV_IDCC_LIST).toHaveLength(70);
    expect(new Set(DEFAULT_RDV_IDCC_LIST).size).toBe(70);
    const csv = readFileSync('data/idcc.csv', 'utf8');
    const extended = new Set(
      csv
        .split('\n')
        .filter((l) => l.includes(',VIGUEUR_ETEN,'))
        .map((l) => l.slice(0, 4)),
    );
    for (const code of DEFAULT_RDV_IDCC_LIST) expect(extended.has(code), code).toBe(true);
  });
  it('in the list → true; not in it → false', () => {
    expect(isRdvEligible('1486')).toBe(true);
    expect(isRdvEligible('9999')).toBe(false);
  });
  it('compares zero-padded codes', () => {
    expect(isRdvEligible('16')).toBe(true);
    expect(isRdvEligible(16, ['0016'])).toBe(true);
  });
  it('uses the given list', () => {
    expect(isRdvEligible('1486', ['2098'])).toBe(false);
    expect(isRdvEligible('2098', ['2098'])).toBe(true);
  });
  it('empty or invalid IDCC is never eligible', () => {
    expect(isRdvEligible('', [''])).toBe(false);
    expect(isRdvEligible(null)).toBe(false);
  });
});
