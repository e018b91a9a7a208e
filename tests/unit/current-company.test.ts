import { describe, expect, it } from 'vitest';
import { pickCurrentCompany } from '@/lib/current-company';
import type { Company } from '@/db';

const company = (siret: string) =>
  ({ siret, name: siret, address: '', simulation: {} }) as unknown as Company;

describe('pickCurrentCompany (02 §2.2)', () => {
  const list = [company('22222222200002'), company('11111111100001')];
  it('keeps the chosen company', () => {
    expect(pickCurrentCompany(list, '11111111100001')?.siret).toBe('11111111100001');
  });
  it('falls back to the newest when none is chosen or the chosen one is gone', () => {
    expect(pickCurrentCompany(list, null)?.siret).toBe('22222222200002');
    expect(pickCurrentCompany(list, '99999999900009')?.siret).toBe('22222222200002');
  });
  it('is null without companies', () => {
    expect(pickCurrentCompany([], '11111111100001')).toBeNull();
  });
});
