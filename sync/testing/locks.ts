// An in-memory Web Locks manager (exclusive mode only), shared by the "tabs" of one test.
import type { LockManagerLike } from '../leader';

export function createMemoryLocks(): LockManagerLike & { holders(name: string): number } {
  const queues = new Map<string, Array<() => void>>();
  const held = new Map<string, boolean>();
  const next = (name: string) => {
    const q = queues.get(name) ?? [];
    const grant = q.shift();
    if (grant) grant();
    else held.set(name, false);
  };
  return {
    holders: (name) => (held.get(name) ? 1 : 0),
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const run = () => {
          held.set(name, true);
          Promise.resolve()
            .then(callback)
            .then(resolve, reject)
            .finally(() => next(name));
        };
        if (!held.get(name)) {
          run();
          return;
        }
        const q = queues.get(name) ?? [];
        queues.set(name, q);
        q.push(run);
        options.signal?.addEventListener('abort', () => {
          const i = q.indexOf(run);
          if (i >= 0) {
            q.splice(i, 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
      });
    },
  };
}
