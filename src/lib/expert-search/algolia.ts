// The Algolia adapter (02 §7.5): index expertises_public through the official lite client
// (algoliasearch/lite, loaded lazily so it is not in the bundle when Algolia is not configured).
// One HTTP request per search: the main query (query, facets, hitsPerPage 6, maxValuesPerFacet
// 20, sector AND market as facetFilters, page) plus, for each active sector or market filter, a
// facet-only query without that filter, so the select keeps showing the counts of the other
// choices (disjunctive faceting, the same semantics as the local adapter).
import type { LiteClient, SearchQuery, liteClient } from 'algoliasearch/lite';
import { z } from 'zod';
import {
  EXPERT_FACETS,
  expertHitSchema,
  expertSearchResultSchema,
  type ExpertHit,
  type ExpertSearchResult,
} from '@/domain/contracts';
import {
  EXPERT_HITS_PER_PAGE,
  EXPERT_INDEX_NAME,
  EXPERT_MAX_VALUES_PER_FACET,
  FILTER_FACETS,
  facetFiltersFor,
  type FilterFacet,
} from '@/domain/experts';
import { isRecord } from '@/domain/text';
import { codeForStatus, type HttpErrorCode } from '@/lib/http';
import type { ExpertSearchOutcome, ExpertSearchParams, ExpertSearchPort } from './port';

export type AlgoliaClientOptions = NonNullable<Parameters<typeof liteClient>[2]>;
export type AlgoliaRequester = NonNullable<AlgoliaClientOptions['requester']>;

export type AlgoliaAdapterOptions = {
  /** Replaces the HTTP layer (tests record the request here; the network is never faked elsewhere). */
  requester?: AlgoliaRequester;
  isOnline?: () => boolean;
};

/** The queries of one search, in the order their results come back. */
export function buildAlgoliaQueries({ query, filters, page }: ExpertSearchParams): SearchQuery[] {
  const base = { indexName: EXPERT_INDEX_NAME, query: query.trim() };
  const withFilters = (facetFilters: string[]) => (facetFilters.length > 0 ? { facetFilters } : {});
  const main: SearchQuery = {
    ...base,
    facets: [...EXPERT_FACETS],
    hitsPerPage: EXPERT_HITS_PER_PAGE,
    maxValuesPerFacet: EXPERT_MAX_VALUES_PER_FACET,
    ...withFilters(facetFiltersFor(filters)),
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
  const disjunctive = activeFilterFacets(filters).map((facet): SearchQuery => ({
    ...base,
    facets: [facet],
    hitsPerPage: 0,
    maxValuesPerFacet: EXPERT_MAX_VALUES_PER_FACET,
    ...withFilters(facetFiltersFor(filters, facet)),
    page: 0,
    analytics: false,
    clickAnalytics: false,
  }));
  return [main, ...disjunctive];
}

const activeFilterFacets = (filters: ExpertSearchParams['filters']): FilterFacet[] =>
  FILTER_FACETS.filter((facet) => Boolean(filters[facet]));

const facetsSchema = z.record(z.string(), z.record(z.string(), z.number())).optional();
const responsesSchema = z.object({
  results: z
    .array(z.object({ hits: z.array(z.unknown()).optional(), facets: facetsSchema }).passthrough())
    .min(1),
});

/** Keeps the well-formed hits (an `id` falls back to objectID), then validates the whole result. */
function parseHits(raw: unknown[] | undefined): ExpertHit[] {
  const hits: ExpertHit[] = [];
  for (const item of raw ?? []) {
    const candidate = isRecord(item) && item.id == null ? { ...item, id: item.objectID } : item;
    const parsed = expertHitSchema.safeParse(candidate);
    if (parsed.success) hits.push(parsed.data);
  }
  return hits;
}

/** The answer of `buildAlgoliaQueries` → one result (disjunctive counts merged in). */
export function parseAlgoliaResponse(
  response: unknown,
  params: ExpertSearchParams,
): ExpertSearchResult | null {
  const parsed = responsesSchema.safeParse(response);
  if (!parsed.success) return null;
  const [main, ...others] = parsed.data.results;
  const facets: Record<string, Record<string, number>> = { ...(main!.facets ?? {}) };
  activeFilterFacets(params.filters).forEach((facet, i) => {
    const counts = others[i]?.facets?.[facet];
    if (counts) facets[facet] = counts;
  });
  const result = expertSearchResultSchema.safeParse({
    ...main,
    hits: parseHits(main!.hits),
    facets,
  });
  return result.success ? result.data : null;
}

function errorCode(error: unknown, online: boolean): HttpErrorCode {
  if (!online) return 'offline';
  if (isRecord(error) && typeof error.status === 'number') return codeForStatus(error.status);
  // RetryError: every host unreachable or timed out.
  return 'offline';
}

export function createAlgoliaAdapter(
  config: { appId: string; searchKey: string },
  options: AlgoliaAdapterOptions = {},
): ExpertSearchPort {
  const isOnline =
    options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  let client: Promise<LiteClient> | null = null;
  const getClient = () => {
    client ??= import('algoliasearch/lite')
      .then(({ liteClient }) =>
        liteClient(
          config.appId,
          config.searchKey,
          options.requester ? { requester: options.requester } : undefined,
        ),
      )
      .catch((error: unknown) => {
        client = null;
        throw error;
      });
    return client;
  };

  return {
    kind: 'algolia',
    sample: false,
    async search(params): Promise<ExpertSearchOutcome> {
      if (!isOnline()) return { ok: false, code: 'offline' };
      try {
        const c = await getClient();
        const response = await c.search({ requests: buildAlgoliaQueries(params) });
        const data = parseAlgoliaResponse(response, params);
        return data ? { ok: true, data } : { ok: false, code: 'invalid_response' };
      } catch (error) {
        return { ok: false, code: errorCode(error, isOnline()) };
      }
    },
  };
}
