// The backend's one route table (issue 31 item 2). Each area exports its routes: method, path,
// handler and who may call it; createBackend mounts the areas in order and the table is readable
// as data (Backend.routes, docs/backend.md, tests/server/route-table.test.ts). What a route's
// `who` says is enforced by its area's guard (the middleware every route of the area passes
// first) or by the handler itself; the test calls each guarded route without credentials.
import { Hono, type Handler, type MiddlewareHandler } from 'hono';

/** What the listener hands every request: the peer's address (throttles, logs). */
export type BackendEnv = { Bindings: { peerAddress: string | null } };

/** Who may call a route. */
export type Caller =
  /** No key: public pages, the API index, the company registry, CORS preflights. */
  | 'anyone'
  /** The API's callers as hosted Supabase has them: the anon or service key, a user's token. */
  | 'api key'
  /** A signed-in user's token (the functions). */
  | 'user token'
  /** The service key only (GoTrue's admin API). */
  | 'service key'
  /** The budget API's own key (x-api-key). */
  | 'budget api key'
  /** The mailbox's readers: loopback, or its token when exposed. */
  | 'mailbox reader';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'ALL';

export type Route = {
  method: Method;
  /** Relative to the area's prefix, in Hono's syntax (`/users/:id`). */
  path: string;
  who: Caller;
  handler: Handler<BackendEnv>;
};

/** An area: its routes under one prefix, after its guard. */
export type RouteArea = {
  prefix: string;
  /** Runs before every route of the area (its access check, CORS...). */
  guard?: MiddlewareHandler<BackendEnv>[];
  routes: Route[];
  /** Answers a path under the prefix that no route matches (else the request goes on). */
  fallback?: Handler<BackendEnv>;
};

/** A route of the composed table, as data. */
export type RouteEntry = { method: Method; path: string; who: Caller };

/** Mounts an area on the app: its guard, its routes, its fallback, under its prefix. */
export function mountArea(app: Hono<BackendEnv>, area: RouteArea): void {
  const sub = new Hono<BackendEnv>();
  for (const guard of area.guard ?? []) sub.use('*', guard);
  for (const route of area.routes) {
    if (route.method === 'ALL') sub.all(route.path, route.handler);
    else sub.on(route.method, route.path, route.handler);
  }
  if (area.fallback) sub.all('*', area.fallback);
  app.route(area.prefix, sub);
}

/** One area alone, mounted at the root (its routes' own paths): tests of one area. */
export function areaApp(area: RouteArea): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>();
  mountArea(app, { ...area, prefix: '/' });
  return app;
}

/** The table as data: every route with its full path. */
export function routeEntries(areas: RouteArea[]): RouteEntry[] {
  return areas.flatMap((area) =>
    area.routes.map((r) => ({
      method: r.method,
      path: `${area.prefix === '/' ? '' : area.prefix}${r.path === '/' && area.prefix !== '/' ? '' : r.path}`,
      who: r.who,
    })),
  );
}
