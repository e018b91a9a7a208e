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

/**
 * Two pages: the app (index.html) and the respondent's public survey (survey.html, a lean entry
 * with no router nor app shell). Addresses under /survey get survey.html, everything else the
 * app: the same rule as server/static.ts, the service worker (src/sw/sw.ts) and hosted static
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
  plugins: [react(), pwa(), surveyEntry(), preloadFont(), prerenderFirstScreen()],
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
    },
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
});
