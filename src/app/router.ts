// The app's router (react-router data router over the route table, lazy screens). In its own
// module so that src/main.tsx can wait for the first route's modules before React's first render.
import { createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

/**
 * Resolves once the first location's lazy route modules are loaded: from then on the router
 * renders the page itself, not the root's fallback spinner. src/main.tsx waits for it when the
 * HTML already shows the page (the prerendered first screen), so React replaces it with the same
 * screen instead of a spinner.
 */
export function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
