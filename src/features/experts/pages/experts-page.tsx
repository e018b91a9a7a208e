import { useEffect, useState } from 'react';
import { EXPERT_SEARCH_DEBOUNCE_MS, NO_FILTERS } from '@/domain/experts';
import { Field } from '@/components/ui/field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { fr } from '@/i18n/fr';
import { useExpertSearchServices } from '@/lib/expert-search';
import { ExpertFiltersPanel } from '../components/expert-filters';
import { ExpertResultsList } from '../components/expert-results';
import { useDirectoryParams } from '../hooks/use-directory-params';
import { useDirectorySize } from '../hooks/use-directory-size';
import { useExpertResults } from '../hooks/use-expert-results';
import '../components/experts.css';

/** /experts: search box (300 ms debounce), filters with counts, cards, 'Voir plus' (02 §2.11). */
export function ExpertsPage() {
  const { search, pictures } = useExpertSearchServices();
  const { q, filters, update } = useDirectoryParams();
  const [text, setText] = useState(q);
  const query = useDebouncedValue(text, EXPERT_SEARCH_DEBOUNCE_MS);
  const [filtersOpen, setFiltersOpen] = useState(Boolean(filters.sector || filters.market));
  const results = useExpertResults(search, query, filters);
  const blank = !query.trim() && !filters.sector && !filters.market;
  const directorySize = useDirectorySize(
    search,
    blank && results.status === 'ready' ? results.nbHits : null,
    blank,
  );

  // The debounced text goes to the URL (replace), so a reload keeps the search.
  useEffect(() => {
    if (query.trim() !== q) update({ q: query.trim() });
  }, [query, q, update]);

  return (
    <div className="page experts-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{fr.experts.title}</h1>
          <p className="muted experts-subtitle">{fr.experts.subtitle(directorySize)}</p>
        </div>
      </header>
      {search.sample ? <p className="experts-sample-note">{fr.experts.sampleNote}</p> : null}
      <div className="experts-toolbar">
        <form role="search" className="experts-search" onSubmit={(event) => event.preventDefault()}>
          <Field label={fr.experts.searchLabel}>
            {(props) => (
              <input
                {...props}
                className="input"
                type="search"
                name="q"
                autoComplete="off"
                enterKeyHint="search"
                maxLength={200}
                placeholder={fr.experts.searchPlaceholder}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            )}
          </Field>
        </form>
        <ExpertFiltersPanel
          open={filtersOpen}
          onToggle={() => setFiltersOpen((open) => !open)}
          filters={filters}
          facets={results.facets}
          onChange={(facet, value) => update({ [facet]: value })}
          onClear={() => update({ ...NO_FILTERS })}
        />
      </div>
      <ExpertResultsList results={results} probe={pictures} />
    </div>
  );
}
