import { describe, expect, it } from 'vitest';
import {
  NAVIGATION_DENYLIST,
  isBudgetLookup,
  isReferenceLookup,
  isRegistry,
} from '@/sw/cache-rules';

const u = (s: string) => new URL(s, 'http://127.0.0.1:54321');

describe('service worker cache rules', () => {
  it('treats the budget lookup as NetworkFirst (money: dated when cached)', () => {
    expect(isBudgetLookup(u('/public/pdc/infoPdc/1486/min/11/max/49'))).toBe(true);
    expect(isBudgetLookup(u('/public/pdc/infoPdc/1486/min/-1/max/-1'))).toBe(true);
    expect(isReferenceLookup(u('/public/pdc/infoPdc/1486/min/11/max/49'))).toBe(false);
  });
  it('treats IDCC, NAF, bands and agreement details as stale-while-revalidate', () => {
    expect(isReferenceLookup(u('/public/idcc/getIdccFromNAF/?naf=62.01Z'))).toBe(true);
    expect(isReferenceLookup(u('/public/idcc/search/?q=148'))).toBe(true);
    expect(isReferenceLookup(u('/public/pdc/infoPdc/1486'))).toBe(true);
    expect(isReferenceLookup(u('/public/pdc/1486'))).toBe(true);
    expect(isReferenceLookup(u('/rest/v1/profiles'))).toBe(false);
  });
  it('never caches the registry (local and real base URLs)', () => {
    expect(isRegistry(u('/registry/v2?q=boulangerie'))).toBe(true);
    expect(isRegistry(new URL('https://suggestions.pappers.fr/v2?q=123&cibles=siret'))).toBe(true);
    expect(isRegistry(u('/registry/v2'))).toBe(false);
  });
  it('keeps API paths out of the navigation fallback', () => {
    for (const path of [
      '/rest/v1/x',
      '/auth/v1/token',
      '/functions/v1/f',
      '/_mailbox/1',
      '/public/pdc/1',
    ]) {
      expect(NAVIGATION_DENYLIST.some((re) => re.test(path))).toBe(true);
    }
    for (const path of ['/dashboard', '/survey/abc', '/training/new']) {
      expect(NAVIGATION_DENYLIST.some((re) => re.test(path))).toBe(false);
    }
  });
});
