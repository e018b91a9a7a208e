// The engine's ports. The local store is implemented over Dexie in src/db (local-store.ts), the
// remote over supabase-js in sync/supabase-remote.ts (and in memory in sync/testing), the rest by
// the app wiring (src/lib/sync) or by tests.
import type {
  Cursor,
  Cursors,
  Mutation,
  MutationResult,
  PullResponse,
  PushAnswer,
  Row,
  SyncTable,
} from './types';

export type PullApplyResult = {
  /** Rows written in this page. */
  applied: number;
  /**
   * Rows this device cannot read (a value its schema refuses): kept aside in the quarantine, shown
   * in the sync panel, and gone past, so that one bad row never stalls the pull.
   */
  quarantined: number;
  /** Checkpoint after the page: its last row (never past a row whose position is unreadable). */
  cursor: Cursor;
  /** The first row whose position (sync_version, id) is unreadable: the page stops there. */
  invalid: { index: number; message: string } | null;
};

/** Status the leader persists so that every tab shows it. */
export type PersistedSyncStatus = {
  phase: SyncPhase;
  error: SyncErrorCode | null;
  lastSyncAt: number | null;
  nextRetryAt: number | null;
  progress: SyncProgress | null;
  /** Change signals arrive (the poke channel is joined): the UI says « En direct ». Absent from
   * statuses persisted before it existed. */
  live?: boolean;
};

export interface LocalStorePort {
  /** This installation's id (sent with pushes so a device never conflicts with itself). */
  getDeviceId(): Promise<string>;
  /**
   * The oldest pending mutations of the signed-in owner, in write order; with `afterSeq`, those
   * after that outbox number (the batch after one in flight). May return fewer than `limit`.
   */
  peekOutbox(limit: number, afterSeq?: number): Promise<Mutation[]>;
  countPending(): Promise<number>;
  /**
   * Applies the answers of a push in one transaction: answered mutations leave the outbox; applied
   * ones update the server shadow, conflicts become notices, refusals go to the dead-letter list.
   * `sent`: the request's mutations (with their outbox numbers), so that the store can find the
   * answered entries by key; only `results` say which entries are answered.
   */
  applyPushResults(results: MutationResult[], sent?: readonly Mutation[]): Promise<void>;
  getCursor(table: SyncTable): Promise<Cursor>;
  /**
   * Validates and applies a page of server rows, re-applying pending local changes on top, and
   * moves the checkpoint, in one transaction.
   */
  applyPullPage(table: SyncTable, rows: Row[]): Promise<PullApplyResult>;
  /**
   * Reads the quarantined rows again (this version of the app may read what an older one could
   * not) and applies those it now reads; the others stay. Called once per engine start.
   */
  rereadQuarantine?(): Promise<void>;
  saveStatus(status: PersistedSyncStatus): Promise<void>;
  /** The status the previous session persisted (its last sync time survives a reload). */
  loadStatus(): Promise<Partial<PersistedSyncStatus> | null>;
  /** Called after any local write, in this tab or another one. */
  subscribeOutbox(listener: () => void): () => void;
}

export type RemoteContext = { accessToken: string; deviceId: string };

export interface RemotePort {
  push(ctx: RemoteContext, mutations: Mutation[]): Promise<PushAnswer[]>;
  /** The next rows of every given table after its cursor, at most `limit` rows in all. */
  pull(ctx: RemoteContext, cursors: Cursors, limit: number): Promise<PullResponse>;
}

export interface AuthPort {
  /** The current access token, possibly expired (the engine checks it before any request). */
  getAccessToken(): Promise<string | null>;
  /**
   * Refreshes the session. Resolves the new access token, or null when the session cannot be
   * renewed (the user must sign in again). Throws a RemoteError ('offline', 'timeout') when the
   * refresh could not reach the server.
   */
  refreshSession(): Promise<string | null>;
  /** The session is gone: ask the user to sign in again (the outbox is kept). */
  onUnauthorized(): void;
}

export interface EnvPort {
  now(): number;
  random(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  isOnline(): boolean;
  onOnline(listener: () => void): () => void;
  onVisible(listener: () => void): () => void;
}

export interface LeaderHandle {
  isLeader(): boolean;
  release(): void;
}

export interface LeaderPort {
  /** Calls onLeader once this tab holds the leadership (now or later); release() gives it up. */
  acquire(onLeader: () => void): LeaderHandle;
}

export type SyncPhase = 'idle' | 'syncing' | 'offline' | 'error' | 'auth_required';

export type SyncErrorCode =
  | 'offline'
  | 'timeout'
  | 'server'
  | 'rate_limited'
  | 'unauthorized'
  | 'forbidden'
  | 'not_deployed'
  | 'invalid_row'
  | 'quota'
  | 'unknown';

export type SyncProgress = {
  direction: 'push' | 'pull';
  table: SyncTable | null;
  done: number;
  remaining: number | null;
};

export type SyncStatus = PersistedSyncStatus & {
  /** This tab runs the engine (the other tabs read the persisted status). */
  leader: boolean;
  pending: number;
};
