// Contract between an edge function's logic and the two runtimes that serve it:
//  - hosted Supabase (Deno): supabase/functions/<name>/index.ts calls `serveFunction(handle)`
//    (deno-serve.ts) — the platform has verified the JWT (verify_jwt = true);
//  - the embedded backend (Node): server/apis/functions.ts verifies the JWT itself (401 without a valid
//    user token), imports supabase/functions/<name>/handler.ts and calls its `handle`.
// Handler modules are pure TypeScript: no Deno.*, no node:*, relative imports with explicit `.ts`.
//
// A function `foo` is therefore two files:
//   supabase/functions/foo/handler.ts   export const handle: FunctionHandler = async (req, ctx) => ...
//   supabase/functions/foo/index.ts     import { serveFunction } from '../_shared/deno-serve.ts';
//                                       import { handle } from './handler.ts';
//                                       serveFunction(handle);

export type FunctionRequest = {
  method: string;
  /** Parsed JSON body (undefined when empty). */
  body: unknown;
  headers: Headers;
};

export type FunctionContext = {
  /** The caller's user id (JWT sub); the JWT has been verified before the handler runs. */
  userId: string;
  /** The caller's access token, to call the data API as that user. */
  accessToken: string;
  /** Base URL of the Supabase API (SUPABASE_URL). */
  supabaseUrl: string;
  /** Server-side environment (OPENAI_* etc.); undefined when unset. */
  env: (name: string) => string | undefined;
};

export type FunctionResult = {
  status: number;
  /** Serialised as JSON. Errors: { error: code, message } (contracts.ts apiErrorSchema). */
  body: unknown;
  headers?: Record<string, string>;
};

export type FunctionHandler = (
  req: FunctionRequest,
  ctx: FunctionContext,
) => Promise<FunctionResult>;

export function jsonResult(status: number, body: unknown): FunctionResult {
  return { status, body };
}

export function errorResult(status: number, error: string, message: string): FunctionResult {
  return { status, body: { error, message } };
}

/** Decodes (does not verify) a JWT payload: only for runtimes where the gateway verified it. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0)));
    const payload = JSON.parse(json) as unknown;
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const FUNCTION_CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};
