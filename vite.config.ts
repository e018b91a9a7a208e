import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Connect, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The PWA plugin (service worker, manifest, runtime caching) is configured in
// vite.pwa.ts so that this file stays readable.
import { pwa } from './vite.pwa';
// The visitor's first screen (/rechercher-entreprise) prerendered to dist/rechercher-entreprise.html.
import { prerenderFirstScreen } from './vite.prerender';
// The typeface's file, preloaded by every page.
import { preloadFont } from './vite.fonts';
// Classic zod's core apart from zod/mini's (see the file).
import { zodClassicApart } from './vite.zod';
// `npm run dev`: the local backend's own anon key (see the file).
import { localAnonKey } from './vite.keys';
// React Router's production build (its package `exports` name only its development build).
import { reactRouterProduction } from './vite.react-router';

/**
 * Two pages: the app (index.html) and the respondent's public survey (survey.html, a lean entry
 * with no router nor app shell). Addresses under /survey get survey.html, everything else the
 * app: the same rule as server/http/static.ts, the service worker (src/sw/sw.ts) and hosted static
 * hosting (docs/deployment.md).
 */
const SURVEY_PAGE = /^\/survey(?:\/|$)/;

function surveyEntry(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // No file lives under /survey: every GET there is the page.
    if ((req.method === 'GET' || req.method === 'HEAD') && SURVEY_PAGE.test(url.pathname)) {
      req.url = `/survey.html${url.search}`;
    }
    next();
  };
  return {
    name: 'bf-survey-entry',
    // Added before Vite's own middlewares (the SPA fallback would answer index.html).
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

export default defineConfig({
  plugins: [
    localAnonKey(),
    zodClassicApart(),
    reactRouterProduction(),
    react(),
    pwa(),
    surveyEntry(),
    preloadFont(),
    prerenderFirstScreen(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        survey: fileURLToPath(new URL('./survey.html', import.meta.url)),
      },
      // Fewer, larger files on the first paint (the respondent on a weak connection pays a request
      // and a gzip dictionary per file): what both pages need first (React, zod/mini's core, the
      // configuration and the shared strings) is one chunk; the survey's own modules another; the
      // small form helpers the survey shares with the app's pages a third. Measured by
      // `npm run bench:bundle` (survey page 103.5 → 92.8 KB gzip with vite.zod.ts, initial JS
      // 127.4 → 118.2).
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              test: /node_modules[\\/](react|react-dom|scheduler|zod)[\\/]|virtual:pwa-register|rolldown[\\/]runtime|vite[\\/]preload-helper|src[\\/](components[\\/]ui[\\/]spinner|i18n[\\/]fr[\\/](app|common|routes)|lib[\\/](busy-retry|config))\.|sync[\\/](backoff|errors)\./,
              tags: ['$initial'],
            },
            {
              name: 'public-survey',
              test: /src[\\/](features[\\/]public-survey[\\/]|db[\\/](respondent-store|survey-device-store)\.|domain[\\/](public-survey-|schemas[\\/]public-survey-steps\.)|i18n[\\/]fr[\\/]public-survey\.)/,
              tags: ['$initial'],
              includeDependenciesRecursively: false,
            },
            {
              // The password strength estimator and its dictionaries (issue 28 item 8): loaded
              // when a new password is typed, kept out of the precache (vite.pwa.ts).
              name: 'password-strength',
              test: /node_modules[\\/](@zxcvbn-ts|fastest-levenshtein)[\\/]|src[\\/](domain[\\/]password-strength|lib[\\/]password-feedback|i18n[\\/]fr[\\/]password-strength)\./,
            },
            {
              name: 'forms',
              test: /src[\\/](components[\\/]ui[\\/](button|field)\.|domain[\\/](labels|schemas[\\/]field-errors)\.|i18n[\\/]fr[\\/]validation\.|lib[\\/]http\.|db[\\/]errors\.|hooks[\\/]use-online-status\.)/,
              tags: ['$initial'],
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
});
