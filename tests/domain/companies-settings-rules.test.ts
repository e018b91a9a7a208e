import { describe, expect, it } from 'vitest';
import { companiesViewParams, filterCompanies, readCompaniesView } from '@/domain/companies-rules';
import { emailChanged, planSettingsUpdate } from '@/domain/settings-rules';

const companies = [
  {
    name: 'Boulangerie Épi d’Or',
    siret: '12345678900011',
    address: '3 rue des Lilas, 75011 Paris',
  },
  { name: 'ACME Conseil', siret: '98765432100022', address: '10 avenue Foch, 69006 Lyon' },
];

describe('companies sub-views (02 §2.5, §4)', () => {
  it('reads list, search and details from the URL, the list for anything else', () => {
    expect(readCompaniesView(new URLSearchParams(''))).toEqual({ view: 'list' });
    expect(readCompaniesView(new URLSearchParams('view=search&q=acme'))).toEqual({
      view: 'search',
      query: 'acme',
    });
    expect(readCompaniesView(new URLSearchParams('view=details&siret=12345678900011'))).toEqual({
      view: 'details',
      siret: '12345678900011',
    });
    expect(readCompaniesView(new URLSearchParams('view=details&siret=abc'))).toEqual({
      view: 'list',
    });
    expect(readCompaniesView(new URLSearchParams('view=edit&siret=12345678900011'))).toEqual({
      view: 'edit',
      siret: '12345678900011',
    });
    expect(readCompaniesView(new URLSearchParams('view=edit'))).toEqual({ view: 'list' });
    expect(readCompaniesView(new URLSearchParams('view=nope'))).toEqual({ view: 'list' });
    expect(readCompaniesView(new URLSearchParams(`view=search&q=${'x'.repeat(500)}`))).toEqual({
      view: 'search',
      query: '',
    });
  });
  it('round-trips through the URL parameters', () => {
    for (const v of [
      { view: 'list' } as const,
      { view: 'search', query: 'épi' } as const,
      { view: 'details', siret: '12345678900011' } as const,
      { view: 'edit', siret: '12345678900011' } as const,
    ]) {
      expect(readCompaniesView(new URLSearchParams(companiesViewParams(v)))).toEqual(
        v.view === 'search' ? v : v,
      );
    }
    expect(companiesViewParams({ view: 'search', query: '' })).toEqual({ view: 'search' });
  });
});

describe('local company search', () => {
  it('matches name and address without case or accents', () => {
    expect(filterCompanies(companies, 'epi').map((c) => c.siret)).toEqual(['12345678900011']);
    expect(filterCompanies(companies, 'LYON').map((c) => c.siret)).toEqual(['98765432100022']);
  });
  it('matches SIRET digits with spaces', () => {
    expect(filterCompanies(companies, '987 654').map((c) => c.siret)).toEqual(['98765432100022']);
    expect(filterCompanies(companies, '0001').map((c) => c.siret)).toEqual(['12345678900011']);
  });
  it('keeps all for a blank query, none for an unknown one', () => {
    expect(filterCompanies(companies, '  ')).toHaveLength(2);
    expect(filterCompanies(companies, 'zzz')).toEqual([]);
  });
});

describe('account settings plan (02 §7.1)', () => {
  it('compares e-mails trimmed and case-insensitively', () => {
    expect(emailChanged('a@exemple.fr', ' A@Exemple.fr ')).toBe(false);
    expect(emailChanged('a@exemple.fr', 'b@exemple.fr')).toBe(true);
  });
  it('changes the password only when given, the e-mail only when changed, phone null when empty', () => {
    expect(
      planSettingsUpdate(
        {
          contact_name: ' Camille ',
          contact_email: 'A@exemple.fr',
          contact_phone: '',
          new_password: '',
        },
        'a@exemple.fr',
      ),
    ).toEqual({
      profile: { contact_name: 'Camille', contact_phone: null },
      password: null,
      email: null,
    });
    expect(
      planSettingsUpdate(
        {
          contact_name: 'Camille',
          contact_email: ' b@exemple.fr',
          contact_phone: '06 12 34 56 78',
          new_password: 'nouveau123',
        },
        'a@exemple.fr',
      ),
    ).toEqual({
      profile: { contact_name: 'Camille', contact_phone: '06 12 34 56 78' },
      password: 'nouveau123',
      email: 'b@exemple.fr',
    });
  });
});
