// A cap per trainee and per file read from the source's own words only when they say exactly that
// (issue 27 item 3): the research keeps OCAPIAT's « 8 000 euros HT/stagiaire/dossier » in its quote.
import { describe, expect, it } from 'vitest';
import { perTraineePerFileCapOf } from '@/domain/evidence-caps';

describe('perTraineePerFileCapOf', () => {
  it("reads the research's quote of OCAPIAT 2026 (line 181)", () => {
    expect(
      perTraineePerFileCapOf(
        'S2 : « PDC <11 et 11-49 sal. (hors peche) : parcours certifiants plafonnes a 40 euros/h HT et 8 000 euros HT/stagiaire/dossier (regles 2026, CA du 12/05/2026) »',
      ),
    ).toBe(8000);
  });
  it('reads « par stagiaire et par dossier » with € and a narrow space', () => {
    expect(perTraineePerFileCapOf('jusqu’à 1\u202f500 € HT par stagiaire et par dossier')).toBe(
      1500,
    );
  });
  it('an hourly rate per trainee, a sum per trainee without « dossier », or a range is no figure', () => {
    expect(perTraineePerFileCapOf('24 euros HT/h/stagiaire pour Batiment <11 salaries')).toBeNull();
    expect(perTraineePerFileCapOf('Peche : 7 000-10 500 euros/stagiaire selon duree')).toBeNull();
    expect(perTraineePerFileCapOf('VAE/BC 1 500€. Rémunération non couverte.')).toBeNull();
    expect(perTraineePerFileCapOf(null)).toBeNull();
  });
  it('two different amounts: the quote is shown, not a figure', () => {
    expect(
      perTraineePerFileCapOf('8 000 euros HT/stagiaire/dossier ; 4 000 euros HT/stagiaire/dossier'),
    ).toBeNull();
  });
});
