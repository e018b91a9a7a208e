// Build-time prerender of the visitor's first screen, /rechercher-entreprise (step 1 of the
// onboarding wizard): the app's own route table (src/app/routes.tsx: root layout, guard, lazy
// page) rendered to HTML by React Router's static handler, as an anonymous visitor sees it.
// Loaded in Node by vite.prerender.ts during `vite build`; never shipped to the browser. The
// client (src/main.tsx) hydrates it (src/prerender/hydrate.ts) once the route's modules are loaded.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from '@/app/routes';
import { common } from '@/i18n/fr/common';
import { routes as titles } from '@/i18n/fr/routes';

/** The prerendered address (exact path; a query string such as ?ref= gets the same page). */
export const PRERENDERED_PATH = '/rechercher-entreprise';

export type PrerenderedPage = {
  /** The markup of <div id="root">. */
  html: string;
  /** document.title, as the root layout sets it (route handle title + suffix). */
  title: string;
};

export async function render(): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${PRERENDERED_PATH}`));
  if (context instanceof Response)
    throw new Error(`${PRERENDERED_PATH}: the route answered ${context.status}`);
  if (context.errors) throw new Error(`${PRERENDERED_PATH}: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const handle = [...context.matches]
    .reverse()
    .map((m) => (m.route.handle as { title?: string } | undefined)?.title)
    .find(Boolean);
  return { html, title: handle ? `${handle}${titles.titleSuffix}` : common.appName };
}
