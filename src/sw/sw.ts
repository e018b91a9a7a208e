/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa injectManifest, workbox): precached shell, navigation
// fallback, runtime caching of lookups and images. No Background Sync: the app's IndexedDB
// outbox is the source of truth for writes (Safari has no Background Sync API).
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  CACHED_AT_HEADER,
  DATASET_PATHS,
  NAVIGATION_DENYLIST,
  isBudgetLookup,
  isReferenceLookup,
  isRegistry,
} from './cache-rules';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// registerType 'prompt': the new version waits until the page asks (after the user's click).
self.addEventListener('message', (event) => {
  if (event.data && (event.data as { type?: string }).type === 'SKIP_WAITING')
    void self.skipWaiting();
});

// The public survey's addresses (/survey, /survey/{id}) get the respondent's lean page, precached
// like the app's: a link opened once reopens offline. Registered first (the first match answers).
// Same rule as server/http/static.ts, vite.config.ts and docs/deployment.md (workbox matches the path
// with its query string, hence the '?').
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/survey.html'), {
    allowlist: [/^\/survey(?:[/?]|$)/],
  }),
);
// The visitor's first screen, prerendered at build time (vite.prerender.ts): /rechercher-entreprise
// exactly, with or without a query string (?ref=...), gets its precached HTML, which paints the
// screen before the JavaScript runs. Same rule as server/http/static.ts and docs/deployment.md.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/rechercher-entreprise.html'), {
    allowlist: [/^\/rechercher-entreprise(?:\?|$)/],
  }),
);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }),
);

/** Stores the fetch date with each budget answer, so a figure served offline says how old it is. */
const stampFetchDate: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const headers = new Headers(response.headers);
    headers.set(CACHED_AT_HEADER, new Date().toISOString());
    return new Response(await response.clone().blob(), {
      status: 200,
      statusText: response.statusText,
      headers,
    });
  },
};

const DAY = 24 * 60 * 60;

registerRoute(
  ({ url, request }) => request.method === 'GET' && isBudgetLookup(url),
  new NetworkFirst({
    cacheName: 'budget-lookups',
    networkTimeoutSeconds: 4,
    plugins: [stampFetchDate, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 180 * DAY })],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && isReferenceLookup(url),
  new StaleWhileRevalidate({
    cacheName: 'reference-lookups',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * DAY }),
    ],
  }),
);

registerRoute(({ url, request }) => request.method === 'GET' && isRegistry(url), new NetworkOnly());

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    DATASET_PATHS.some((re) => re.test(url.pathname)),
  new StaleWhileRevalidate({
    cacheName: 'datasets',
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);
