import { useEffect, useState } from 'react';
import type { ExpertHit } from '@/domain/contracts';
import { expertProfile } from '@/domain/expert-detail';
import { EXPERT_SEARCH_DEBOUNCE_MS, NO_FILTERS } from '@/domain/experts';
import { BookingModal } from '@/components/booking/booking-modal';
import { Field } from '@/components/ui/field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { fr } from '@/i18n/fr';
import { useExpertSearchServices } from '@/lib/expert-search';
import { ExpertFiltersPanel } from '../components/expert-filters';
import { ExpertDetailDialog } from '../components/expert-detail-dialog';
import { ExpertResultsList } from '../components/expert-results';
import { useDirectoryParams } from '../hooks/use-directory-params';
import { useDirectorySize } from '../hooks/use-directory-size';
import { useExpertResults } from '../hooks/use-expert-results';
import '../components/experts.css';

/** The booking modal's subject: the expert's name, expertise and current job. */
function bookingSubject(hit: ExpertHit) {
  const p = expertProfile(hit);
  const job = p.experiences.find((e) => e.current)?.title;
  return { title: p.name, subtitle: [p.expertise, job].filter(Boolean).join(' · ') };
}

/**
 * /experts: search box (300 ms debounce), filters with counts, cards, 'Voir plus' (02 §2.11); a
 * card opens the expert's profile, which opens the booking modal about them (issue 29 item 8).
 */
export function ExpertsPage() {
  const { search, pictures } = useExpertSearchServices();
  const { q, filters, update } = useDirectoryParams();
  const [text, setText] = useState(q);
  const query = useDebouncedValue(text, EXPERT_SEARCH_DEBOUNCE_MS);
  const [filtersOpen, setFiltersOpen] = useState(Boolean(filters.sector || filters.market));
  const [opened, setOpened] = useState<ExpertHit | null>(null);
  const [booking, setBooking] = useState<ExpertHit | null>(null);
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
      <ExpertResultsList results={results} probe={pictures} onOpen={setOpened} />
      <ExpertDetailDialog
        hit={opened}
        probe={pictures}
        onClose={() => setOpened(null)}
        onBook={(hit) => {
          setOpened(null);
          setBooking(hit);
        }}
      />
      <BookingModal
        open={booking !== null}
        onClose={() => setBooking(null)}
        subjectLabel={fr.booking.chosenExpert}
        training={booking ? bookingSubject(booking) : null}
      />
    </div>
  );
}
