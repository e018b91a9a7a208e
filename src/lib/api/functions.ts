// Edge functions (02 §7.4): POST {functionsUrl}/{name}, JSON body, bearer token of the user.
// The LLM key, when one is configured, stays on the server.
import type { z } from 'zod';
import { config } from '@/lib/config';
import { getAccessToken } from '@/lib/auth';
import { fetchJson, type HttpResult } from '@/lib/http';

export type FunctionName = 'generate-training' | 'estimate-training' | 'analyze-survey';

export async function invokeFunction<S extends z.ZodType>(
  name: FunctionName,
  body: unknown,
  schema: S,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<HttpResult<z.output<S>>> {
  let token: string | null = null;
  try {
    token = await getAccessToken();
  } catch {
    token = null;
  }
  if (!token) return { ok: false, code: 'unauthorized' };
  return fetchJson(`${config.functionsUrl}/${name}`, schema, {
    method: 'POST',
    body,
    headers: { Authorization: `Bearer ${token}`, apikey: config.supabaseAnonKey },
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? 30_000,
  });
}
