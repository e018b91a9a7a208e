import { lazy, Suspense } from 'react';
import { fr } from '@/i18n/fr';
import type { ShareBar } from './share-bars';

const Bars = lazy(() => import('./share-bars'));

/** The bars, loaded on demand; meanwhile the same figures as a plain list. */
export function LazyShareBars({ rows }: { rows: readonly ShareBar[] }) {
  return (
    <Suspense
      fallback={
        <ul className="share-bars">
          {rows.map((row) => (
            <li key={row.key}>
              {fr.surveyResults.share(row.label, fr.surveyResults.percent(row.percent), row.count)}
            </li>
          ))}
        </ul>
      }
    >
      <Bars rows={rows} />
    </Suspense>
  );
}
