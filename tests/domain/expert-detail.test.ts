import { describe, expect, it } from 'vitest';
import { expertProfile } from '@/domain/expert-detail';

describe('expertProfile', () => {
  it('keeps everything a hit says, cleaned, the current job first', () => {
    const profile = expertProfile({
      firstname: ' Moussa ',
      expertise_name: 'Marketing digital',
      public_experiences: [
        { isCurrentJob: false, jobTitle: 'Chef de projet web' },
        { isCurrentJob: true, jobTitle: ' Responsable  marketing digital ' },
        { isCurrentJob: false, jobTitle: 'Chef de projet web' },
        { isCurrentJob: false, jobTitle: '   ' },
        'pas un objet',
      ],
      skills: ['Emailing', 'emailing', ' Branding ', 42],
      tools: ['Brevo', ''],
      description: ' Six ans  d’expérience. ',
      sector: 'Numérique',
      market: ['B2B', 'B2C', 'b2b'],
      does_guides_beginners: false,
      does_guides_intermediates: true,
      does_guides_advances: true,
    });
    expect(profile).toEqual({
      name: 'Moussa',
      expertise: 'Marketing digital',
      description: 'Six ans d’expérience.',
      skills: ['Emailing', 'Branding'],
      tools: ['Brevo'],
      sectors: ['Numérique'],
      markets: ['B2B', 'B2C'],
      levels: ['intermediates', 'advanced'],
      experiences: [
        { title: 'Responsable marketing digital', current: true },
        { title: 'Chef de projet web', current: false },
      ],
    });
  });

  it('a malformed hit gives an empty profile, never a crash nor a raw value', () => {
    expect(
      expertProfile({
        firstname: 12,
        expertise_name: null,
        public_experiences: 'x',
        skills: 'x',
        sector: { a: 1 },
        does_guides_beginners: 'yes',
      }),
    ).toEqual({
      name: '',
      expertise: null,
      description: null,
      skills: [],
      tools: [],
      sectors: [],
      markets: [],
      levels: [],
      experiences: [],
    });
  });

  it('the expertise is left out when it is the name shown', () => {
    expect(expertProfile({ expertise_name: 'Comptabilité' })).toMatchObject({
      name: 'Comptabilité',
      expertise: null,
    });
  });
});
