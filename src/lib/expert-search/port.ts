// The expert search port (02 §2.11, §7.5): one interface, two adapters (Algolia when configured,
// the local sample directory otherwise). Results follow the contract of src/domain/contracts.ts.
import type { ExpertSearchResult } from '@/domain/contracts';
import type { ExpertFilters } from '@/domain/experts';
import type { HttpErrorCode } from '@/lib/http';

export type ExpertSearchParams = {
  /** The text typed in the search box (trimmed by the adapters). */
  query: string;
  /** Secteur d'activité and Marché, joined with AND. */
  filters: ExpertFilters;
  /** 0-based page of 6 hits. */
  page: number;
};

export type ExpertSearchOutcome =
  { ok: true; data: ExpertSearchResult } | { ok: false; code: HttpErrorCode };

export type ExpertSearchPort = {
  kind: 'algolia' | 'local';
  /** True when the hits are the fictitious sample directory ('Données d'exemple'). */
  sample: boolean;
  /** Never throws: failures come back as `{ ok: false, code }`. */
  search(params: ExpertSearchParams): Promise<ExpertSearchOutcome>;
};
