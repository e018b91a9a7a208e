// The Algolia adapter: the exact request it sends (recorded at the client's HTTP boundary, the
// only thing replaced) against fixtures, and the parsing of a recorded-format answer.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expertSearchResultSchema } from '@/domain/contracts';
import { NO_FILTERS } from '@/domain/experts';
import { createAlgoliaAdapter, type AlgoliaRequester } from '@/lib/expert-search/algolia';
import type { ExpertSearchParams } from '@/lib/expert-search/port';

type Sent = Parameters<AlgoliaRequester['send']>[0];
const fixture = (name: string) =>
  JSON.parse(readFileSync(`tests/fixtures/algolia/${name}`, 'utf8'));
const CONFIG = { appId: 'TESTAPP', searchKey: 'search-only-key' };

function recorder(reply: { status: number; body: unknown }) {
  const sent: Sent[] = [];
  const requester: AlgoliaRequester = {
    send: async (request) => {
      sent.push(request);
      return { status: reply.status, content: JSON.stringify(reply.body), isTimedOut: false };
    },
  };
  return { sent, requester };
}

function shapeOf(request: Sent) {
  const url = new URL(request.url);
  return {
    method: request.method,
    host: url.host,
    path: decodeURIComponent(url.pathname),
    headers: {
      'x-algolia-api-key': request.headers['x-algolia-api-key'],
      'x-algolia-application-id': request.headers['x-algolia-application-id'],
    },
    body: JSON.parse(String(request.data)),
  };
}

const withoutDescription = ({ description: _d, ...rest }: Record<string, unknown>) => rest;

describe('Algolia adapter request', () => {
  it('sends query, facets, hitsPerPage 6, maxValuesPerFacet 20, sector AND market, page (fixture)', async () => {
    const response = fixture('search-response-filters.json').response;
    const { sent, requester } = recorder({ status: 200, body: response });
    const adapter = createAlgoliaAdapter(CONFIG, { requester, isOnline: () => true });
    const outcome = await adapter.search({
      query: ' data ',
      filters: { sector: 'Industrie', market: 'B2B' },
      page: 1,
    });
    expect(outcome.ok).toBe(true);
    expect(sent).toHaveLength(1);
    expect(shapeOf(sent[0]!)).toEqual(withoutDescription(fixture('search-request-filters.json')));
  });

  it('sends the main query alone without filters (fixture)', async () => {
    const { sent, requester } = recorder({
      status: 200,
      body: { results: [{ hits: [], nbHits: 0, nbPages: 0, page: 0, facets: {} }] },
    });
    const adapter = createAlgoliaAdapter(CONFIG, { requester, isOnline: () => true });
    await adapter.search({ query: '', filters: NO_FILTERS, page: 0 });
    expect(shapeOf(sent[0]!)).toEqual(withoutDescription(fixture('search-request-plain.json')));
  });

  it('sends nothing while offline', async () => {
    const { sent, requester } = recorder({ status: 200, body: {} });
    const adapter = createAlgoliaAdapter(CONFIG, { requester, isOnline: () => false });
    expect(await adapter.search({ query: 'x', filters: NO_FILTERS, page: 0 })).toEqual({
      ok: false,
      code: 'offline',
    });
    expect(sent).toHaveLength(0);
  });
});

describe('Algolia adapter answer', () => {
  const params: ExpertSearchParams = {
    query: 'data',
    filters: { sector: 'Industrie', market: 'B2B' },
    page: 1,
  };

  it('parses the recorded answer with the contract schema and merges the disjunctive counts', async () => {
    const response = fixture('search-response-filters.json').response;
    const { requester } = recorder({ status: 200, body: response });
    const outcome = await createAlgoliaAdapter(CONFIG, { requester, isOnline: () => true }).search(
      params,
    );
    if (!outcome.ok) throw new Error(outcome.code);
    expect(expertSearchResultSchema.parse(outcome.data)).toEqual(outcome.data);
    expect(outcome.data.nbPages).toBe(2);
    expect(outcome.data.page).toBe(1);
    expect(outcome.data.nbHits).toBe(8);
    expect(outcome.data.hits.map((h) => h.id)).toEqual(['4812', '5120']);
    expect(outcome.data.hits[0]!.skills).toHaveLength(7);
    // sector and market counts come from their own facet-only queries (the other choices stay visible)
    expect(outcome.data.facets.sector).toEqual({
      Industrie: 8,
      Numérique: 7,
      'Banque et assurance': 4,
      'Énergie et environnement': 2,
    });
    expect(outcome.data.facets.market).toEqual({ B2B: 8, B2C: 5, B2G: 2 });
    expect(outcome.data.facets.tool).toEqual(response.results[0].facets.tool);
  });

  it('drops malformed hits, keeps the page', async () => {
    const body = {
      results: [
        {
          hits: [
            { objectID: 'ok', firstname: 'Léa' },
            { firstname: 'no id' },
            { objectID: 'bad', skills: 'SEO' },
          ],
          nbPages: 1,
          facets: {},
        },
      ],
    };
    const { requester } = recorder({ status: 200, body });
    const outcome = await createAlgoliaAdapter(CONFIG, { requester, isOnline: () => true }).search({
      ...params,
      filters: NO_FILTERS,
    });
    expect(outcome.ok && outcome.data.hits.map((h) => h.objectID)).toEqual(['ok']);
  });

  it('maps a refused key to unauthorized and a junk answer to invalid_response', async () => {
    const refused = recorder({
      status: 403,
      body: { message: 'Invalid Application-ID or API key', status: 403 },
    });
    expect(
      await createAlgoliaAdapter(CONFIG, {
        requester: refused.requester,
        isOnline: () => true,
      }).search(params),
    ).toEqual({
      ok: false,
      code: 'unauthorized',
    });
    const junk = recorder({ status: 200, body: { results: [] } });
    expect(
      await createAlgoliaAdapter(CONFIG, {
        requester: junk.requester,
        isOnline: () => true,
      }).search(params),
    ).toEqual({
      ok: false,
      code: 'invalid_response',
    });
  });
});
