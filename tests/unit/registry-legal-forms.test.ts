// The legal-form table against INSEE's list of level III legal categories (issue 27 item 6):
// every abbreviation belongs to a code of the list and says what its label says.
import { describe, expect, it } from 'vitest';
import {
  INSEE_LEGAL_CATEGORIES,
  LEGAL_FORM_ABBREVIATIONS,
  LEGAL_FORMS,
  legalFormOf,
} from '../../supabase/functions/_shared/registry/legal-forms';

/** What each abbreviation means, as words of the INSEE label. */
const MEANING: Record<string, RegExp> = {
  SNC: /^Société en nom collectif/,
  SCS: /^Société en commandite simple/,
  SCA: /^Société en commandite par actions/,
  SLP: /libre partenariat/,
  'SPFPL SCA': /Participations Financières.*commandite par actions/,
  'SPFPL SARL': /Participations Financières.*responsabilité limitée/,
  'SPFPL SA': /Participations Financières.*Société anonyme/,
  'SPFPL SAS': /Participations Financières.*actions simplifiée/,
  SELCA: /^Société d'exercice libéral en commandite par actions$/,
  SELARL: /^Société d'exercice libéral à responsabilité limitée$/,
  SELAFA: /^Société d'exercice libéral à forme anonyme/,
  SELAS: /^Société d'exercice libéral par action simplifiée$/,
  SARL: /^Société à responsabilité limitée/,
  SA: /^SA à (conseil d'administration|directoire) \(s\.a\.i\.\)$/,
  SAS: /^SAS, société par actions simplifiée$/,
  SE: /^Société européenne$/,
  GEIE: /^Groupement européen d'intérêt économique/,
  GIE: /^Groupement d'intérêt économique/,
  CUMA: /^Coopérative d'utilisation de matériel agricole/,
  SCPI: /^Société civile de placement collectif immobilier/,
  GAEC: /^Groupement agricole d'exploitation en commun/,
  SCI: /^Société civile immobilière$/,
  SCM: /^Société civile de moyens$/,
  EARL: /^Exploitation agricole à responsabilité limitée$/,
};

describe('legal forms', () => {
  it('every abbreviation is on INSEE’s list and matches its label', () => {
    for (const [code, short] of Object.entries(LEGAL_FORM_ABBREVIATIONS)) {
      const label = INSEE_LEGAL_CATEGORIES[code];
      expect(label, code).toBeDefined();
      const meaning = MEANING[short.replace(/ coopérative$/, '')];
      expect(meaning, `${code} ${short}`).toBeDefined();
      expect(label, `${code} ${short}`).toMatch(meaning!);
      if (short.endsWith(' coopérative')) expect(label, code).toMatch(/coopérative$/);
    }
  });
  it('the list: 4-digit codes, clean labels, the known cases', () => {
    const codes = Object.keys(INSEE_LEGAL_CATEGORIES);
    expect(codes.length).toBeGreaterThan(250);
    for (const code of codes) {
      expect(code).toMatch(/^\d{4}$/);
      const label = INSEE_LEGAL_CATEGORIES[code]!;
      expect(label, code).toBe(label.trim());
      expect(label, code).not.toMatch(/&nbsp;|\s{2}/);
    }
    expect(INSEE_LEGAL_CATEGORIES['5308']).toBe('Société en commandite par actions');
    expect(INSEE_LEGAL_CATEGORIES['5385']).toBe(
      "Société d'exercice libéral en commandite par actions",
    );
    expect(INSEE_LEGAL_CATEGORIES['5585']).toBe(
      "Société d'exercice libéral à forme anonyme à conseil d'administration",
    );
    // Not INSEE codes (an old SARL unipersonnelle, an invented SASU): no form at all.
    expect(INSEE_LEGAL_CATEGORIES['5498']).toBeUndefined();
    expect(INSEE_LEGAL_CATEGORIES['5720']).toBeUndefined();
  });
  it('LEGAL_FORMS covers every code, abbreviation first', () => {
    expect(Object.keys(LEGAL_FORMS).sort()).toEqual(Object.keys(INSEE_LEGAL_CATEGORIES).sort());
    expect(LEGAL_FORMS['5308']).toBe('SCA');
    expect(LEGAL_FORMS['7344']).toBe('Métropole');
    expect(legalFormOf(' 5499 ')).toBe('SARL');
    expect(legalFormOf(null)).toBeNull();
  });
});
