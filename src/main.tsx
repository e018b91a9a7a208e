import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { routerReady } from '@/app/router';
import { nextTask } from '@/lib/next-task';
import { registerServiceWorker } from '@/lib/pwa/register';
import { takeOverPrerendered } from '@/prerender/take-over';
import '@/app/styles.css';

const root = document.getElementById('root');
if (root) {
  const start = () =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  // A prerendered page (/rechercher-entreprise, vite.prerender.ts) is already on screen: it stays
  // until the router has loaded the route's modules, so that React's first render replaces it
  // with the same screen (not the loading spinner), keeping typed text and focus
  // (src/prerender/take-over.ts). Elsewhere the root is empty: React renders at once.
  // Each step runs in a task of its own (the modules' evaluation, the router's creation with the
  // route's modules, React's render in slices), so that no long task blocks the painted page.
  if (root.hasChildNodes())
    void nextTask()
      .then(routerReady)
      .then(() => takeOverPrerendered(root, start));
  else start();
}
registerServiceWorker();
