// /functions/v1/<name>: lite 0.10 has no edge functions. This router verifies the caller's JWT
// (401 without a valid user token), then dispatches to the handler of supabase/functions/<name>/
// (404 for an unknown name). Handlers are discovered at start (every folder of supabase/functions,
// not starting with _, that has a handler.ts exporting `handle`, see _shared/function-handler.ts)
// and imported on first use, or all at once by preload() once the server listens.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { FunctionHandler } from '../../supabase/functions/_shared/function-handler';
import { FUNCTION_CORS_HEADERS } from '../../supabase/functions/_shared/function-handler';
import { jsonError } from '../http/common';
import type { RouteArea } from '../http/route-table';
import { bearerToken, verifyUserToken } from '../auth/keys';

export type FunctionHandlers = Record<string, FunctionHandler>;

/** Handlers by name, imported on first use (start-up stays fast) or by preload(). */
export type FunctionRegistry = {
  names: string[];
  get(name: string): Promise<FunctionHandler | undefined>;
  /** Imports every handler (after the server listens); rejects on a bad module. */
  preload(): Promise<void>;
};

const NAME_RE = /^[a-z0-9][a-z0-9_-]{0,62}$/;

export function registryFromMap(map: FunctionHandlers): FunctionRegistry {
  return {
    names: Object.keys(map),
    get: async (name) => (Object.hasOwn(map, name) ? map[name] : undefined),
    preload: async () => {},
  };
}

async function importHandler(dir: string, name: string): Promise<FunctionHandler> {
  const file = join(dir, name, 'handler.ts');
  // server/start/start.mjs prebuilds the handlers with esbuild (plain Node imports them); otherwise
  // tsx's scoped loader imports the TypeScript (tests, `tsx server/start/main.ts`).
  const prebuilt = process.env.BF_PREBUILT_FUNCTIONS
    ? join(process.env.BF_PREBUILT_FUNCTIONS, name, 'handler.mjs')
    : null;
  let mod: { handle?: unknown };
  if (prebuilt && existsSync(prebuilt)) {
    mod = (await import(pathToFileURL(prebuilt).href)) as { handle?: unknown };
  } else {
    const { tsImport } = await import('tsx/esm/api');
    mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as { handle?: unknown };
  }
  if (typeof mod.handle !== 'function')
    throw new Error(`${file} must export "handle" (FunctionHandler)`);
  return mod.handle as FunctionHandler;
}

/** Every folder of supabase/functions (not starting with _) that has a handler.ts. */
export function discoverFunctionHandlers(dir: string): FunctionRegistry {
  const names = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter(
          (e) =>
            e.isDirectory() &&
            !e.name.startsWith('_') &&
            NAME_RE.test(e.name) &&
            existsSync(join(dir, e.name, 'handler.ts')),
        )
        .map((e) => e.name)
        .sort()
    : [];
  const loaded = new Map<string, Promise<FunctionHandler>>();
  const get = (name: string) => {
    if (!names.includes(name)) return Promise.resolve(undefined);
    let p = loaded.get(name);
    if (!p) {
      p = importHandler(dir, name);
      loaded.set(name, p);
      p.catch(() => loaded.delete(name));
    }
    return p;
  };
  return {
    names,
    get,
    preload: async () => {
      for (const name of names) await get(name);
    },
  };
}

/** All handlers of a folder, imported now (tests of the discovery). */
export async function loadFunctionHandlers(dir: string): Promise<FunctionHandlers> {
  const registry = discoverFunctionHandlers(dir);
  const out: FunctionHandlers = {};
  for (const name of registry.names) out[name] = (await registry.get(name))!;
  return out;
}

/** /functions/v1/<name>: a signed-in user's token, then the function's handler. */
export function functionsArea(deps: {
  jwtSecret: string;
  handlers: FunctionHandlers | FunctionRegistry;
  apiUrl: string;
}): RouteArea {
  const registry: FunctionRegistry =
    typeof (deps.handlers as FunctionRegistry).get === 'function' &&
    Array.isArray((deps.handlers as FunctionRegistry).names)
      ? (deps.handlers as FunctionRegistry)
      : registryFromMap(deps.handlers as FunctionHandlers);
  const handler = (c: Context) => callFunction(deps, registry, c);
  return {
    prefix: '/functions/v1',
    routes: [{ method: 'ALL', path: '/:name{.*}', who: 'user token', handler }],
  };
}

async function callFunction(
  deps: { jwtSecret: string; apiUrl: string },
  registry: FunctionRegistry,
  c: Context,
): Promise<Response> {
  const name = c.req.param('name') ?? '';
  const user = await verifyUserToken(c.req.raw, deps.jwtSecret);
  if (!user) return jsonError(c, 401, 'unauthorized', 'Jeton utilisateur manquant ou invalide');
  const handler = NAME_RE.test(name) ? await registry.get(name) : undefined;
  if (!handler) return jsonError(c, 404, 'not_found', `Fonction inconnue : ${name.slice(0, 64)}`);
  let body: unknown;
  const text = await c.req.text();
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      return jsonError(c, 400, 'invalid_json', 'Le corps de la requête doit être du JSON');
    }
  }
  const result = await handler(
    { method: c.req.method, body, headers: c.req.raw.headers },
    {
      userId: user.userId,
      accessToken: bearerToken(c.req.raw) ?? '',
      supabaseUrl: deps.apiUrl,
      env: (n) => process.env[n],
    },
  );
  const headers = { ...FUNCTION_CORS_HEADERS, ...result.headers };
  delete (headers as Record<string, string | undefined>)['access-control-allow-origin'];
  return c.json(result.body as object, result.status as 200, headers);
}
