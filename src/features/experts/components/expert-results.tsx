import type { ExpertHit } from '@/domain/contracts';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { fr } from '@/i18n/fr';
import type { PictureProbe } from '@/lib/expert-search';
import type { ExpertResults } from '../hooks/use-expert-results';
import { ExpertCard } from './expert-card';
import UserRoundSearch from 'lucide-react/icons/user-round-search';

/** Cards, count, 'Voir plus', the empty state and the first-page error. */
export function ExpertResultsList({
  results,
  probe,
  onOpen,
}: {
  results: ExpertResults;
  probe: PictureProbe;
  onOpen: (hit: ExpertHit) => void;
}) {
  const { status, hits } = results;
  let body;
  if (status === 'error') {
    body = (
      <EmptyState title={fr.experts.searchError} tone="error">
        <Button variant="secondary" onClick={results.retry}>
          {fr.experts.retry}
        </Button>
      </EmptyState>
    );
  } else if (status === 'ready' && hits.length === 0) {
    body = <EmptyState title={fr.experts.empty} icon={UserRoundSearch} />;
  } else if (hits.length === 0) {
    body = <PageSpinner label={fr.experts.loading} />;
  } else {
    body = (
      <ul className="experts-grid">
        {hits.map((hit, index) => (
          <li key={hit.objectID}>
            <ExpertCard
              hit={hit}
              probe={probe}
              focus={index === results.firstNewIndex}
              onOpen={onOpen}
            />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="experts-results" aria-busy={status === 'loading'}>
      <p className="experts-count muted" role="status">
        {status === 'ready' && hits.length > 0 ? fr.experts.resultsCount(results.nbHits) : ''}
      </p>
      {body}
      {results.hasMore && status === 'ready' ? (
        <div className="experts-more">
          <Button variant="secondary" loading={results.loadingMore} onClick={results.loadMore}>
            {fr.experts.seeMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
