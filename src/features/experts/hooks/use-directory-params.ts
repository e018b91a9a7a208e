// The directory's search text and filters live in the URL (?q=&sector=&market=, replaced, not
// pushed): a reload or the back button brings the same search back. Validated with zod.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import type { ExpertFilters, FilterFacet } from '@/domain/experts';

const param = z.string().trim().min(1).max(200).nullable().catch(null);

export function useDirectoryParams() {
  const [params, setParams] = useSearchParams();
  const q = param.parse(params.get('q')) ?? '';
  const sector = param.parse(params.get('sector'));
  const market = param.parse(params.get('market'));
  const filters = useMemo<ExpertFilters>(() => ({ sector, market }), [sector, market]);

  const update = useCallback(
    (changes: Partial<Record<'q' | FilterFacet, string | null>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value && value.trim()) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { q, filters, update };
}
