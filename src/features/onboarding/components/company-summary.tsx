// A company's name, address and SIRET: in the suggestions, on the selected-company card, on step 2.
// A company whose identity the registry does not publish (issue 27 item 6) reads « Entreprise non
// diffusible » with its city, SIREN, SIRET and declared agreements: never the registry's mask.
import type { CompanySuggestion } from '@/domain/registry';
import { fr } from '@/i18n/fr-onboarding';
import { companyDisplayName } from '../lib/company-labels';

const t = fr.onboarding.search;

/** 901234567 as « 901 234 567 ». */
const groupSiren = (siren: string) => siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

function declaredCodes(company: CompanySuggestion): string[] {
  return (company.declaredAgreements ?? []).map((d) => d.idcc);
}

/** « SIRET : 123… » kept on one line (a no-break space before the number). */
const numberLine = (label: string, value: string) => `${label}\u00a0${value}`;

export function CompanyLines({
  company,
  withName = true,
}: {
  company: CompanySuggestion;
  /** false: under a heading that already names the company */
  withName?: boolean;
}) {
  const unnamed = company.companyName === '';
  const codes = declaredCodes(company);
  return (
    <>
      {withName ? <span className="company-option-name">{companyDisplayName(company)}</span> : null}
      {company.companyAddress ? (
        <span className="company-option-line">{company.companyAddress}</span>
      ) : null}
      {unnamed ? (
        <span className="company-option-line">{`${numberLine(t.sirenLabel, groupSiren(company.siren))} · ${numberLine(t.siretLabel, company.siret)}`}</span>
      ) : (
        <span className="company-option-line">{numberLine(t.siretLabel, company.siret)}</span>
      )}
      {unnamed && codes.length > 0 ? (
        <span className="company-option-line">{t.declaredIdcc(codes)}</span>
      ) : null}
    </>
  );
}

export function CompanyCard({
  company,
  title,
  note,
  children,
}: {
  company: CompanySuggestion;
  title: string;
  /** where the company's data come from (issue 29 item 11) */
  note?: string | null;
  children?: React.ReactNode;
}) {
  return (
    <section className="company-card" aria-label={title}>
      <h2 className="company-card-title">{companyDisplayName(company)}</h2>
      {company.companyAddress ? <p>{company.companyAddress}</p> : null}
      <p>{`${t.siretLabel} ${company.siret}`}</p>
      {note ? <p className="muted company-card-source">{note}</p> : null}
      {children}
    </section>
  );
}
