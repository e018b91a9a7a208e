// Test helpers: independent "devices" (one Dexie database each, on fake-indexeddb), an engine
// wired to a remote, and a polling wait.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createLocalDb, createRepositories, type LocalDb, type Repositories } from '@/db';
import { createLocalStore } from '@/lib/sync/local-store';
import {
  manualEnv,
  soleLeader,
  SyncEngine,
  type LeaderPort,
  type LocalStorePort,
  type PokePort,
  type RemotePort,
  type SyncEngineOptions,
} from '../../sync';

let counter = 0;

export type Device = { db: LocalDb; repos: Repositories; name: string; factory: IDBFactory };

/** A device: its own IndexedDB (a fresh fake factory unless one is shared). */
export function newDevice(opts: { name?: string; factory?: IDBFactory } = {}): Device {
  const name = opts.name ?? `device-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  const factory = opts.factory ?? new IDBFactory();
  const db = createLocalDb(name, { indexedDB: factory, IDBKeyRange });
  return { db, repos: createRepositories(db), name, factory };
}

/** Another tab of the same device: a second Dexie instance on the same database. */
export function openTab(device: Device): Device {
  return newDevice({ name: device.name, factory: device.factory });
}

export const FAST_BACKOFF = { baseMs: 5, maxMs: 40, factor: 2 };

export function newEngine(
  device: Device,
  userId: string,
  remote: RemotePort,
  opts: {
    token?: () => string | null;
    refresh?: () => Promise<string | null>;
    onUnauthorized?: () => void;
    env?: ReturnType<typeof manualEnv>;
    leader?: LeaderPort;
    poke?: PokePort;
    options?: Partial<SyncEngineOptions>;
    /** Wraps the device's local store (to observe or slow it down). */
    store?: (store: LocalStorePort) => LocalStorePort;
  } = {},
) {
  const env = opts.env ?? manualEnv();
  const store = createLocalStore(device.db, userId);
  const engine = new SyncEngine({
    store: opts.store ? opts.store(store) : store,
    remote,
    env,
    leader: opts.leader ?? soleLeader,
    ...(opts.poke ? { poke: opts.poke } : {}),
    auth: {
      getAccessToken: async () => (opts.token ? opts.token() : null),
      refreshSession: opts.refresh ?? (async () => (opts.token ? opts.token() : null)),
      onUnauthorized: opts.onUnauthorized ?? (() => undefined),
    },
    options: { debounceMs: 5, periodicMs: 60_000, backoff: FAST_BACKOFF, ...opts.options },
  });
  return { engine, env };
}

export async function until(
  cond: () => boolean | Promise<boolean>,
  what = 'condition',
  timeoutMs = 15_000,
): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (await cond()) return;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export function uuid(): string {
  return crypto.randomUUID();
}

/** A syntactically valid 14-digit siret. */
export function siret(n: number): string {
  return String(10_000_000_000_000 + n).slice(0, 14);
}
