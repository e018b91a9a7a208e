// The number of experts in the directory, so that the page's headline says what the directory
// holds instead of a figure that may contradict « N experts trouvés » (issue 16 item 11).
// An unfiltered search already counts it (no extra request); a page opened on a search or a
// filter asks once for the blank search. Null until known, or when that search fails (offline with
// a remote index): the headline then says no number.
import { useEffect, useState } from 'react';
import { NO_FILTERS } from '@/domain/experts';
import type { ExpertSearchPort } from '@/lib/expert-search';

const known = new WeakMap<ExpertSearchPort, number>();

/** `unfiltered`: the result count when the page shows the blank search, null otherwise. */
export function useDirectorySize(
  port: ExpertSearchPort,
  unfiltered: number | null,
  blank: boolean,
): number | null {
  const [asked, setAsked] = useState<{ port: ExpertSearchPort; n: number } | null>(null);
  useEffect(() => {
    if (unfiltered !== null) known.set(port, unfiltered);
  }, [port, unfiltered]);
  useEffect(() => {
    if (blank || known.has(port)) return;
    let live = true;
    void port.search({ query: '', filters: NO_FILTERS, page: 0 }).then((outcome) => {
      const n = outcome.ok ? outcome.data.nbHits : undefined;
      if (n === undefined) return;
      known.set(port, n);
      if (live) setAsked({ port, n });
    });
    return () => {
      live = false;
    };
  }, [port, blank]);
  return unfiltered ?? known.get(port) ?? (asked?.port === port ? asked.n : null);
}
