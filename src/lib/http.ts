// fetch + zod with typed failure codes. Every response crossing a boundary is validated; the UI
// maps codes to French words. No exception escapes: callers switch on `ok`. A busy server (503 or
// 429 with Retry-After) is asked again after that wait, within the timeout (busy-retry.ts).
import { withBusyRetry } from './busy-retry';

export type HttpErrorCode =
  | 'offline'
  | 'timeout'
  | 'aborted'
  | 'unauthorized'
  | 'not_found'
  | 'bad_request'
  | 'rate_limited'
  | 'server'
  | 'invalid_response';

export type HttpResult<T> =
  | { ok: true; data: T; status: number; headers?: Headers }
  | { ok: false; code: HttpErrorCode; status?: number; message?: string };

export type FetchJsonOptions = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
  /** Abort after this many ms (default 15 s). */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
};

export function codeForStatus(status: number): HttpErrorCode {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'bad_request';
}

/** What fetchJson needs of a zod schema (zod or zod/mini: both have safeParse). */
export type ResponseSchema<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
};

export async function fetchJson<T>(
  url: string,
  schema: ResponseSchema<T>,
  options: FetchJsonOptions = {},
): Promise<HttpResult<T>> {
  const {
    method = 'GET',
    headers = {},
    body,
    signal,
    timeoutMs = 15_000,
    fetchImpl = fetch,
  } = options;
  const controller = new AbortController();
  // Retries on a busy server only while they can finish before the timeout (1 s kept for the answer).
  const send = withBusyRetry(fetchImpl, { deadline: Date.now() + timeoutMs - 1_000 });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) controller.abort();
  try {
    const response = await send(url, {
      method,
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      credentials: 'omit',
      mode: 'cors',
    });
    let payload: unknown = null;
    const text = await response.text();
    if (text) {
      try {
        payload = JSON.parse(text);
      } catch {
        payload = null;
      }
    }
    if (!response.ok) {
      const message =
        payload &&
        typeof payload === 'object' &&
        'message' in payload &&
        typeof payload.message === 'string'
          ? payload.message
          : undefined;
      return {
        ok: false,
        code: codeForStatus(response.status),
        status: response.status,
        ...(message ? { message } : {}),
      };
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return { ok: false, code: 'invalid_response', status: response.status };
    return { ok: true, data: parsed.data, status: response.status, headers: response.headers };
  } catch {
    if (signal?.aborted) return { ok: false, code: 'aborted' };
    if (timedOut) return { ok: false, code: 'timeout' };
    // A network failure (DNS, refused, no network): the same answer for the user.
    return { ok: false, code: 'offline' };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
