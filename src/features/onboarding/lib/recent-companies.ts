// Recently selected companies, kept in the local store's reference cache so that they remain
// choosable offline (issue 5). Validated on read; failures never block a selection. The local
// store (IndexedDB) is loaded on first use: when the search finds itself offline, or when a company
// is chosen, never on the way to the first screen.
import {
  addRecentCompany,
  parseRecentCompanies,
  RECENT_COMPANIES_KEY,
} from '@/domain/onboarding-rules';
import type { CompanySuggestion } from '@/domain/registry';

export async function readRecentCompanies(): Promise<CompanySuggestion[]> {
  try {
    const { getCachedReference } = await import('@/db');
    const cached = await getCachedReference<unknown>(RECENT_COMPANIES_KEY);
    return parseRecentCompanies(cached?.value);
  } catch {
    return [];
  }
}

export async function rememberCompany(company: CompanySuggestion): Promise<void> {
  try {
    const list = await readRecentCompanies();
    const { putCachedReference } = await import('@/db');
    await putCachedReference(RECENT_COMPANIES_KEY, addRecentCompany(list, company));
  } catch {
    // a full or unavailable store only loses the "recent" shortcut
  }
}
