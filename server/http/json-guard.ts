// Bad input at the door (issue 14 item 8): a JSON body nested 10,000 deep (an RPC argument, sign-up
// metadata, survey answers) made lite and our handlers recurse until "Maximum call stack size
// exceeded", a 500. Every JSON request body is checked here, before anything parses it, with a flat
// scan (no recursion): deeper than MAX_JSON_DEPTH levels is a 400 in the shape the route's clients
// read (PostgREST under /rest, GoTrue under /auth, ours elsewhere). The size limit is the body
// limit of backend.ts (1 MiB). Generic on purpose: routes validate their own contents (zod,
// sync_push) after this.
import type { MiddlewareHandler } from 'hono';

/** No legitimate body of the app nests deeper (sync batches, survey answers: < 10 levels). */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of a JSON text, counting only brackets outside strings; stops past `limit`. */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return max;
}

const MESSAGE = `Données refusées : structure JSON trop imbriquée (${MAX_JSON_DEPTH} niveaux au plus).`;

function refusal(path: string): Response {
  const body = path.startsWith('/rest/')
    ? { code: 'PGRST102', message: MESSAGE, details: `max depth ${MAX_JSON_DEPTH}`, hint: null }
    : path.startsWith('/auth/')
      ? { code: 400, error_code: 'bad_json', msg: MESSAGE }
      : { error: 'json_too_deep', message: MESSAGE };
  return new Response(JSON.stringify(body), {
    status: 400,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'access-control-allow-origin': '*',
    },
  });
}

/** Refuses JSON bodies nested deeper than MAX_JSON_DEPTH; hands the same body on otherwise. */
export function jsonDepthGuard(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const raw = c.req.raw;
    if (!raw.body) return next();
    const text = await c.req.text();
    const first = text.trimStart()[0];
    if ((first === '{' || first === '[') && jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
      return refusal(new URL(raw.url).pathname);
    // The stream is read: whoever reads c.req.raw next (lite) gets the same bytes.
    (c.req as unknown as { raw: Request }).raw = new Request(raw.url, {
      method,
      headers: raw.headers,
      body: text,
    });
    return next();
  };
}

type ColumnKinds = Map<string, Map<string, 'json' | 'array' | 'scalar'>>;

/** Column kinds of the API's tables (public schema), read once the migrations have run. */
async function loadColumnKinds(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
): Promise<ColumnKinds> {
  const rows = await query(
    `select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public'`,
  );
  const kinds: ColumnKinds = new Map();
  for (const r of rows) {
    const table = String(r.table_name);
    const type = String(r.data_type);
    const kind =
      type === 'json' || type === 'jsonb' ? 'json' : type === 'ARRAY' ? 'array' : 'scalar';
    if (!kinds.has(table)) kinds.set(table, new Map());
    kinds.get(table)!.set(String(r.column_name), kind);
  }
  return kinds;
}

/**
 * A JSON array or object written to a scalar column of /rest/v1/<table> (e.g. `contact_name: []`)
 * is a 400 22P02 on every driver: PGlite threw a plain Error (500) and a PostgreSQL server stored
 * the array's text. RPC arguments are the functions' business (they validate their jsonb).
 */
export function scalarColumnGuard(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
): MiddlewareHandler {
  let kinds: Promise<ColumnKinds> | null = null;
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'POST' && method !== 'PATCH' && method !== 'PUT') return next();
    const table = /^\/rest\/v1\/([^/?]+)$/.exec(c.req.path)?.[1];
    if (!table || table === 'rpc') return next();
    kinds ??= loadColumnKinds(query).catch((e: unknown) => {
      kinds = null;
      throw e;
    });
    const columns = (await kinds).get(decodeURIComponent(table));
    if (!columns) return next();
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return next(); // lite answers malformed JSON itself
    }
    for (const row of Array.isArray(body) ? body : [body]) {
      if (!row || typeof row !== 'object') continue;
      for (const [column, value] of Object.entries(row as Record<string, unknown>)) {
        if (value === null || typeof value !== 'object') continue;
        const kind = columns.get(column);
        if (kind === 'json' || (kind === 'array' && Array.isArray(value)) || kind === undefined)
          continue;
        return new Response(
          JSON.stringify({
            code: '22P02',
            message: `Valeur refusée pour la colonne ${column} : ${Array.isArray(value) ? 'une liste' : 'un objet'} au lieu d'une valeur simple.`,
            details: `column ${column} of ${table} is not json or an array`,
            hint: null,
          }),
          {
            status: 400,
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'access-control-allow-origin': '*',
            },
          },
        );
      }
    }
    return next();
  };
}
