// What keeps the registry proxy a good citizen of the government API (issue 15;
// recherche-entreprises.md §2): a token bucket (5 requests per second at most, under the API's 7
// per IP: headroom for clocks and networks), a circuit breaker after
// repeated failures (an IP that kept retrying during an outage was blocked at TCP level, issue
// #776 of search-api), and a bounded cache of recent answers. Pure TypeScript with an injected
// clock (milliseconds), so the Node backend and the Deno edge function share them and the tests
// drive time.

export type Clock = () => number;

/**
 * Token bucket in its exact form, the generic cell rate algorithm: `capacity` tokens, one more
 * every 1000 / `perSecond` ms, and a call reserves the next free token, now or later. Whatever the
 * calls' timing, concurrency included, no window of 1000 ms (half-open) holds more than
 * `capacity - 1 + perSecond` calls: with one token (the government source) the calls are at least
 * 1000 / perSecond ms apart (issue 28 item 11: a full bucket of 7 refilled while its queue waited
 * let 8 to 12 calls through in the first second of a burst). Integer milliseconds only (no
 * floating-point refill).
 */
export class TokenBucket {
  readonly intervalMs: number;
  /** the theoretical arrival time: when the next token is free (ms) */
  #tat = Number.NEGATIVE_INFINITY;
  constructor(
    private readonly capacity: number,
    perSecond: number,
    private readonly now: Clock,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('capacity: an integer >= 1');
    this.intervalMs = Math.ceil(1000 / perSecond);
  }

  /**
   * Reserves a token: how many milliseconds to wait before the call (0: now), or null when that
   * wait would exceed `maxWaitMs` (nothing reserved). The caller must not call before the wait.
   */
  reserve(maxWaitMs = 0): number | null {
    const t = this.now();
    const tat = Math.max(this.#tat, t);
    const at = Math.max(t, tat - (this.capacity - 1) * this.intervalMs);
    const wait = at - t;
    if (wait > maxWaitMs) return null;
    this.#tat = tat + this.intervalMs;
    return wait;
  }

  /** Milliseconds until a token is free (0: one is free now); reserves nothing. */
  waitMs(): number {
    const t = this.now();
    return Math.max(0, Math.max(this.#tat, t) - (this.capacity - 1) * this.intervalMs - t);
  }
}

export type BreakerState = 'closed' | 'open' | 'half-open';

/**
 * Circuit breaker: opens after `threshold` consecutive failures, refuses calls for `cooldownMs`,
 * then lets one probe through (half-open): a success closes it, a failure opens it again.
 */
export class CircuitBreaker {
  #failures = 0;
  #openedAt: number | null = null;
  #probing = false;
  constructor(
    private readonly threshold: number,
    private readonly cooldownMs: number,
    private readonly now: Clock,
  ) {}

  get state(): BreakerState {
    if (this.#openedAt === null) return 'closed';
    return this.now() - this.#openedAt >= this.cooldownMs ? 'half-open' : 'open';
  }

  /** Milliseconds before a probe is allowed (0 when closed or half-open). */
  retryInMs(): number {
    if (this.#openedAt === null) return 0;
    return Math.max(0, this.cooldownMs - (this.now() - this.#openedAt));
  }

  /** Whether a call may go out now (half-open: one probe at a time). */
  allow(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.#probing) return false;
    this.#probing = true;
    return true;
  }

  /** A call that neither failed nor succeeded (the server asked to wait): the probe slot is freed. */
  release(): void {
    this.#probing = false;
  }

  success(): void {
    this.#failures = 0;
    this.#openedAt = null;
    this.#probing = false;
  }

  failure(): void {
    this.#probing = false;
    this.#failures++;
    if (this.#openedAt !== null || this.#failures >= this.threshold) this.#openedAt = this.now();
  }
}

/** Least-recently-used cache with a time to live; at most `max` entries. */
export class LruCache<V> {
  #map = new Map<string, { value: V; at: number }>();
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly now: Clock,
  ) {}

  get(key: string): V | undefined {
    const hit = this.#map.get(key);
    if (!hit) return undefined;
    this.#map.delete(key);
    if (this.now() - hit.at > this.ttlMs) return undefined;
    this.#map.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, { value, at: this.now() });
    while (this.#map.size > this.max) this.#map.delete(this.#map.keys().next().value as string);
  }

  get size(): number {
    return this.#map.size;
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d{1,6}$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
