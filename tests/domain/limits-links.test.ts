import { describe, expect, it } from 'vitest';
import {
  MAX_COMPANIES,
  MAX_SIMULATION_UPDATES,
  canAddCompany,
  canUpdateSimulation,
  companiesFromSimulations,
  nextUpdateCount,
  selectCompany,
} from '@/domain/limits';
import {
  buildReferralLink,
  buildSurveyLink,
  decodeReferralId,
  isValidReferralParam,
} from '@/domain/links';

describe('company limit', () => {
  it('is 3', () => {
    expect(MAX_COMPANIES).toBe(3);
  });
  it('2 companies: can add; 3: cannot', () => {
    expect(canAddCompany(2)).toBe(true);
    expect(canAddCompany(3)).toBe(false);
  });
});

describe('simulation update limit', () => {
  it('is 3', () => {
    expect(MAX_SIMULATION_UPDATES).toBe(3);
  });
  it('update_count 2: allowed; 3: blocked', () => {
    expect(canUpdateSimulation(2)).toBe(true);
    expect(canUpdateSimulation(3)).toBe(false);
    expect(canUpdateSimulation(4)).toBe(false);
  });
  it('new save → 0, existing → +1, at the limit → refused', () => {
    expect(nextUpdateCount(null)).toBe(0);
    expect(nextUpdateCount({ update_count: 0 })).toBe(1);
    expect(nextUpdateCount({ update_count: 2 })).toBe(3);
    expect(nextUpdateCount({ update_count: 3 })).toBeNull();
  });
});

describe('companies from simulations', () => {
  const sim = (
    siret: string,
    created_at: string,
    name = siret,
    deleted_at: string | null = null,
  ) => ({
    company_siret: siret,
    company_name: name,
    company_address: `${name} address`,
    created_at,
    deleted_at,
  });
  const sims = [
    sim('A', '2026-01-01T00:00:00Z', 'A old'),
    sim('B', '2026-02-01T00:00:00Z'),
    sim('A', '2026-03-01T00:00:00Z', 'A new'),
    sim('C', '2026-04-01T00:00:00Z', 'C', '2026-04-02T00:00:00Z'),
  ];
  it('groups by siret, keeps the latest, newest first, without deleted rows', () => {
    const companies = companiesFromSimulations(sims);
    expect(companies.map((c) => [c.siret, c.name])).toEqual([
      ['A', 'A new'],
      ['B', 'B'],
    ]);
    expect(companies[0]?.simulation.created_at).toBe('2026-03-01T00:00:00Z');
    expect(companies[0]?.address).toBe('A new address');
  });
  it('selects the siret of the navigation state, else the newest, else null', () => {
    const companies = companiesFromSimulations(sims);
    expect(selectCompany(companies, 'B')?.siret).toBe('B');
    expect(selectCompany(companies, 'Z')?.siret).toBe('A');
    expect(selectCompany(companies)?.siret).toBe('A');
    expect(selectCompany([], 'A')).toBeNull();
  });
});

describe('links', () => {
  const id = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
  it('referral link: origin + /simulation/step1?ref= + URL-encoded base64 of the user id', () => {
    const link = buildReferralLink('https://app.example.fr/', id);
    expect(link).toBe(
      `https://app.example.fr/simulation/step1?ref=${encodeURIComponent(btoa(id))}`,
    );
  });
  it('padding and + / of base64 are URL-encoded', () => {
    expect(buildReferralLink('https://a.fr', 'abcd')).toBe(
      'https://a.fr/simulation/step1?ref=YWJjZA%3D%3D',
    );
    expect(buildReferralLink('https://a.fr', '\u00fb\u00ef')).toBe(
      'https://a.fr/simulation/step1?ref=w7vDrw%3D%3D',
    );
    expect(buildReferralLink('https://a.fr', '>>>?')).toBe(
      'https://a.fr/simulation/step1?ref=Pj4%2BPw%3D%3D',
    );
  });
  it('the ref parameter decodes back to the user id', () => {
    const ref = new URL(buildReferralLink('https://app.example.fr', id)).searchParams.get('ref');
    expect(decodeReferralId(ref)).toBe(id);
    expect(isValidReferralParam(ref)).toBe(true);
  });
  it('invalid refs decode to null', () => {
    expect(decodeReferralId(btoa('not-a-uuid'))).toBeNull();
    expect(decodeReferralId('%%%')).toBeNull();
    expect(decodeReferralId(null)).toBeNull();
    expect(decodeReferralId('a'.repeat(10_000))).toBeNull();
  });
  it('survey link: origin + /survey/ + id', () => {
    expect(buildSurveyLink('https://app.example.fr', id)).toBe(
      `https://app.example.fr/survey/${id}`,
    );
  });
});
