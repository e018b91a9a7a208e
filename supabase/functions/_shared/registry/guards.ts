// What keeps the registry proxy a good citizen of the government API (issue 15;
// recherche-entreprises.md §2): a token bucket (7 requests per second), a circuit breaker after
// repeated failures (an IP that kept retrying during an outage was blocked at TCP level, issue
// #776 of search-api), and a bounded cache of recent answers. Pure TypeScript with an injected
// clock (milliseconds), so the Node backend and the Deno edge function share them and the tests
// drive time.

export type Clock = () => number;

/** Token bucket: `capacity` tokens, refilled at `perSecond`. */
export class TokenBucket {
  #tokens: number;
  #at: number;
  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: Clock,
  ) {
    this.#tokens = capacity;
    this.#at = now();
  }

  #refill(): void {
    const t = this.now();
    this.#tokens = Math.min(this.capacity, this.#tokens + ((t - this.#at) / 1000) * this.perSecond);
    this.#at = t;
  }

  /** Takes a token now (0), or says how many milliseconds until one is free (nothing taken). */
  take(): number {
    this.#refill();
    if (this.#tokens >= 1) {
      this.#tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - this.#tokens) / this.perSecond) * 1000);
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
