// Exponential backoff with "equal jitter": half of the exponential step is fixed, half random, so
// that retries from many devices spread out without ever collapsing to zero.

export type BackoffOptions = { baseMs: number; maxMs: number; factor: number };
export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 5 * 60_000, factor: 2 };

export function backoffDelay(
  attempt: number,
  random: () => number,
  opts: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const step = Math.min(opts.maxMs, opts.baseMs * opts.factor ** Math.max(0, attempt));
  return Math.round(step / 2 + random() * (step / 2));
}

/**
 * The delay before the next attempt: the server's Retry-After when it gave one (never earlier, plus
 * up to 10 % jitter, at most one second), exponential backoff otherwise.
 */
export function retryDelay(
  attempt: number,
  retryAfterMs: number | null,
  random: () => number,
  opts: BackoffOptions = DEFAULT_BACKOFF,
): number {
  if (retryAfterMs !== null)
    return Math.round(retryAfterMs + random() * Math.min(1_000, retryAfterMs * 0.1));
  return backoffDelay(attempt, random, opts);
}
