// How a company is named and sourced on steps 1 and 2 (issue 27 item 6, issue 29 item 11).
import type { CompanySuggestion } from '@/domain/registry';
import { fr } from '@/i18n/fr-onboarding';

const t = fr.onboarding.search;

/** The name to show: the company's, else what the registry's silence means. */
export function companyDisplayName(company: CompanySuggestion): string {
  if (company.companyName !== '') return company.companyName;
  return company.nonDiffusible ? t.nonDiffusible : t.nameMissing;
}

/** Step 2's line on where the company's data come from. */
export function companySourceNote(company: CompanySuggestion): string | null {
  const s = fr.onboarding.details.source;
  if (company.nonDiffusible) return s.nonDiffusible;
  if (company.manual) return s.manual;
  return company.dataSource && company.dataSource !== 'manual' ? s[company.dataSource] : null;
}
