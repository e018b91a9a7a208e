// The queue in front of PGlite's one session (server/db/db.ts): every database use takes its turn, and
// under load the queue stays bounded and honest:
//  - a request whose client gave up (connection closed: its Request's signal aborted) while it
//    waited is dropped at its turn, never run: nobody waits behind abandoned work;
//  - a request that would wait longer than `maxWaitMs` (estimated from the recent service times and
//    what is ahead of it) is refused at once with QueueFullError (HTTP 503 + Retry-After), instead
//    of waiting 25 seconds and timing out on the client;
//  - a request admitted but still not started after 3 x maxWaitMs (the estimate was wrong) is
//    refused the same way at its turn: it has not been processed, the client may retry it.
// A request's database uses are tied to it through AsyncLocalStorage (`requestScope`): only its
// first use is subject to admission (a request already admitted finishes its work).
import { AsyncLocalStorage } from 'node:async_hooks';

export type RequestScope = { signal?: AbortSignal; admitted: boolean };

/** The HTTP request a database use belongs to (set by the backend's first middleware). */
export const requestScope = new AsyncLocalStorage<RequestScope>();

export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`database busy: retry in ${retryAfterSeconds} s`);
    this.name = 'QueueFullError';
  }
}

export class AbandonedRequestError extends Error {
  constructor() {
    super('the client closed the request before its turn');
    this.name = 'AbandonedRequestError';
  }
}

export type QueueStats = {
  /** Waiting for their turn. */
  queued: number;
  /** Of which uses on behalf of an HTTP request (the rest is the server's own work). */
  queuedRequests: number;
  running: boolean;
  /** Recent service time per turn (exponentially weighted), ms. */
  serviceMs: number;
  /** Totals since start. */
  refused: number;
  abandoned: number;
  served: number;
};

export type SessionQueueOptions = {
  /** Longest estimated wait a request is admitted with (default 5 s). */
  maxWaitMs?: number;
  now?: () => number;
};

const ALPHA = 0.2;
const INITIAL_SERVICE_MS = 20;

export class SessionQueue {
  #tail: Promise<void> = Promise.resolve();
  #queued = 0;
  #queuedRequests = 0;
  #running = false;
  #serviceMs = INITIAL_SERVICE_MS;
  #refused = 0;
  #abandoned = 0;
  #served = 0;
  readonly maxWaitMs: number;
  readonly #now: () => number;

  constructor(opts: SessionQueueOptions = {}) {
    this.maxWaitMs = opts.maxWaitMs ?? 5_000;
    this.#now = opts.now ?? (() => performance.now());
  }

  stats(): QueueStats {
    return {
      queued: this.#queued,
      queuedRequests: this.#queuedRequests,
      running: this.#running,
      serviceMs: Math.round(this.#serviceMs),
      refused: this.#refused,
      abandoned: this.#abandoned,
      served: this.#served,
    };
  }

  /** Estimated wait of a newcomer: what is ahead of it times the recent service time. */
  estimatedWaitMs(): number {
    return (this.#queued + (this.#running ? 1 : 0)) * this.#serviceMs;
  }

  #retryAfter(): number {
    return Math.min(30, Math.max(1, Math.ceil(this.estimatedWaitMs() / 1000)));
  }

  /** Runs fn alone, after the uses queued before it. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const scope = requestScope.getStore();
    if (scope?.signal?.aborted) {
      this.#abandoned++;
      return Promise.reject(new AbandonedRequestError());
    }
    const admission = scope !== undefined && !scope.admitted;
    if (admission) {
      if (this.estimatedWaitMs() > this.maxWaitMs) {
        this.#refused++;
        return Promise.reject(new QueueFullError(this.#retryAfter()));
      }
      scope!.admitted = true;
    }
    const enqueuedAt = this.#now();
    this.#queued++;
    if (scope) this.#queuedRequests++;
    const turn = async (): Promise<T> => {
      this.#queued--;
      if (scope) this.#queuedRequests--;
      if (scope?.signal?.aborted) {
        this.#abandoned++;
        throw new AbandonedRequestError();
      }
      if (admission && this.#now() - enqueuedAt > 3 * this.maxWaitMs) {
        this.#refused++;
        throw new QueueFullError(this.#retryAfter());
      }
      this.#running = true;
      const started = this.#now();
      try {
        return await fn();
      } finally {
        this.#running = false;
        this.#served++;
        this.#serviceMs = (1 - ALPHA) * this.#serviceMs + ALPHA * (this.#now() - started);
      }
    };
    const result = this.#tail.then(turn, turn);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
