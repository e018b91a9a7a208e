// Expert search for the app: `getExpertSearch()` picks the Algolia adapter when
// VITE_ALGOLIA_APP_ID and VITE_ALGOLIA_SEARCH_KEY are set, the local sample directory otherwise;
// `getPictureProbe()` probes the configured picture locations (VITE_EXPERT_PICTURES_URLS), or the
// sample portraits (public/images/experts) with the local directory.
import { config } from '@/lib/config';
import type { HttpErrorCode } from '@/lib/http';
import { createAlgoliaAdapter } from './algolia';
import { loadSampleDataset, type DatasetOutcome } from './dataset';
import { createLocalAdapter } from './local';
import { createPictureProbe, type PictureLocations, type PictureProbe } from './pictures';
import type { ExpertSearchPort } from './port';

export type { ExpertSearchOutcome, ExpertSearchParams, ExpertSearchPort } from './port';
export type { PictureProbe } from './pictures';
export { createAlgoliaAdapter, buildAlgoliaQueries, parseAlgoliaResponse } from './algolia';
export { createLocalAdapter } from './local';
export { createPictureProbe, pictureCandidates } from './pictures';
export { loadSampleDataset, SAMPLE_CACHE_KEY, SAMPLE_DATASET_URL } from './dataset';
export { expertsDatasetSchema, type ExpertsDataset, type SampleExpert } from './dataset-schema';
export { ExpertSearchContext, type ExpertSearchServices } from './context';
import { useExpertSearchContext, type ExpertSearchServices } from './context';

/** The sample portraits shipped in public/images/experts (abstract placeholders, not photos). */
export const SAMPLE_PICTURES: PictureLocations = { bases: ['/images/experts'], extension: 'svg' };

/** The local directory, loaded (cache first) and indexed on the first search; a failed load is retried next time. */
export function createLazyLocalSearch(
  load: () => Promise<DatasetOutcome> = loadSampleDataset,
): ExpertSearchPort {
  let ready: Promise<ExpertSearchPort> | null = null;
  return {
    kind: 'local',
    sample: true,
    async search(params) {
      ready ??= load().then((outcome) => {
        if (outcome.ok) return createLocalAdapter(outcome.dataset);
        throw outcome;
      });
      try {
        return await (await ready).search(params);
      } catch (failure) {
        ready = null;
        const code = (failure as { code?: HttpErrorCode }).code ?? 'invalid_response';
        return { ok: false, code };
      }
    },
  };
}

let search: ExpertSearchPort | null = null;
let pictures: PictureProbe | null = null;

export function getExpertSearch(): ExpertSearchPort {
  search ??= config.algolia ? createAlgoliaAdapter(config.algolia) : createLazyLocalSearch();
  return search;
}

export function getPictureProbe(): PictureProbe {
  if (!pictures) {
    const locations: PictureLocations | null =
      config.expertPicturesUrls.length > 0
        ? { bases: config.expertPicturesUrls, extension: 'jpg' }
        : config.algolia
          ? null
          : SAMPLE_PICTURES;
    pictures = locations ? createPictureProbe(locations) : async () => null;
  }
  return pictures;
}

/** The provided services (tests), or the configured search and picture probe. */
export function useExpertSearchServices(): ExpertSearchServices {
  return useExpertSearchContext() ?? { search: getExpertSearch(), pictures: getPictureProbe() };
}
