// Company search (01 §4, §5, §7): from 3 characters, 500 ms after the last keystroke; digits only
// (spaces removed) search the siret target; at most 5 suggestions. The in-flight request is
// cancelled (AbortController) when a new search starts or the screen is left; the latest text is
// what is searched (typing goes on during a search, issue 16 item 2). Offline, the screen says so;
// a failing registry (HTTP error, timeout, unreadable answer) is "unavailable", never "no company
// found" (issue 16 item 5). The answer says where its companies come from (X-Data-Source: the
// government registry, sample data, an imported extract) and whether the official registry failed
// to answer (X-Registry-Fallback: the companies shown are then the sample, issue 29 item 11).
import { useEffect, useState } from 'react';
import {
  buildRegistryQuery,
  DATA_SOURCES,
  pickRegistryResults,
  REGISTRY_DEBOUNCE_MS,
  type CompanySuggestion,
  type DataSource,
} from '@/domain/registry';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { searchRegistry } from '@/lib/api/registry';

/** pending: waiting for the 500 ms pause; loading: the request is in flight. */
export type CompanySearchStatus =
  'idle' | 'pending' | 'loading' | 'done' | 'offline' | 'unavailable';

/** 01 §2: suggestions are keyed by siren, so one siren appears once. */
function uniqueBySiren(list: CompanySuggestion[]): CompanySuggestion[] {
  return list.filter((c, i) => list.findIndex((o) => o.siren === c.siren) === i);
}

const keyOf = (q: { q: string; siretTarget: boolean }) =>
  `${q.siretTarget ? 'siret' : 'nom'}:${q.q}`;

type Origin = {
  /** the results are the registry's fictitious sample companies (X-Data-Source: sample) */
  sample: boolean;
  /** X-Data-Source, when the backend says it */
  source: DataSource | null;
  /** the official registry did not answer: the backend fell back to its table (X-Registry-Fallback) */
  registryDown: boolean;
};

type Answer = Origin & {
  key: string;
  q: string;
  status: 'done' | 'offline' | 'unavailable';
  results: CompanySuggestion[];
};

export type CompanySearch = Partial<Origin> & {
  status: CompanySearchStatus;
  results: CompanySuggestion[];
};

const NO_ORIGIN: Origin = { sample: false, source: null, registryDown: false };

function originOf(headers: Headers | undefined): Origin {
  const raw = headers?.get('x-data-source')?.trim().toLowerCase() ?? '';
  const source = (DATA_SOURCES as readonly string[]).includes(raw) ? (raw as DataSource) : null;
  return {
    sample: source === 'sample',
    source,
    // gouv_unsupported: a partial SIRET, which the official registry cannot look up (not an outage).
    registryDown: !['', 'gouv_unsupported'].includes(
      (headers?.get('x-registry-fallback') ?? '').trim(),
    ),
  };
}

const originFrom = (a: Answer): Origin => ({
  sample: a.sample,
  source: a.source,
  registryDown: a.registryDown,
});

export function useCompanySearch(query: string, searchFn = searchRegistry): CompanySearch {
  const online = useOnlineStatus();
  const debounced = useDebouncedValue(query, REGISTRY_DEBOUNCE_MS);
  // Shorter than 3 characters: no search, the suggestions are emptied at once.
  const current = buildRegistryQuery(query);
  const currentKey = current ? keyOf(current) : null;
  const request = current ? buildRegistryQuery(debounced) : null;
  const key = request ? keyOf(request) : null;
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!request || !online || key === null) return;
    const controller = new AbortController();
    void searchFn(request.q, request.siretTarget, controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      if (res.ok) {
        const origin = originOf(res.headers);
        const found = pickRegistryResults(
          res.data,
          request.siretTarget,
          origin.source ?? undefined,
        );
        setAnswer({ key, q: request.q, status: 'done', results: uniqueBySiren(found), ...origin });
      } else if (res.code === 'aborted') {
        // cancelled: ignored (01 §8)
      } else {
        // 01 §8 logs 'Failed to fetch companies'; the screen says the search is unavailable (or
        // offline) instead of an empty list that would read « Aucune entreprise trouvée ».
        console.warn('Failed to fetch companies', res.code, res.status);
        setAnswer({
          key,
          q: request.q,
          status: res.code === 'offline' ? 'offline' : 'unavailable',
          results: [],
          ...NO_ORIGIN,
        });
      }
    });
    return () => controller.abort();
    // request is derived from key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, online, searchFn]);

  if (!current) return { status: 'idle', results: [] };
  if (!online) return { status: 'offline', results: [] };
  if (answer !== null && answer.key === currentKey)
    return { status: answer.status, results: answer.results, ...originFrom(answer) };
  // Typing on: the suggestions of the text being refined stay until the pause (highlight reset).
  if (key !== currentKey) {
    const refining = answer !== null && answer.status === 'done' && current.q.startsWith(answer.q);
    return refining
      ? { status: 'pending', results: answer.results, ...originFrom(answer) }
      : { status: 'pending', results: [] };
  }
  return { status: 'loading', results: [] };
}
