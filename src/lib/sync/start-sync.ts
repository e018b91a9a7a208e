// Starts replication for a signed-in user: the Dexie store, the Supabase remote, the engine, one
// leader across tabs, and the status store the UI reads (useSyncStatus).
//
//   const handle = startSync({ userId, getSession, refreshSession, onUnauthorized });
//   ...
//   await handle.stop();   // on sign-out (after offering to sync pending changes)
import {
  createClient,
  isAuthRetryableFetchError,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { getAppDb, requestPersistentStorage, isQuotaError, type LocalDb } from '@/db';
import { config } from '@/lib/config';
import {
  browserEnv,
  leaseLeader,
  RemoteError,
  soleLeader,
  SyncEngine,
  webLocksLeader,
  createSupabaseRemote,
  createSupabasePoke,
  type EnvPort,
  type LeaderPort,
  type LockManagerLike,
  type PokePort,
  type RemotePort,
  type SyncEngineOptions,
  type SyncStatus,
} from '../../../sync';
import { createLocalStore } from './local-store';
import { syncStatusStore } from './status-store';

/** The part of a supabase-js session the engine needs. */
export type SyncSession = { access_token: string } | null;

export type StartSyncOptions = {
  /** The signed-in user: every local query and the outbox are scoped to it. */
  userId: string;
  /** The current session (its access token may be expired: the engine checks). */
  getSession: () => Promise<SyncSession>;
  /**
   * Renews the session: the new one, or null when the user must sign in again. Throws when the
   * network is unreachable (the engine retries later; the outbox is kept).
   */
  refreshSession: () => Promise<SyncSession>;
  /** The session cannot be renewed: ask the user to sign in again (pending changes are kept). */
  onUnauthorized: () => void;
  /** Builds the supabase-js client used for sync around the given fetch. */
  supabaseClientFactory?: (fetch: typeof globalThis.fetch) => SupabaseClient;
  db?: LocalDb;
  fetch?: typeof globalThis.fetch;
  env?: EnvPort;
  leader?: LeaderPort;
  remote?: RemotePort;
  /**
   * The app's supabase-js client (with the user's session): the engine listens on its Realtime
   * channel for change signals (sync/supabase-poke.ts). Without it, or with `poke`, no websocket.
   */
  realtimeClient?: () => Promise<SupabaseClient>;
  poke?: PokePort;
  options?: Partial<SyncEngineOptions>;
  /** Ask the browser to keep the data (default true). */
  persistStorage?: boolean;
};

export type SyncHandle = {
  engine: SyncEngine;
  userId: string;
  syncNow(): Promise<SyncStatus>;
  stop(): Promise<void>;
};

/** The default sync client: no session of its own (every call carries the user's token). */
export function defaultSyncClient(fetch: typeof globalThis.fetch): SupabaseClient {
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch },
  });
}

type BrowserGlobals = typeof globalThis & { navigator?: Navigator & { locks?: LockManagerLike } };

/** Web Locks when available, else a localStorage lease, else this tab alone. */
export function defaultLeader(name: string): LeaderPort {
  const g = globalThis as BrowserGlobals;
  if (g.navigator?.locks) return webLocksLeader(g.navigator.locks, name);
  if (typeof localStorage !== 'undefined') {
    return leaseLeader({
      storage: localStorage,
      key: `${name}:lease`,
      tabId: crypto.randomUUID(),
      now: () => Date.now(),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    });
  }
  return soleLeader;
}

export function startSync(opts: StartSyncOptions): SyncHandle {
  const db = opts.db ?? getAppDb();
  const store = createLocalStore(db, opts.userId);
  const remote =
    opts.remote ??
    createSupabaseRemote({
      createClient: opts.supabaseClientFactory ?? defaultSyncClient,
      fetch: opts.fetch,
    });
  const env = opts.env ?? browserEnv(window);
  const poke =
    opts.poke ??
    (opts.realtimeClient
      ? createSupabasePoke({ getClient: opts.realtimeClient, userId: opts.userId })
      : undefined);
  const engine = new SyncEngine({
    store,
    remote,
    env,
    ...(poke ? { poke } : {}),
    leader: opts.leader ?? defaultLeader(`budget-formation-sync:${opts.userId}`),
    options: opts.options,
    auth: {
      getAccessToken: async () => (await opts.getSession())?.access_token ?? null,
      refreshSession: async () => {
        try {
          return (await opts.refreshSession())?.access_token ?? null;
        } catch (e) {
          throw new RemoteError('offline', e instanceof Error ? e.message : 'refresh failed');
        }
      },
      onUnauthorized: opts.onUnauthorized,
    },
    classifyLocalError: (e) => (isQuotaError(e) ? 'quota' : null),
  });
  syncStatusStore.getState().attach(opts.userId, db);
  const unsubscribe = engine.subscribe((status) =>
    syncStatusStore.getState().setEngineStatus(status),
  );
  if (opts.persistStorage !== false) void requestPersistentStorage();
  engine.start();
  return {
    engine,
    userId: opts.userId,
    syncNow: () => engine.syncNow(),
    async stop() {
      unsubscribe();
      await engine.stop();
      syncStatusStore.getState().detach();
    },
  };
}

/**
 * getSession / refreshSession over a supabase-js auth client (the app's): a network failure of the
 * refresh throws (transient), a refused refresh token resolves null (sign in again).
 */
export function supabaseSessionBridge(
  getClient: () => Promise<SupabaseClient>,
): Pick<StartSyncOptions, 'getSession' | 'refreshSession'> {
  return {
    async getSession() {
      const { data } = await (await getClient()).auth.getSession();
      return data.session;
    },
    async refreshSession() {
      const { data, error } = await (await getClient()).auth.refreshSession();
      if (error) {
        if (isAuthRetryableFetchError(error)) throw error;
        return null;
      }
      return data.session;
    },
  };
}
