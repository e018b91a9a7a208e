// One sync leader across the tabs of a browser profile.
//  - Web Locks (navigator.locks): the leader holds an exclusive lock for its lifetime; the browser
//    releases it when the tab closes or crashes, and the next waiting tab takes over at once.
//  - Fallback (no Web Locks): a lease in localStorage renewed by a heartbeat; a tab takes over a
//    lease that was not renewed in time.
import type { LeaderHandle, LeaderPort } from './ports';

/** The subset of the Web Locks API used here. */
export type LockManagerLike = {
  request(
    name: string,
    options: { mode: 'exclusive'; signal?: AbortSignal },
    callback: () => Promise<unknown>,
  ): Promise<unknown>;
};

export function webLocksLeader(locks: LockManagerLike, name: string): LeaderPort {
  return {
    acquire(onLeader) {
      let leader = false;
      let releaseLock: (() => void) | null = null;
      const abort = new AbortController();
      const held = new Promise<void>((resolve) => {
        releaseLock = resolve;
      });
      locks
        .request(name, { mode: 'exclusive', signal: abort.signal }, async () => {
          leader = true;
          onLeader();
          await held;
          leader = false;
        })
        .catch(() => undefined);
      return {
        isLeader: () => leader,
        release() {
          abort.abort();
          releaseLock?.();
          leader = false;
        },
      };
    },
  };
}

export type LeaseStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type LeaseOptions = {
  storage: LeaseStorage;
  key: string;
  tabId: string;
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (h: unknown) => void;
  /** A lease not renewed within ttlMs is taken over. */
  ttlMs?: number;
  heartbeatMs?: number;
};

export function leaseLeader(opts: LeaseOptions): LeaderPort {
  const ttl = opts.ttlMs ?? 6_000;
  const beat = opts.heartbeatMs ?? 2_000;
  const read = (): { tabId: string; expires: number } | null => {
    try {
      const raw = opts.storage.getItem(opts.key);
      return raw ? (JSON.parse(raw) as { tabId: string; expires: number }) : null;
    } catch {
      return null;
    }
  };
  return {
    acquire(onLeader) {
      let leader = false;
      const tick = () => {
        const lease = read();
        const now = opts.now();
        if (!lease || lease.tabId === opts.tabId || lease.expires <= now) {
          opts.storage.setItem(opts.key, JSON.stringify({ tabId: opts.tabId, expires: now + ttl }));
          // Re-read: two tabs may have written at once; the last writer wins.
          if (read()?.tabId === opts.tabId && !leader) {
            leader = true;
            onLeader();
          }
        } else if (leader) {
          leader = false;
        }
      };
      tick();
      const timer = opts.setInterval(tick, beat);
      return {
        isLeader: () => leader,
        release() {
          opts.clearInterval(timer);
          if (read()?.tabId === opts.tabId) opts.storage.removeItem(opts.key);
          leader = false;
        },
      };
    },
  };
}

/** A single tab (tests, or a context with neither API): always the leader. */
export const soleLeader: LeaderPort = {
  acquire(onLeader) {
    let leader = true;
    queueMicrotask(() => {
      if (leader) onLeader();
    });
    return {
      isLeader: () => leader,
      release: () => {
        leader = false;
      },
    };
  },
};

export type { LeaderHandle };
