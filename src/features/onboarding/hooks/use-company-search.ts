// Company search (01 §4, §5, §7): from 3 characters, 500 ms after the last keystroke; digits only
// (spaces removed) search the siret target; at most 5 suggestions. The in-flight request is
// cancelled (AbortController) when a new search starts or the screen is left. Offline (or no
// answer), the screen says so instead of showing a silent empty list (issue 5).
import { useEffect, useState } from 'react';
import {
  buildRegistryQuery,
  pickRegistryResults,
  REGISTRY_DEBOUNCE_MS,
  type CompanySuggestion,
} from '@/domain/registry';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { searchRegistry } from '@/lib/api/registry';

/** pending: waiting for the 500 ms pause; loading: the request is in flight. */
export type CompanySearchStatus =
  'idle' | 'pending' | 'loading' | 'done' | 'offline' | 'unreachable';

/** 01 §2: suggestions are keyed by siren, so one siren appears once. */
function uniqueBySiren(list: CompanySuggestion[]): CompanySuggestion[] {
  return list.filter((c, i) => list.findIndex((o) => o.siren === c.siren) === i);
}

const keyOf = (q: { q: string; siretTarget: boolean }) =>
  `${q.siretTarget ? 'siret' : 'nom'}:${q.q}`;

type Answer = {
  key: string;
  q: string;
  status: 'done' | 'offline' | 'unreachable';
  results: CompanySuggestion[];
};

export type CompanySearch = { status: CompanySearchStatus; results: CompanySuggestion[] };

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
        setAnswer({
          key,
          q: request.q,
          status: 'done',
          results: uniqueBySiren(pickRegistryResults(res.data, request.siretTarget)),
        });
      } else if (res.code === 'aborted') {
        // cancelled: ignored (01 §8)
      } else if (res.code === 'offline' || res.code === 'timeout') {
        setAnswer({
          key,
          q: request.q,
          status: res.code === 'offline' ? 'offline' : 'unreachable',
          results: [],
        });
      } else {
        // 01 §8: 'Failed to fetch companies', logged; the list is emptied silently.
        console.warn('Failed to fetch companies', res.code, res.status);
        setAnswer({ key, q: request.q, status: 'done', results: [] });
      }
    });
    return () => controller.abort();
    // request is derived from key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, online, searchFn]);

  if (!current) return { status: 'idle', results: [] };
  if (!online) return { status: 'offline', results: [] };
  if (answer !== null && answer.key === currentKey)
    return { status: answer.status, results: answer.results };
  // Typing on: the suggestions of the text being refined stay until the pause (highlight reset).
  if (key !== currentKey) {
    const refining = answer !== null && answer.status === 'done' && current.q.startsWith(answer.q);
    return { status: 'pending', results: refining ? answer.results : [] };
  }
  return { status: 'loading', results: [] };
}
