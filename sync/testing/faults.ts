// A programmable network fault injector: the server stays real, only the network is faulted.
// Wraps `fetch` (supabase-js accepts a custom global.fetch) or, for the in-memory server, a
// RemotePort.
import { classifyHttp, parseRetryAfter, RemoteError } from '../errors';
import type { RemotePort } from '../ports';

export type Fault =
  /** The request never reaches the server (no network). */
  | { kind: 'offline' }
  /** The server handles the request (and commits) but the answer is lost: a timeout. */
  | { kind: 'timeout_after_commit' }
  /** The request times out before reaching the server. */
  | { kind: 'timeout' }
  /** The network delivers the request twice (a retrying proxy); the client sees the second answer. */
  | { kind: 'duplicate' }
  /** The server (or a gateway) answers this status without handling the request. */
  | { kind: 'status'; status: number; retryAfter?: string };

export type FaultTarget = 'push' | 'pull' | 'auth' | 'survey' | 'other';

export class FaultInjector {
  /** Every request fails as 'offline' while true. */
  offline = false;
  /** Faults for the next matching requests, in order. */
  readonly queue: Fault[] = [];
  /** Fault every n-th matching request (1-based count). */
  everyNth: { n: number; fault: Fault } | null = null;
  /** Random faults (seeded by the caller's random). */
  random: { rate: number; faults: Fault[]; rnd: () => number } | null = null;
  /** Which requests the queue, everyNth and random rules apply to. */
  targets: FaultTarget[] = ['push', 'pull'];
  /** Hook run before a matching request is forwarded (e.g. to expire a token). */
  beforeRequest: ((target: FaultTarget) => void | Promise<void>) | null = null;
  count = 0;
  readonly log: Array<{ target: FaultTarget; fault: Fault['kind'] | 'ok'; status?: number }> = [];

  next(...faults: Fault[]): this {
    this.queue.push(...faults);
    return this;
  }

  decide(target: FaultTarget): Fault | null {
    if (this.offline) return { kind: 'offline' };
    if (!this.targets.includes(target)) return null;
    this.count++;
    const queued = this.queue.shift();
    if (queued) return queued;
    if (this.everyNth && this.count % this.everyNth.n === 0) return this.everyNth.fault;
    if (this.random && this.random.rnd() < this.random.rate) {
      const f = this.random.faults[Math.floor(this.random.rnd() * this.random.faults.length)];
      return f ?? null;
    }
    return null;
  }

  clear(): void {
    this.offline = false;
    this.queue.length = 0;
    this.everyNth = null;
    this.random = null;
  }
}

export function targetOf(url: string): FaultTarget {
  if (url.includes('/rpc/sync_push')) return 'push';
  if (url.includes('/rpc/sync_pull')) return 'pull';
  if (url.includes('/rpc/submit_survey_response')) return 'survey';
  if (url.includes('/auth/v1/')) return 'auth';
  return 'other';
}

/** A fetch that obeys the injector; faults are decided per request, before it is sent. */
export function faultyFetch(base: typeof fetch, injector: FaultInjector): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const target = targetOf(url);
    const fault = injector.decide(target);
    if (injector.beforeRequest && injector.targets.includes(target))
      await injector.beforeRequest(target);
    injector.log.push({
      target,
      fault: fault?.kind ?? 'ok',
      status: fault?.kind === 'status' ? fault.status : undefined,
    });
    if (!fault) return base(input, init);
    switch (fault.kind) {
      case 'offline':
        throw new TypeError('fetch failed');
      case 'timeout':
        throw new DOMException('The operation timed out.', 'TimeoutError');
      case 'timeout_after_commit': {
        const res = await base(input, init);
        await res.text();
        throw new DOMException('The operation timed out.', 'TimeoutError');
      }
      case 'duplicate': {
        const first = await base(input, init);
        await first.text();
        return base(input, init);
      }
      case 'status': {
        const headers = new Headers({ 'content-type': 'application/json' });
        if (fault.retryAfter !== undefined) headers.set('retry-after', fault.retryAfter);
        return new Response(
          JSON.stringify({
            code: '',
            message: `injected ${fault.status}`,
            details: null,
            hint: null,
          }),
          {
            status: fault.status,
            headers,
          },
        );
      }
    }
  };
}

/** The same faults around a RemotePort (for the in-memory server). */
export function faultyRemote(remote: RemotePort, injector: FaultInjector): RemotePort {
  const run = async <T>(target: FaultTarget, call: () => Promise<T>): Promise<T> => {
    const fault = injector.decide(target);
    if (injector.beforeRequest && injector.targets.includes(target))
      await injector.beforeRequest(target);
    injector.log.push({
      target,
      fault: fault?.kind ?? 'ok',
      status: fault?.kind === 'status' ? fault.status : undefined,
    });
    if (!fault) return call();
    switch (fault.kind) {
      case 'offline':
        throw new RemoteError('offline', 'fetch failed');
      case 'timeout':
        throw new RemoteError('timeout', 'timeout');
      case 'timeout_after_commit':
        await call();
        throw new RemoteError('timeout', 'timeout after commit');
      case 'duplicate':
        await call();
        return call();
      case 'status':
        throw classifyHttp(
          fault.status,
          null,
          parseRetryAfter(fault.retryAfter, Date.now()),
          `injected ${fault.status}`,
        );
    }
  };
  return {
    push: (ctx, mutations) => run('push', () => remote.push(ctx, mutations)),
    pull: (ctx, cursors, limit) => run('pull', () => remote.pull(ctx, cursors, limit)),
  };
}
