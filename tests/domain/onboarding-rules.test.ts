import { describe, expect, it } from 'vitest';
import { DEFAULT_BANDS } from '@/domain/headcount';
import { buildReferralLink } from '@/domain/links';
import {
  addRecentCompany,
  buildSignUpMetadata,
  buildSimulationFields,
  classifySignUpFailure,
  decideDetailsEntry,
  filterRecentCompanies,
  moveHighlight,
  parseRecentCompanies,
  resolveHeadcountRange,
  secondsLeft,
} from '@/domain/onboarding-rules';
import {
  ONBOARDING_KEYS,
  parseStored,
  readStored,
  serializeStored,
  writeStored,
  type PendingSimulation,
} from '@/domain/onboarding-storage';
import { encodeCompanyParam, type CompanySuggestion } from '@/domain/registry';

const company: CompanySuggestion = {
  forme_juridique: 'SARL',
  isIdcc: true,
  siren: '978961233',
  siret: '97896123300951',
  companyName: 'ALTÉA SYSTÈMES',
  companyAddress: '65 avenue de la République 73000 CHAMBÉRY',
  codeNaf: '62.02A',
  idcc: ['1486'],
};
const ref = new URL(
  buildReferralLink('https://app.example', '11111111-1111-4111-8111-111111111111'),
).searchParams.get('ref')!;

describe('moveHighlight (01 §2: bounded, no wrap)', () => {
  it.each([
    [-1, 'ArrowDown', 3, 0],
    [0, 'ArrowDown', 3, 1],
    [2, 'ArrowDown', 3, 2],
    [-1, 'ArrowUp', 3, 0],
    [0, 'ArrowUp', 3, 0],
    [2, 'ArrowUp', 3, 1],
    [5, 'ArrowUp', 3, 1],
    [0, 'ArrowDown', 0, -1],
  ] as const)('%i %s over %i -> %i', (from, key, count, expected) => {
    expect(moveHighlight(from, key, count)).toBe(expected);
  });
});

describe('decideDetailsEntry (01 §2)', () => {
  it('stores a valid company parameter and re-enters with state', () => {
    const entry = decideDetailsEntry({
      companyParam: encodeCompanyParam(company),
      state: null,
      stored: null,
    });
    expect(entry).toEqual({
      kind: 'store-and-reenter',
      company,
      state: { company, addingNewCompany: true, from: 'rechercher-entreprise' },
    });
  });
  it('sends an invalid parameter back to the search', () => {
    expect(
      decideDetailsEntry({ companyParam: 'pas-du-base64', state: null, stored: company }),
    ).toMatchObject({
      kind: 'redirect',
      to: '/rechercher-entreprise',
    });
  });
  it('without the adding flag goes to the dashboard', () => {
    expect(
      decideDetailsEntry({ companyParam: null, state: { company }, stored: company }),
    ).toMatchObject({
      kind: 'redirect',
      to: '/dashboard',
    });
  });
  it('without a stored company, or without NAF code, goes back to the search', () => {
    const adding = { company, addingNewCompany: true };
    expect(decideDetailsEntry({ companyParam: null, state: adding, stored: null })).toMatchObject({
      reason: 'no-company',
    });
    const noNaf = { ...company, codeNaf: '' };
    expect(
      decideDetailsEntry({
        companyParam: null,
        state: { company: noNaf, addingNewCompany: true },
        stored: noNaf,
      }),
    ).toMatchObject({ to: '/rechercher-entreprise', reason: 'missing-naf' });
  });
  it('renders with the state company, keeping from and a valid ref only', () => {
    const entry = decideDetailsEntry({
      companyParam: null,
      state: { company, addingNewCompany: true, from: 'dashboard', ref },
      stored: company,
    });
    expect(entry).toEqual({
      kind: 'render',
      company,
      nav: { company, addingNewCompany: true, from: 'dashboard', ref },
    });
    const tampered = decideDetailsEntry({
      companyParam: null,
      state: { addingNewCompany: true, ref: '<script>' },
      stored: company,
    });
    expect(tampered).toMatchObject({ kind: 'render', nav: { addingNewCompany: true } });
    expect((tampered as { nav: { ref?: string } }).nav.ref).toBeUndefined();
  });
});

describe('resolveHeadcountRange (01 §4 auto-match)', () => {
  it('matches a typed count to a band, never the 0-0 or -1 bands', () => {
    expect(
      resolveHeadcountRange(DEFAULT_BANDS, { min: 25, max: 25, label: '25 salariés' }),
    ).toEqual(DEFAULT_BANDS[2]);
    expect(
      resolveHeadcountRange(DEFAULT_BANDS, { min: 0, max: 0, label: 'Auto-entrepreneur' }),
    ).toEqual(DEFAULT_BANDS[0]);
    const noMatch = { min: 9000, max: 9000, label: '9000 salariés' };
    expect(resolveHeadcountRange(DEFAULT_BANDS, noMatch)).toEqual(noMatch);
    expect(resolveHeadcountRange(DEFAULT_BANDS, DEFAULT_BANDS[3]!)).toEqual(DEFAULT_BANDS[3]);
  });
});

describe('first simulation and sign-up metadata (01 §4)', () => {
  const budget = {
    budget_type: 'TOTAL' as const,
    budget_legal: null,
    budget_convention: null,
    budget_total: 3000,
    budget_condition: null,
    opco_name: 'Atlas',
    taux_prise_en_charge: 100,
  };
  const pending: PendingSimulation = buildSimulationFields(
    company,
    { idcc: '1486', range: { min: 1, max: 10 } },
    budget,
  );
  it('builds the simulation columns', () => {
    expect(pending).toEqual({
      company_name: 'ALTÉA SYSTÈMES',
      company_address: company.companyAddress,
      company_siret: company.siret,
      code_naf: '62.02A',
      idcc: '1486',
      employee_range_min: 1,
      employee_range_max: 10,
      ...budget,
    });
  });
  it('puts the contact, company, first simulation and referral id in the metadata', () => {
    const meta = buildSignUpMetadata({
      contact: {
        name: ' Camille ',
        lastName: 'Martin',
        email: 'RH@Exemple.fr ',
        phone: '',
        role: 'RH',
      },
      company,
      pending,
      pendingId: 'a1b2',
      referralId: ref,
    });
    expect(meta).toEqual({
      contact_name: 'Camille Martin',
      contact_email: 'rh@exemple.fr',
      contact_phone: '',
      contact_role: 'RH',
      company_name: company.companyName,
      company_address: company.companyAddress,
      company_siret: company.siret,
      code_naf: '62.02A',
      pending_simulation: { id: 'a1b2', ...pending },
      referral_id: ref,
    });
    expect(
      buildSignUpMetadata({
        contact: { name: 'A', email: 'a@b.fr', phone: '', role: 'RH' },
        company: null,
        pending: null,
        pendingId: 'x',
        referralId: 'junk',
      }),
    ).toMatchObject({
      pending_simulation: null,
      referral_id: null,
      company_siret: '',
    });
  });
  it('classifies sign-up failures', () => {
    expect(classifySignUpFailure({ code: 'user_already_exists' })).toBe('already_exists');
    expect(
      classifySignUpFailure({ code: 'unknown', message: 'Database error saving new user' }),
    ).toBe('profile');
    expect(classifySignUpFailure({ code: 'network' })).toBe('network');
    expect(classifySignUpFailure({ code: 'weak_password', message: 'Password should be…' })).toBe(
      'weak_password',
    );
    expect(classifySignUpFailure({ code: 'unknown', message: 'Something else' })).toBe('other');
  });
});

describe('recent companies', () => {
  it('keeps 5, newest first, without duplicates, dropping tampered items', () => {
    let list: CompanySuggestion[] = [];
    for (let i = 0; i < 7; i++)
      list = addRecentCompany(list, {
        ...company,
        siret: `9789612330095${i}`,
        companyName: `Société ${i}`,
      });
    list = addRecentCompany(list, {
      ...company,
      siret: '97896123300953',
      companyName: 'Société 3',
    });
    expect(list.map((c) => c.companyName)).toEqual([
      'Société 3',
      'Société 6',
      'Société 5',
      'Société 4',
      'Société 2',
    ]);
    expect(parseRecentCompanies([...list, { siret: 'x' }, 'junk', null])).toHaveLength(5);
    expect(parseRecentCompanies({ not: 'a list' })).toEqual([]);
  });
  it('filters by name (accents and case folded), address or SIRET', () => {
    const list = [
      company,
      {
        ...company,
        siret: '12345678900011',
        siren: '123456789',
        companyName: 'Boulangerie Dupont',
        companyAddress: 'Lyon',
      },
    ];
    expect(filterRecentCompanies(list, 'altea').map((c) => c.companyName)).toEqual([
      'ALTÉA SYSTÈMES',
    ]);
    expect(filterRecentCompanies(list, '123 456').map((c) => c.companyName)).toEqual([
      'Boulangerie Dupont',
    ]);
    expect(filterRecentCompanies(list, '  ')).toHaveLength(2);
  });
});

describe('resend countdown (02 §2.7)', () => {
  it('counts whole seconds down to 0, at most 60', () => {
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(10_500, 1_000)).toBe(10);
    expect(secondsLeft(1_000, 5_000)).toBe(0);
    expect(secondsLeft(Number.NaN, 0)).toBe(0);
  });
});

describe('local storage keys (01 §3)', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return {
      map,
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
  };
  it('uses the documented key names', () => {
    expect(Object.values(ONBOARDING_KEYS)).toEqual([
      'selectedCompany',
      'contactFormData',
      'companyDetails',
      'pendingSimulation',
      'referralId',
    ]);
  });
  it('round-trips valid values and reads tampered ones as null', () => {
    const storage = memory();
    expect(writeStored(storage, 'selectedCompany', company)).toBe(true);
    expect(readStored(storage, 'selectedCompany')).toEqual(company);
    storage.map.set('selectedCompany', '{"siret": 12}');
    expect(readStored(storage, 'selectedCompany')).toBeNull();
    storage.map.set('pendingSimulation', 'not json');
    expect(readStored(storage, 'pendingSimulation')).toBeNull();
    storage.map.set('referralId', 'bm90LWEtdXVpZA==');
    expect(readStored(storage, 'referralId')).toBeNull();
    expect(writeStored(storage, 'referralId', ref)).toBe(true);
    expect(storage.map.get('referralId')).toBe(ref);
    expect(parseStored('companyDetails', 'x'.repeat(60_000))).toBeNull();
  });
  it('never stores passwords in contactFormData', () => {
    const text = serializeStored('contactFormData', {
      name: 'Camille',
      lastName: '',
      email: 'a@b.fr',
      phone: '',
      role: 'RH',
      acceptTerms: true,
      ...({ password: 'secret123' } as object),
    } as never);
    expect(text).not.toContain('secret123');
  });
  it('a refusing storage returns false instead of throwing', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {},
    };
    expect(writeStored(broken, 'selectedCompany', company)).toBe(false);
    expect(readStored(broken, 'selectedCompany')).toBeNull();
  });
});
