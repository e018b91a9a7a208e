// The directory's results: first page on every (debounced) query or filter change, 'Voir plus'
// appends the next page. A first-page failure clears the list and shows the error (02 §8); a
// 'Voir plus' failure keeps what is shown. Answers to superseded searches are ignored.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ExpertHit } from '@/domain/contracts';
import { hasMorePages, type ExpertFilters } from '@/domain/experts';
import { fr } from '@/i18n/fr';
import type { ExpertSearchPort } from '@/lib/expert-search';

type Facets = Record<string, Record<string, number>>;

type Result = {
  /** The search this result answers (query, filters, attempt). */
  key: string;
  status: 'ready' | 'error';
  hits: ExpertHit[];
  facets: Facets;
  page: number;
  nbPages: number;
  nbHits: number;
};

export type ExpertResults = {
  status: 'loading' | 'ready' | 'error';
  hits: ExpertHit[];
  facets: Facets;
  nbHits: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** Index in `hits` of the first card added by the last 'Voir plus' (focus moves there). */
  firstNewIndex: number | null;
  loadMore: () => void;
  retry: () => void;
};

const EMPTY: Result = {
  key: '',
  status: 'ready',
  hits: [],
  facets: {},
  page: 0,
  nbPages: 0,
  nbHits: 0,
};

export function useExpertResults(
  port: ExpertSearchPort,
  query: string,
  filters: ExpertFilters,
): ExpertResults {
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify([query.trim(), filters.sector, filters.market, attempt]);
  const [result, setResult] = useState<Result>(EMPTY);
  const [moreKey, setMoreKey] = useState<string | null>(null);
  const [firstNew, setFirstNew] = useState<{ key: string; index: number } | null>(null);
  const currentKey = useRef(key);

  useEffect(() => {
    currentKey.current = key;
    let live = true;
    const [text, sector, market] = JSON.parse(key) as [string, string | null, string | null];
    void port.search({ query: text, filters: { sector, market }, page: 0 }).then((outcome) => {
      if (!live) return;
      if (outcome.ok) {
        const { hits, facets, nbPages } = outcome.data;
        setResult({
          key,
          status: 'ready',
          hits,
          facets,
          page: outcome.data.page ?? 0,
          nbPages,
          nbHits: outcome.data.nbHits ?? hits.length,
        });
      } else {
        toast.error(fr.experts.searchError);
        // The list is cleared; the facet counts of the last answer stay so the filters remain usable.
        setResult((previous) => ({ ...EMPTY, key, status: 'error', facets: previous.facets }));
      }
    });
    return () => {
      live = false;
    };
  }, [port, key]);

  const loadMore = useCallback(() => {
    if (result.key !== key || moreKey === key || !hasMorePages(result.page, result.nbPages)) return;
    const requested = key;
    setMoreKey(requested);
    void port.search({ query: query.trim(), filters, page: result.page + 1 }).then((outcome) => {
      if (currentKey.current !== requested) return;
      setMoreKey(null);
      if (!outcome.ok) {
        toast.error(fr.experts.searchError);
        return;
      }
      // `result` is still the answer of `requested`: any other search changed the key (checked above).
      const known = new Set(result.hits.map((h) => h.objectID));
      const added = outcome.data.hits.filter((h) => !known.has(h.objectID));
      setFirstNew(added.length > 0 ? { key: requested, index: result.hits.length } : null);
      setResult({
        ...result,
        hits: [...result.hits, ...added],
        page: outcome.data.page ?? result.page + 1,
        nbPages: outcome.data.nbPages,
        nbHits: outcome.data.nbHits ?? result.nbHits,
      });
    });
  }, [port, key, query, filters, result, moreKey]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const loading = result.key !== key;
  return {
    status: loading ? 'loading' : result.status,
    hits: result.hits,
    facets: result.facets,
    nbHits: result.nbHits,
    hasMore: !loading && hasMorePages(result.page, result.nbPages),
    loadingMore: moreKey === key,
    firstNewIndex: firstNew?.key === key ? firstNew.index : null,
    loadMore,
    retry,
  };
}
