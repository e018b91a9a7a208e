// /functions/v1/<name>: lite 0.10 has no edge functions. This router verifies the caller's JWT
// (401 without a valid user token), then dispatches to the handler of supabase/functions/<name>/
// (404 for an unknown name). Handlers are discovered at start: every folder of supabase/functions
// (not starting with _) that has a handler.ts exporting `handle` (see _shared/function-handler.ts).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import type { FunctionHandler } from '../supabase/functions/_shared/function-handler';
import { FUNCTION_CORS_HEADERS } from '../supabase/functions/_shared/function-handler';
import { jsonError } from './http';
import { bearerToken, verifyUserToken } from './keys';

export type FunctionHandlers = Record<string, FunctionHandler>;

const NAME_RE = /^[a-z0-9][a-z0-9_-]{0,62}$/;

export async function loadFunctionHandlers(dir: string): Promise<FunctionHandlers> {
  const out: FunctionHandlers = {};
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('_') || !NAME_RE.test(entry.name)) continue;
    const file = join(dir, entry.name, 'handler.ts');
    if (!existsSync(file)) continue;
    // tsx's scoped loader: works under tsx and from the plain-node bundle (server/start.mjs).
    const { tsImport } = await import('tsx/esm/api');
    const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as { handle?: unknown };
    if (typeof mod.handle !== 'function') throw new Error(`${file} must export "handle" (FunctionHandler)`);
    out[entry.name] = mod.handle as FunctionHandler;
  }
  return out;
}

export function functionsRoutes(deps: { jwtSecret: string; handlers: FunctionHandlers; apiUrl: string }): Hono {
  const r = new Hono();
  r.all('/:name{.*}', async (c) => {
    const name = c.req.param('name');
    const user = await verifyUserToken(c.req.raw, deps.jwtSecret);
    if (!user) return jsonError(c, 401, 'unauthorized', 'Jeton utilisateur manquant ou invalide');
    const handler = NAME_RE.test(name) ? deps.handlers[name] : undefined;
    if (!handler || !Object.hasOwn(deps.handlers, name)) return jsonError(c, 404, 'not_found', `Fonction inconnue : ${name.slice(0, 64)}`);
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
  });
  return r;
}
