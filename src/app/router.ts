// The app's router (react-router data router over the route table, lazy screens). In its own
// module so that src/main.tsx can wait for the first route's modules before React's first render.
import { createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The app's router, created on first use: creating it matches the first location against the
 * route table and starts loading the route's modules, a few tens of milliseconds of work that
 * src/main.tsx runs in a task of its own on the prerendered first screen.
 */
export function getRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter(routes);
  return router;
}

/**
 * Resolves once the first location's lazy route modules are loaded: from then on the router
 * renders the page itself, not the root's fallback spinner. src/main.tsx waits for it when the
 * HTML already shows the page (the prerendered first screen), so React replaces it with the same
 * screen instead of a spinner.
 */
export function routerReady(): Promise<void> {
  const router = getRouter();
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
