// Step 1's company search as an ARIA combobox (01 §2): suggestions keyed by siren, each with name,
// address and SIRET; the input is disabled with a spinner while a search is in flight.
import { fr } from '@/i18n/fr-onboarding';
import type { CompanySuggestion } from '@/domain/registry';
import type { CompanySearchStatus } from '../hooks/use-company-search';
import { ComboboxField } from './combobox-field';
import { CompanyLines } from './company-summary';

type Props = {
  query: string;
  onQueryChange: (text: string) => void;
  results: readonly CompanySuggestion[];
  status: CompanySearchStatus;
  onSelect: (company: CompanySuggestion) => void;
  /** where the suggestions come from, kept in sight (issue 29 item 11) */
  footer?: string | null;
  /** the footer only at the foot of the open list (the page says it otherwise) */
  footerOnlyWithList?: boolean;
  /** the official registry did not answer: an empty list is not « no company found » */
  registryDown?: boolean;
};

export function CompanyCombobox({
  query,
  onQueryChange,
  results,
  status,
  onSelect,
  footer,
  footerOnlyWithList = false,
  registryDown = false,
}: Props) {
  const t = fr.onboarding.search;
  const announcement =
    status === 'done'
      ? results.length > 0
        ? t.resultsCount(results.length)
        : registryDown
          ? ''
          : t.noResults
      : status === 'loading'
        ? t.searching
        : '';
  return (
    <ComboboxField
      label={t.inputLabel}
      hint={t.hint}
      value={query}
      onValueChange={onQueryChange}
      options={results}
      getKey={(c) => c.siren}
      renderOption={(c) => <CompanyLines company={c} />}
      onSelect={onSelect}
      listLabel={t.listLabel}
      loading={status === 'loading'}
      loadingLabel={t.searching}
      status={announcement}
      scrollOnFocus
      footer={footer ? <p className="company-source-note">{footer}</p> : null}
      footerOnlyWithList={footerOnlyWithList}
      inputProps={{ placeholder: t.placeholder, maxLength: 200, enterKeyHint: 'search' }}
    />
  );
}
