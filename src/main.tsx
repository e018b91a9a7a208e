import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { routerReady } from '@/app/router';
import { nextTask } from '@/lib/next-task';
import { registerServiceWorker } from '@/lib/pwa/register';
import '@/app/styles.css';

const root = document.getElementById('root');
if (root) {
  const start = () =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  // A prerendered page (/rechercher-entreprise, vite.prerender.ts) is already on screen: React
  // hydrates it once the router has loaded the route's modules, so that its first render is the
  // same screen (not the loading spinner); typed text, caret and focus stay
  // (src/prerender/hydrate.ts). Elsewhere the root is empty: React renders at once.
  // Each step runs in a task of its own (the modules' evaluation, the router's creation with the
  // route's modules, React's hydration in slices), so that no long task blocks the painted page.
  // The hydration code is loaded only by such a page, alongside the route's modules (its HTML
  // preloads it with them): the other pages' first JavaScript does not carry it. Should it fail to
  // load, React renders the page anew in place of the markup.
  if (root.hasChildNodes())
    void Promise.all([import('@/prerender/hydrate'), nextTask().then(routerReady)]).then(
      ([{ hydratePrerendered }]) =>
        hydratePrerendered(root, (onCommit) => (
          <StrictMode>
            <App onCommit={onCommit} />
          </StrictMode>
        )),
      start,
    );
  else start();
}
registerServiceWorker();
