// Which requests the service worker caches and how (shared by the worker and its tests).

/** Header the worker adds to budget answers it stores: when it serves one, the app shows that date. */
export const CACHED_AT_HEADER = 'x-bf-cached-at';

/** Budget lookup: /public/pdc/infoPdc/{idcc}/min/{min}/max/{max} → NetworkFirst, short timeout. */
export const BUDGET_LOOKUP_PATH = /^\/public\/pdc\/infoPdc\/[^/]+\/min\/-?\d+\/max\/-?\d+\/?$/;

/** IDCC and NAF lookups, headcount bands, agreement details → stale-while-revalidate. */
export const REFERENCE_LOOKUP_PATHS = [
  /^\/public\/idcc\/getIdccFromNAF\/?$/,
  /^\/public\/idcc\/search\/?$/,
  /^\/public\/pdc\/infoPdc\/[^/]+\/?$/,
  /^\/public\/pdc\/[^/]+\/?$/,
];

/** The company registry is never cached (network only; the app shows its offline message). */
export const REGISTRY_PATH = /\/registry\/v2\/?$|^\/v2\/?$/;

/** Never answered with the app shell. */
export const NAVIGATION_DENYLIST = [
  /^\/(rest|auth|functions|registry|public|storage|_mailbox|_local)\//,
  /^\/sw\.js$/,
];

/** Static datasets fetched by the app (sample experts). */
export const DATASET_PATHS = [/^\/data\/[^/]+\.json$/];

export function isBudgetLookup(url: URL): boolean {
  return BUDGET_LOOKUP_PATH.test(url.pathname);
}

export function isReferenceLookup(url: URL): boolean {
  return !isBudgetLookup(url) && REFERENCE_LOOKUP_PATHS.some((re) => re.test(url.pathname));
}

export function isRegistry(url: URL): boolean {
  return REGISTRY_PATH.test(url.pathname) && url.searchParams.has('q');
}
