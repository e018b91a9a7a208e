// A company's name, address and SIRET: in the suggestions, on the selected-company card, on step 2.
import type { CompanySuggestion } from '@/domain/registry';
import { fr } from '@/i18n/fr-onboarding';

export function CompanyLines({ company }: { company: CompanySuggestion }) {
  return (
    <>
      <span className="company-option-name">{company.companyName}</span>
      {company.companyAddress ? (
        <span className="company-option-line">{company.companyAddress}</span>
      ) : null}
      <span className="company-option-line">{`${fr.onboarding.search.siretLabel} ${company.siret}`}</span>
    </>
  );
}

export function CompanyCard({
  company,
  title,
  children,
}: {
  company: CompanySuggestion;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="company-card" aria-label={title}>
      <h2 className="company-card-title">{company.companyName}</h2>
      {company.companyAddress ? <p>{company.companyAddress}</p> : null}
      <p>{`${fr.onboarding.search.siretLabel} ${company.siret}`}</p>
      {children}
    </section>
  );
}
