// The rules of the visible-strings test (tests/e2e/visible-strings.e2e.ts): how a screen's text is
// cut and normalised, what is never accepted, and the allow-list's file format.
import { describe, expect, it } from 'vitest';
import {
  forbiddenTokens,
  formatAllowList,
  normaliseSentence,
  parseAllowList,
  sentencesOf,
} from '../e2e/support/visible-strings';

describe('sentences of a screen', () => {
  it('one per line, cut after a full stop before a capital, normalised', () => {
    expect(
      sentencesOf(
        'Budget Total : 3\u202f000\u00a0€ HT\nAnalyse du 27 novembre 2026. De nouvelles réponses sont arrivées.\n\n  42  \nEnvoyé à camille.martin+rdv@exemple.fr le lundi 30 novembre',
      ),
    ).toEqual([
      'Budget Total : # # € HT',
      'Analyse du # <mois> #.',
      'De nouvelles réponses sont arrivées.',
      'Envoyé à <e-mail> le <jour> # <mois>',
    ]);
    expect(
      normaliseSentence('Voir https://exemple.fr/x?y=1 et 5f2b1c3e-8a4d-4e6f-9b1a-2c3d4e5f6a7b'),
    ).toBe('Voir <lien> et <id>');
  });

  it('a run-on line stays one sentence (and is not in the allow-list)', () => {
    expect(sentencesOf('Analyse du 27 novembre 2026 De nouvelles réponses')).toEqual([
      'Analyse du # <mois> # De nouvelles réponses',
    ]);
  });
});

describe('forbidden tokens', () => {
  const tokens = (s: string) => forbiddenTokens(s).map((f) => `${f.why}: ${f.token}`);

  it('raw codes, enum values and raw JavaScript values', () => {
    expect(tokens('Lien expiré (otp_expired)')).toEqual(['code: otp_expired']);
    expect(tokens('Statut : to_organize')).toContain('code: to_organize');
    expect(tokens('Type : LEGAL_CONVENTION')).toContain('code: LEGAL_CONVENTION');
    expect(tokens('Budget : UNKNOWN')).toContain('enum value: UNKNOWN');
    expect(tokens('Nom : undefined')).toEqual(['raw value: undefined', 'English word: undefined']);
    expect(tokens('Total : NaN €')).toEqual(['raw value: NaN', 'English word: NaN']);
    expect(tokens('Téléphone : null')).toEqual(['raw value: null', 'English word: null']);
    expect(tokens('[object Object]')).toContain('code: [object Object]');
  });

  it('English words, and stored values that are English', () => {
    expect(tokens('Loading...')).toEqual(['English word: Loading']);
    expect(tokens('Close toast')).toEqual(['English word: Close']);
    expect(tokens('Statut : pending')).toEqual(['English word: pending']);
    expect(tokens('Impact : high')).toEqual(['English word: high']);
  });

  it('French, acronyms, the documents’ own words and product names pass', () => {
    for (const ok of [
      'Voici le budget formation de votre entreprise !',
      'SIRET : # · IDCC # · OPCO EP · # # € HT',
      'Parrainage New',
      'Matching expert #h',
      'RDV conseiller #min',
      'Email invalide',
      'Outils : Welcome to the Jungle, Lucca',
      'Budget Total : # # € HT',
      'Active', // French adjective
      'ALTÉA SYSTÈMES',
    ])
      expect(tokens(ok), ok).toEqual([]);
  });
});

describe('the allow-list file', () => {
  it('puts what three screens share under [commun], sorted, and reads back every sentence', () => {
    const seen = new Map([
      ['/a', ['Mon budget', 'Zèbre', 'Été']],
      ['/b', ['Mon budget', 'Abricot', '# rue de Rivoli, # Paris']],
      ['/c', ['Mon budget']],
    ]);
    const text = formatAllowList(seen);
    expect(text).toContain('[commun]\nMon budget\n');
    expect(text).toContain('[/a]\nÉté\nZèbre\n');
    expect(text).toContain('[/b]\n# rue de Rivoli, # Paris\nAbricot\n');
    const parsed = parseAllowList(text);
    expect([...parsed.sentences].sort()).toEqual(
      ['# rue de Rivoli, # Paris', 'Abricot', 'Mon budget', 'Zèbre', 'Été'].sort(),
    );
    expect(parsed.bySection.get('commun')).toEqual(['Mon budget']);
  });
});
