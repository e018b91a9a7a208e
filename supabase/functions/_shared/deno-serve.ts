// Deno entry adapter for hosted Supabase: `serveFunction(handle)` in supabase/functions/<name>/index.ts.
// The platform verifies the JWT before the request reaches the function (verify_jwt = true).
import {
  decodeJwtPayload,
  FUNCTION_CORS_HEADERS,
  type FunctionHandler,
} from './function-handler.ts';

declare const Deno: {
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
  env: { get(name: string): string | undefined };
};

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...FUNCTION_CORS_HEADERS, 'content-type': 'application/json', ...headers },
  });
}

export function serveFunction(handle: FunctionHandler): void {
  Deno.serve(async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: FUNCTION_CORS_HEADERS });
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    const claims = decodeJwtPayload(token);
    if (!claims || claims.role !== 'authenticated' || typeof claims.sub !== 'string') {
      return json(401, { error: 'unauthorized', message: 'Utilisateur non connecté' });
    }
    let body: unknown;
    const text = await req.text();
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return json(400, {
          error: 'invalid_json',
          message: 'Le corps de la requête doit être du JSON',
        });
      }
    }
    try {
      const result = await handle(
        { method: req.method, body, headers: req.headers },
        {
          userId: claims.sub,
          accessToken: token,
          supabaseUrl: Deno.env.get('SUPABASE_URL') ?? '',
          env: (name) => Deno.env.get(name),
        },
      );
      return json(result.status, result.body, result.headers);
    } catch {
      return json(500, { error: 'internal_error', message: 'Erreur interne' });
    }
  });
}
