// The local sample directory works offline: cache first from the local reference cache
// (IndexedDB, zod-validated), network otherwise, refreshed in the background.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, getCachedReference, putCachedReference } from '@/db';
import { NO_FILTERS } from '@/domain/experts';
import { createLazyLocalSearch, loadSampleDataset, SAMPLE_CACHE_KEY } from '@/lib/expert-search';
import { expertsDatasetSchema, type ExpertsDataset } from '@/lib/expert-search/dataset-schema';
import type { DatasetDeps } from '@/lib/expert-search/dataset';

const shipped: ExpertsDataset = expertsDatasetSchema.parse(
  JSON.parse(readFileSync('public/data/experts-sample.json', 'utf8')),
);

function deps(online: boolean, fetchDataset: DatasetDeps['fetchDataset']): DatasetDeps {
  return {
    fetchDataset,
    getCached: async () => (await getCachedReference(SAMPLE_CACHE_KEY))?.value,
    putCached: (value) => putCachedReference(SAMPLE_CACHE_KEY, value),
    isOnline: () => online,
  };
}

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('loadSampleDataset', () => {
  it('fetches the file when nothing is cached, and keeps it in the reference cache', async () => {
    const fetchDataset = vi.fn<DatasetDeps['fetchDataset']>(async () => ({
      ok: true,
      data: shipped,
    }));
    const outcome = await loadSampleDataset(deps(true, fetchDataset));
    expect(outcome).toMatchObject({ ok: true, source: 'network' });
    expect(fetchDataset).toHaveBeenCalledTimes(1);
    expect(
      expertsDatasetSchema.parse((await getCachedReference(SAMPLE_CACHE_KEY))?.value).experts,
    ).toHaveLength(shipped.experts.length);
  });

  it('answers from the cache offline, without any request', async () => {
    await putCachedReference(SAMPLE_CACHE_KEY, shipped);
    const fetchDataset = vi.fn<DatasetDeps['fetchDataset']>(async () => ({
      ok: false,
      code: 'offline',
    }));
    const outcome = await loadSampleDataset(deps(false, fetchDataset));
    expect(outcome.ok && outcome.source).toBe('cache');
    expect(outcome.ok && outcome.dataset.experts).toHaveLength(shipped.experts.length);
    expect(fetchDataset).not.toHaveBeenCalled();
  });

  it('treats a malformed cache as none', async () => {
    await putCachedReference(SAMPLE_CACHE_KEY, { sample: true, experts: [{ firstname: 'x' }] });
    const fetchDataset = vi.fn<DatasetDeps['fetchDataset']>();
    expect(await loadSampleDataset(deps(false, fetchDataset))).toEqual({
      ok: false,
      code: 'offline',
    });
    expect(fetchDataset).not.toHaveBeenCalled();
  });

  it('refreshes the cache in the background when online', async () => {
    await putCachedReference(SAMPLE_CACHE_KEY, shipped);
    const newer = { ...shipped, version: 2 };
    const fetchDataset = vi.fn<DatasetDeps['fetchDataset']>(async () => ({
      ok: true,
      data: newer,
    }));
    const outcome = await loadSampleDataset(deps(true, fetchDataset));
    expect(outcome.ok && outcome.dataset.version).toBe(1);
    await vi.waitFor(async () =>
      expect((await getCachedReference<ExpertsDataset>(SAMPLE_CACHE_KEY))?.value.version).toBe(2),
    );
  });
});

describe('createLazyLocalSearch', () => {
  it('reports a failed load, then retries on the next search', async () => {
    let calls = 0;
    const port = createLazyLocalSearch(async () =>
      ++calls === 1
        ? { ok: false, code: 'offline' }
        : { ok: true, dataset: shipped, source: 'network' },
    );
    expect(port.sample).toBe(true);
    expect(await port.search({ query: '', filters: NO_FILTERS, page: 0 })).toEqual({
      ok: false,
      code: 'offline',
    });
    const second = await port.search({ query: '', filters: NO_FILTERS, page: 0 });
    expect(second.ok && second.data.nbHits).toBe(shipped.experts.length);
    await port.search({ query: 'data', filters: NO_FILTERS, page: 0 });
    expect(calls).toBe(2);
  });
});
