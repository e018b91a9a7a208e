// Lite renders timestamptz as Postgres text ("2026-11-22 10:12:53.123+00"); PostgREST (hosted
// Supabase) renders JSON ISO 8601 ("2026-11-22T10:12:53.123+00:00"). /rest/v1 JSON responses are
// rewritten here so that clients see the hosted shape. Only whole string values with exactly that
// shape change; a text column holding such a literal would be rewritten too (none in our schema).
const PG_TIMESTAMPTZ =
  /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)([+-]\d{2})(?::?(\d{2}))?$/;

export function isoTimestamp(value: string): string {
  const m = PG_TIMESTAMPTZ.exec(value);
  return m ? `${m[1]}T${m[2]}${m[3]}:${m[4] ?? '00'}` : value;
}

export function normalizeValue(v: unknown): unknown {
  if (typeof v === 'string') return v.length >= 22 && v.length <= 35 ? isoTimestamp(v) : v;
  if (Array.isArray(v)) return v.map(normalizeValue);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = normalizeValue(x);
    return out;
  }
  return v;
}

export async function normalizeRestTimestamps(req: Request, res: Response): Promise<Response> {
  if (!new URL(req.url).pathname.startsWith('/rest/v1/')) return res;
  const type = res.headers.get('content-type') ?? '';
  if (!/json/i.test(type) || res.status === 204 || req.method === 'HEAD') return res;
  const text = await res.text();
  let body: string = text;
  if (text && /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text)) {
    try {
      body = JSON.stringify(normalizeValue(JSON.parse(text)));
    } catch {
      body = text;
    }
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}
