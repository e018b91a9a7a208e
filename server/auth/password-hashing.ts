// Password hashing off the event loop. bcryptjs (lite's and admin-users.ts's hasher) is pure
// JavaScript: each hash or compare at cost 10 is ~70 ms of CPU on the thread that runs it, so 8
// parallel logins kept every other request waiting (issue 14 item 3). Here a small pool of worker
// threads runs them instead, and `installPasswordHashing()` points the bcryptjs module object that
// lite imports at the pool (lite calls `bcrypt.hash(password, cost)` and `bcrypt.compare(password,
// hash)`; both keep their promise signature). No file of node_modules is changed.
//
// A dependency-free pool: two operations and a queue do not justify a library (piscina and the like
// bring a scheduler this does not need). The worker is evaluated from a string so that the same code
// works from server/*.ts (tsx, tests) and from the esbuild bundle (.data/build/backend.mjs).
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { AsyncLocalStorage } from 'node:async_hooks';
import bcrypt from 'bcryptjs';

type Job = {
  id: number;
  op: 'hash' | 'compare';
  a: string;
  b: string | number;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};

const WORKER_SOURCE = (bcryptPath: string) => `
const { parentPort } = require('node:worker_threads');
const bcrypt = require(${JSON.stringify(bcryptPath)});
parentPort.on('message', async (m) => {
  try {
    const value = m.op === 'hash' ? await bcrypt.hash(m.a, m.b) : await bcrypt.compare(m.a, m.b);
    parentPort.postMessage({ id: m.id, value });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) });
  }
});`;

export class HashPool {
  /** Workers: one core fewer than the machine has (at least 1), so the event loop keeps one. */
  readonly size: number;
  #workers: { worker: Worker; busy: Job | null }[] = [];
  #queue: Job[] = [];
  #nextId = 1;
  #source: string;

  constructor(size = Math.max(1, Math.min(4, availableParallelism() - 1))) {
    this.size = size;
    const require = createRequire(import.meta.url);
    this.#source = WORKER_SOURCE(require.resolve('bcryptjs'));
  }

  hash(password: string, saltOrRounds: string | number): Promise<string> {
    return this.#run('hash', password, saltOrRounds) as Promise<string>;
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.#run('compare', password, hash) as Promise<boolean>;
  }

  /** Jobs waiting for a worker (for tests and diagnostics). */
  get pending(): number {
    return this.#queue.length;
  }

  /** Jobs run so far, by operation (tests: the same work for known and unknown addresses). */
  readonly done = { hash: 0, compare: 0 };

  async close(): Promise<void> {
    const workers = this.#workers;
    this.#workers = [];
    await Promise.all(workers.map((w) => w.worker.terminate()));
  }

  #run(op: Job['op'], a: string, b: string | number): Promise<unknown> {
    if (typeof a !== 'string' || (typeof b !== 'string' && typeof b !== 'number'))
      return Promise.reject(new Error(`Illegal arguments: ${typeof a}, ${typeof b}`));
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, op, a, b, resolve, reject });
      this.#dispatch();
    });
  }

  #dispatch() {
    while (this.#queue.length) {
      let slot = this.#workers.find((w) => w.busy === null);
      if (!slot && this.#workers.length < this.size) slot = this.#spawn();
      if (!slot) return;
      const job = this.#queue.shift()!;
      slot.busy = job;
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, op: job.op, a: job.a, b: job.b });
    }
  }

  #spawn() {
    const worker = new Worker(this.#source, { eval: true });
    const slot: { worker: Worker; busy: Job | null } = { worker, busy: null };
    worker.unref();
    worker.on('message', (m: { id: number; value?: unknown; error?: string }) => {
      const job = slot.busy;
      slot.busy = null;
      worker.unref();
      if (job && job.id === m.id) {
        this.done[job.op]++;
        if (m.error !== undefined) job.reject(new Error(m.error));
        else job.resolve(m.value);
      }
      this.#dispatch();
    });
    const fail = (e: unknown) => {
      this.#workers = this.#workers.filter((w) => w !== slot);
      slot.busy?.reject(e instanceof Error ? e : new Error(String(e)));
      slot.busy = null;
      this.#dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (slot.busy) fail(new Error(`bcrypt worker exited (${code})`));
      else this.#workers = this.#workers.filter((w) => w !== slot);
    });
    this.#workers.push(slot);
    return slot;
  }
}

/**
 * A password already checked against a hash in this request (the sign-in guard compares first, to
 * answer unknown and known addresses with the same work and to throttle): lite's own compare of the
 * same pair is answered from here instead of hashing a second time.
 */
export const verifiedPassword = new AsyncLocalStorage<{ password: string; hash: string }>();

let installed: HashPool | null = null;

/**
 * The process-wide pool, installed into the bcryptjs module object on first call.
 * AUTH_HASH_WORKERS=0 leaves bcryptjs on the event loop: only for `npm run bench:auth` to measure
 * what the pool changes.
 */
export function installPasswordHashing(): HashPool {
  if (installed) return installed;
  const pool = new HashPool();
  if (process.env.AUTH_HASH_WORKERS === '0') return (installed = pool);
  const target = bcrypt as unknown as {
    hash: (p: string, s: string | number) => Promise<string>;
    compare: (p: string, h: string) => Promise<boolean>;
  };
  target.hash = (password, salt) => pool.hash(password, salt);
  target.compare = (password, hash) => {
    const known = verifiedPassword.getStore();
    if (known && known.password === password && known.hash === hash) return Promise.resolve(true);
    return pool.compare(password, hash);
  };
  installed = pool;
  return pool;
}

/** bcrypt cost of new hashes (LITE_AUTH_BCRYPT_COST, as lite reads it; default 10). */
export function bcryptCost(): number {
  const n = Number(process.env.LITE_AUTH_BCRYPT_COST);
  return Number.isInteger(n) && n >= 4 && n <= 31 ? n : 10;
}
