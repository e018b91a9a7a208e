// Data of step 2 (01 §2, §4, §8): agreement suggestions from the NAF code, headcount bands of an
// agreement, IDCC prefix search. Network first; suggestions and bands are kept in the local
// store's reference cache so that a company seen once can be completed offline. Failures follow
// the error catalogue: suggestions -> warning and empty list (free IDCC entry opens); bands ->
// default bands and a toast.
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { getCachedReference, putCachedReference } from '@/db';
import { bandsFromInfoPdc, DEFAULT_BANDS, type EmployeeRange } from '@/domain/headcount';
import {
  IDCC_SEARCH_DEBOUNCE_MS,
  parseIdccSuggestions,
  shouldSearchIdcc,
  type IdccSuggestion,
} from '@/domain/idcc';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { fr } from '@/i18n/fr-onboarding';
import { fetchHeadcountEntries, fetchIdccFromNaf, searchIdcc } from '@/lib/api/budget-api';

async function cached(key: string): Promise<unknown> {
  try {
    return (await getCachedReference<unknown>(key))?.value;
  } catch {
    return undefined;
  }
}

function keep(key: string, value: unknown): void {
  void putCachedReference(key, value).catch(() => undefined);
}

export type Loadable<T> = { status: 'loading' } | { status: 'ready'; value: T };

/** NAF -> agreement suggestions; an empty list when the NAF code is missing or the call fails. */
export function useAgreementSuggestions(codeNaf: string): Loadable<IdccSuggestion[]> {
  const naf = codeNaf.trim();
  const [answer, setAnswer] = useState<{ naf: string; list: IdccSuggestion[] } | null>(null);
  useEffect(() => {
    if (naf === '') {
      console.warn('No NAF code: no agreement suggestion');
      return;
    }
    const controller = new AbortController();
    void (async () => {
      const res = await fetchIdccFromNaf(naf, controller.signal);
      if (controller.signal.aborted) return;
      let list: IdccSuggestion[];
      if (res.ok) {
        list = parseIdccSuggestions(res.data);
        keep(`naf-idcc:${naf}`, list);
      } else {
        console.warn('Agreement lookup failed', res.code, res.status);
        list = parseIdccSuggestions(await cached(`naf-idcc:${naf}`));
      }
      if (!controller.signal.aborted) setAnswer({ naf, list });
    })();
    return () => controller.abort();
  }, [naf]);
  if (naf === '') return { status: 'ready', value: [] };
  return answer?.naf === naf ? { status: 'ready', value: answer.list } : { status: 'loading' };
}

/** Headcount bands of an agreement; the default bands without one, or when the fetch fails. */
export function useHeadcountBands(idcc: string | null): Loadable<EmployeeRange[]> {
  const [answer, setAnswer] = useState<{ idcc: string; bands: EmployeeRange[] } | null>(null);
  useEffect(() => {
    if (idcc === null) return;
    const controller = new AbortController();
    void (async () => {
      const res = await fetchHeadcountEntries(idcc, controller.signal);
      if (controller.signal.aborted) return;
      let bands: EmployeeRange[];
      if (res.ok) {
        bands = bandsFromInfoPdc(res.data);
        keep(`bands:${idcc}`, res.data);
      } else {
        const fromCache = await cached(`bands:${idcc}`);
        if (controller.signal.aborted) return;
        if (Array.isArray(fromCache) && fromCache.length > 0) {
          bands = bandsFromInfoPdc(fromCache);
        } else {
          bands = [...DEFAULT_BANDS];
          toast.error(fr.onboarding.details.bandsError);
        }
      }
      setAnswer({ idcc, bands });
    })();
    return () => controller.abort();
  }, [idcc]);
  if (idcc === null) return { status: 'ready', value: [...DEFAULT_BANDS] };
  return answer?.idcc === idcc ? { status: 'ready', value: answer.bands } : { status: 'loading' };
}

export type IdccSearchOption = { idcc: string; label: string };

/** IDCC prefix search of the free entry: from 3 digits, after a 500 ms pause (01 §2, §9). */
export type IdccSearchState = {
  status: 'idle' | 'pending' | 'loading' | 'done';
  options: IdccSearchOption[];
};

export function useIdccSearch(digits: string): IdccSearchState {
  const debounced = useDebouncedValue(digits, IDCC_SEARCH_DEBOUNCE_MS);
  const [answer, setAnswer] = useState<{ prefix: string; options: IdccSearchOption[] } | null>(
    null,
  );
  const active = shouldSearchIdcc(digits);
  useEffect(() => {
    if (!shouldSearchIdcc(debounced)) return;
    const controller = new AbortController();
    void searchIdcc(debounced, controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      setAnswer({ prefix: debounced, options: res.ok ? res.data.slice(0, 20) : [] });
    });
    return () => controller.abort();
  }, [debounced]);
  if (!active) return { status: 'idle', options: [] };
  if (answer?.prefix === digits) return { status: 'done', options: answer.options };
  return { status: debounced === digits ? 'loading' : 'pending', options: [] };
}
