// A full disk (issue 32 item 4). PostgreSQL that cannot write its WAL stops with a PANIC, and
// PGlite runs inside this process: the database must never be the one to find the disk full.
// Every write request (any method but GET, HEAD, OPTIONS) is therefore refused at the door while
// the data folder's file system has less than a reserve free (DISK_RESERVE_MB, default 64 MiB):
// 503 with a French message and Retry-After, before anything touches the database. The sync
// engine treats a 503 as transient (sync/errors.ts): the mutations stay in the device's outbox and
// are sent again after Retry-After. Free space is read again at most once a second, so the backend
// resumes by itself once space returns. A write that failed anyway (a server error while the disk
// is short) gets the same 503 instead of its 500.
import { statfsSync } from 'node:fs';
import type { Context, MiddlewareHandler } from 'hono';

export const DEFAULT_DISK_RESERVE_MB = 64;
const RETRY_AFTER_SECONDS = 30;
const RECHECK_MS = 1_000;

export const DISK_FULL_MESSAGE =
  "Espace disque insuffisant sur le serveur : rien n'a été enregistré. Vos modifications restent sur votre appareil et seront envoyées automatiquement dès que de la place sera libérée.";

export type DiskSpaceOptions = {
  /** Free bytes below which writes are refused. */
  reserveBytes: number;
  /** Free bytes of the file system holding `dir` (default: statfs). */
  freeBytes?: (dir: string) => number;
  now?: () => number;
};

export function diskReserveFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.DISK_RESERVE_MB?.trim();
  const mb = raw ? Number(raw) : DEFAULT_DISK_RESERVE_MB;
  if (!Number.isFinite(mb) || mb < 0) throw new Error(`DISK_RESERVE_MB invalide : ${raw}`);
  return Math.round(mb * 1024 * 1024);
}

const statfsFree = (dir: string) => {
  const s = statfsSync(dir);
  return Number(s.bavail) * Number(s.bsize);
};

export class DiskSpace {
  #checkedAt = -Infinity;
  #free = Infinity;
  readonly #freeBytes: (dir: string) => number;
  readonly #now: () => number;
  /** Times a write was refused for lack of space, since start. */
  refused = 0;

  constructor(
    readonly dir: string,
    readonly opts: DiskSpaceOptions,
  ) {
    this.#freeBytes = opts.freeBytes ?? statfsFree;
    this.#now = opts.now ?? (() => performance.now());
  }

  /** Free bytes (read again when the last reading is older than a second, or `fresh`). */
  free(fresh = false): number {
    const now = this.#now();
    if (fresh || now - this.#checkedAt >= RECHECK_MS) {
      this.#checkedAt = now;
      try {
        this.#free = this.#freeBytes(this.dir);
      } catch {
        this.#free = Infinity; // cannot tell: the database's own errors decide
      }
    }
    return this.#free;
  }

  short(fresh = false): boolean {
    return this.free(fresh) < this.opts.reserveBytes;
  }
}

/** The 503 in the shape the route's clients read (PostgREST, GoTrue, ours). */
export function diskFullResponse(path: string): Response {
  const body = path.startsWith('/rest/')
    ? { code: '53100', message: DISK_FULL_MESSAGE, details: 'disk_full', hint: null }
    : path.startsWith('/auth/')
      ? { code: 503, error_code: 'disk_full', msg: DISK_FULL_MESSAGE }
      : { error: 'disk_full', code: 'disk_full', message: DISK_FULL_MESSAGE };
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': String(RETRY_AFTER_SECONDS),
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'Retry-After',
    },
  });
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses writes while the disk is short; turns a write's server error into the same 503. */
export function diskSpaceGuard(space: DiskSpace): MiddlewareHandler {
  return async (c: Context, next) => {
    // /_ops/backup writes nothing here: a backup stays possible on a full disk.
    if (READS.has(c.req.method) || c.req.path.startsWith('/_ops/')) return next();
    if (space.short()) {
      space.refused++;
      return diskFullResponse(c.req.path);
    }
    await next();
    if (c.res.status >= 500 && c.res.status !== 503 && space.short(true)) {
      space.refused++;
      c.res = diskFullResponse(c.req.path);
    }
  };
}
