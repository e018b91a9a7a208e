import { useId } from 'react';
import { filterCompanies } from '@/domain/companies-rules';
import type { Company } from '@/db';
import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { AddCompanyButton } from './add-company-button';
import { SubViewHeading } from './sub-view-heading';

type Props = {
  companies: readonly Company[];
  query: string;
  onQuery: (query: string) => void;
  onPick: (siret: string) => void;
  onBack: () => void;
};

/**
 * Search sub-view: filters the user's companies by name, address or SIRET as they type (local,
 * offline), and offers 'Ajouter une entreprise' for a company not in the list.
 */
export function CompanySearch({ companies, query, onQuery, onPick, onBack }: Props) {
  const results = filterCompanies(companies, query);
  const countId = useId();
  return (
    <section className="companies-subview" aria-labelledby="company-search-title">
      <SubViewHeading id="company-search-title">{fr.companies.search.title}</SubViewHeading>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <Field label={fr.companies.search.label}>
          {(props) => (
            <input
              {...props}
              aria-describedby={[props['aria-describedby'], countId].filter(Boolean).join(' ')}
              className="input"
              type="search"
              value={query}
              onChange={(e) => onQuery(e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
      </form>
      <p id={countId} className="muted" role="status">
        {results.length > 0
          ? fr.companies.search.results(results.length)
          : fr.companies.search.noResult}
      </p>
      {results.length > 0 ? (
        <ul className="companies-search-results">
          {results.map((c) => (
            <li key={c.siret}>
              <button
                type="button"
                className="companies-search-result"
                onClick={() => onPick(c.siret)}
              >
                <span className="companies-search-name">{c.name}</span>
                <span className="muted">{c.address}</span>
                <span className="muted">
                  {fr.companies.siret} {c.siret}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="companies-search-add">
        <p className="muted">{fr.companies.search.addHint}</p>
        <AddCompanyButton count={companies.length} />
      </div>
      <div className="row companies-subview-actions">
        <Button variant="secondary" onClick={onBack}>
          {fr.companies.backToList}
        </Button>
      </div>
    </section>
  );
}
