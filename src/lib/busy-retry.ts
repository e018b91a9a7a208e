// A busy server says so: 503 (the embedded backend's full queue) or 429, with Retry-After. The
// app's HTTP adapters (fetchJson, the Supabase client) then wait that long and ask again, a couple
// of times, instead of showing an error: the server refused before doing anything, so asking again
// is safe. No Retry-After, a wait longer than the caller can afford, or a body that cannot be sent
// twice: the answer goes to the caller as it is (the sync engine has its own backoff).
import { retryDelay } from '../../sync/backoff';
import { parseRetryAfter } from '../../sync/errors';

export type BusyRetryOptions = {
  /** Attempts after the first (default 2). */
  retries?: number;
  /** Longest single wait (default 10 s). */
  maxWaitMs?: number;
  /** No retry that would start after this time (ms since epoch, e.g. a caller's timeout). */
  deadline?: number;
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal | null) => Promise<void>;
};

const BUSY = new Set([429, 503]);

function abortableSleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A body fetch can send again (a Request or a stream is read once). */
function replayable(input: RequestInfo | URL, init?: RequestInit): boolean {
  if (typeof Request !== 'undefined' && input instanceof Request) return input.body === null;
  const body = init?.body;
  return !(typeof ReadableStream !== 'undefined' && body instanceof ReadableStream);
}

/** The wait before asking again, or null when the answer goes to the caller as it is. */
export function busyRetryWait(
  response: Response,
  attempt: number,
  opts: BusyRetryOptions = {},
): number | null {
  const now = opts.now ?? Date.now;
  if (!BUSY.has(response.status) || attempt >= (opts.retries ?? 2)) return null;
  const after = parseRetryAfter(response.headers.get('retry-after'), now());
  if (after === null || after > (opts.maxWaitMs ?? 10_000)) return null;
  const wait = retryDelay(attempt, after, opts.random ?? Math.random);
  if (opts.deadline !== undefined && now() + wait > opts.deadline) return null;
  return wait;
}

/** fetch that waits Retry-After and asks again when the server is busy. */
export function withBusyRetry(fetchImpl: typeof fetch, opts: BusyRetryOptions = {}): typeof fetch {
  const sleep = opts.sleep ?? abortableSleep;
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetchImpl(input, init);
      const wait = replayable(input, init) ? busyRetryWait(response, attempt, opts) : null;
      if (wait === null) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(wait, init?.signal);
    }
  };
}
