// French elision of « de » before names (issue 16 item 10: « Site de AGEFICE » → « Site
// d'AGEFICE »), over all 11 OPCO names, the independents' funds, vowel, h and y cases.
import { describe, expect, it } from 'vitest';
import { deName, elidesBefore } from '@/domain/french-elision';
import { OPCO_SHORT_NAMES } from '@/domain/opco';
import { fr } from '@/i18n/fr';

describe('deName', () => {
  it('elides before every OPCO name that starts with a vowel, not before CONSTRUCTYS', () => {
    const expected: Record<(typeof OPCO_SHORT_NAMES)[number], string> = {
      AFDAS: "d'AFDAS",
      Atlas: "d'Atlas",
      OCAPIAT: "d'OCAPIAT",
      UNIFORMATION: "d'UNIFORMATION",
      CONSTRUCTYS: 'de CONSTRUCTYS',
      OPCOMMERCE: "d'OPCOMMERCE",
      AKTO: "d'AKTO",
      'OPCO 2i': "d'OPCO 2i",
      'OPCO Mobilités': "d'OPCO Mobilités",
      'OPCO EP': "d'OPCO EP",
      'OPCO Santé': "d'OPCO Santé",
    };
    expect(OPCO_SHORT_NAMES).toHaveLength(11);
    for (const name of OPCO_SHORT_NAMES) expect(deName(name)).toBe(expected[name]);
  });

  it("elides before the independents' funds that need it", () => {
    expect(deName('AGEFICE')).toBe("d'AGEFICE");
    expect(deName('VIVEA')).toBe('de VIVEA');
    expect(deName('FIF PL')).toBe('de FIF PL');
    expect(deName('FAFCEA')).toBe('de FAFCEA');
  });

  it('elides before any vowel, accented or not, in any case', () => {
    for (const name of ['Élise', 'Étienne', 'Inès', 'Océane', 'Altéa Conseil', 'île', 'Ulysse'])
      expect(deName(name)).toBe(`d'${name}`);
    for (const name of ['Camille', 'Thomas', 'Boulangerie Dupont', 'Zoé']) {
      expect(deName(name)).toBe(`de ${name}`);
    }
  });

  it('elides before a mute h, not before an aspirated h', () => {
    expect(deName('Hélène')).toBe("d'Hélène");
    expect(deName('Hugo')).toBe("d'Hugo");
    expect(deName('HEC Paris')).toBe("d'HEC Paris");
    expect(deName('Hauts-de-France Formation')).toBe('de Hauts-de-France Formation');
    expect(deName('Hongrie Export')).toBe('de Hongrie Export');
    expect(elidesBefore('hasard')).toBe(false);
  });

  it('treats y as a vowel before a consonant only', () => {
    expect(deName('Yves')).toBe("d'Yves");
    expect(deName('Yvelines Services')).toBe("d'Yvelines Services");
    expect(deName('Yasmine')).toBe('de Yasmine');
    expect(deName('Y')).toBe('de Y');
  });

  it('trims, skips leading punctuation, and never elides before a digit or nothing', () => {
    expect(deName('  AKTO ')).toBe("d'AKTO");
    expect(deName('« Atelier » Martin')).toBe("d'« Atelier » Martin");
    expect(deName('3F Formation')).toBe('de 3F Formation');
    expect(deName('')).toBe('de');
    expect(deName('   ')).toBe('de');
  });
});

describe('the French texts use it', () => {
  it('« Site d’AGEFICE », « Photo d’Élise », « détails d’Altéa Conseil »', () => {
    expect(fr.dashboard.autoEntrepreneur.fundLink('AGEFICE')).toBe("Site d'AGEFICE");
    expect(fr.dashboard.autoEntrepreneur.fundLink('VIVEA')).toBe('Site de VIVEA');
    expect(fr.experts.pictureAlt('Élise')).toBe("Photo d'Élise");
    expect(fr.companies.details.openFor('Altéa Conseil')).toBe("Voir les détails d'Altéa Conseil");
  });
});
