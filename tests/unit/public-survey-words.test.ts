// The public survey names its company in correct French (issue 29 item 13): « Sondage d'Altéa
// Conseil », « pour le compte d'Altéa Conseil », « tant qu'Altéa Conseil », and no elision before
// a consonant (« Sondage de Boulangerie Martin »).
import { describe, expect, it } from 'vitest';
import { publicSurvey } from '@/i18n/fr/public-survey';

describe('public survey: the company named with elision', () => {
  it('elides before a vowel', () => {
    expect(publicSurvey.from('Altéa Conseil')).toBe("Sondage d'Altéa Conseil");
    expect(publicSurvey.privacy.host('Altéa Conseil')).toMatch(
      /^.*pour le compte d'Altéa Conseil\./,
    );
    expect(publicSurvey.privacy.keep('Altéa Conseil')).toMatch(/tant qu'Altéa Conseil ne les/);
  });
  it('not before a consonant, nor without a company', () => {
    expect(publicSurvey.from('Boulangerie Martin')).toBe('Sondage de Boulangerie Martin');
    expect(publicSurvey.privacy.keep('Boulangerie Martin')).toMatch(/tant que Boulangerie Martin/);
    expect(publicSurvey.privacy.host(null)).toMatch(/pour le compte de cette entreprise\./);
    expect(publicSurvey.privacy.keep(null)).toMatch(/tant que l'entreprise ne les/);
  });
});
