// The replication engine: pushes the outbox in batches, pulls every table page by page, retries on
// its own, and reports a status. No React, no Dexie: it only talks to its ports.
//
// When it runs (leader tab only): at start, on `online`, when the tab becomes visible, shortly after
// each local write (debounced), periodically while online, and after a failure on its own backoff
// timer (the outbox is never dropped for a transient failure). With a poke port (sync/poke.ts), also
// shortly after another device's change is signalled, and when the signal channel (re)joins.
import { retryDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { isRemoteError, isTransient, RemoteError } from './errors';
import { checkUserToken } from './jwt';
import type {
  AuthPort,
  EnvPort,
  LeaderHandle,
  LeaderPort,
  LocalStorePort,
  PersistedSyncStatus,
  RemoteContext,
  RemotePort,
  SyncErrorCode,
  SyncStatus,
} from './ports';
import type { PokePort } from './poke';
import { PokeListener } from './poke-listener';
import {
  cursorsAfterPages,
  resolveAnswer,
  sameCursors,
  SYNC_TABLES,
  type Cursors,
  type PullResponse,
  type PushAnswer,
  type Mutation,
  type MutationResult,
  type SyncTable,
} from './types';

export type SyncEngineOptions = {
  /** Mutations per push request (1,000 mutations → 5 requests). */
  pushBatchSize: number;
  /** Rows asked per pull page (the server caps it at 1,000). */
  pullPageSize: number;
  /** Delay between a local write and the push it triggers. */
  debounceMs: number;
  /** Pull period while online. */
  periodicMs: number;
  /** Delay between a poke and the pull it triggers (pokes in that window share one pull). */
  pokeDelayMs: number;
  /** Push delay after a local write while live: other devices are watching. */
  liveDebounceMs: number;
  backoff: BackoffOptions;
  tables: readonly SyncTable[];
};

export const DEFAULT_ENGINE_OPTIONS: SyncEngineOptions = {
  pushBatchSize: 200,
  pullPageSize: 1000,
  debounceMs: 1_500,
  periodicMs: 60_000,
  pokeDelayMs: 100,
  liveDebounceMs: 250,
  backoff: DEFAULT_BACKOFF,
  tables: SYNC_TABLES,
};

/** A local failure (store) surfaced as a status code. */
export class SyncFailure extends Error {
  readonly code: SyncErrorCode;
  constructor(code: SyncErrorCode, message: string) {
    super(message);
    this.name = 'SyncFailure';
    this.code = code;
  }
}

type Listener = (status: SyncStatus) => void;

export type SyncEngineDeps = {
  store: LocalStorePort;
  remote: RemotePort;
  auth: AuthPort;
  env: EnvPort;
  leader: LeaderPort;
  /** Change signals (optional): without them the engine relies on its other triggers. */
  poke?: PokePort;
  options?: Partial<SyncEngineOptions>;
  /** Maps a store error (e.g. QuotaExceededError) to a status code. */
  classifyLocalError?: (e: unknown) => SyncErrorCode | null;
};

/** A push batch and its answer (null: nothing to send). */
type SentBatch = { batch: Mutation[]; answer: Promise<PushAnswer[]> | null };

export class SyncEngine {
  readonly #store: LocalStorePort;
  readonly #remote: RemotePort;
  readonly #auth: AuthPort;
  readonly #env: EnvPort;
  readonly #leaderPort: LeaderPort;
  readonly #opts: SyncEngineOptions;
  readonly #classifyLocal: (e: unknown) => SyncErrorCode | null;
  readonly #pokes: PokeListener | null;

  #leader: LeaderHandle | null = null;
  #isLeader = false;
  #started = false;
  #running: Promise<void> | null = null;
  #again = false;
  #attempt = 0;
  #batchSize: number;
  #retryTimer: unknown = null;
  #debounceTimer: unknown = null;
  #periodicTimer: unknown = null;
  #unsubscribe: Array<() => void> = [];
  #progressPersistedAt = 0;
  #quarantineReread = false;
  #listeners = new Set<Listener>();
  #status: SyncStatus = {
    phase: 'idle',
    error: null,
    lastSyncAt: null,
    nextRetryAt: null,
    progress: null,
    leader: false,
    pending: 0,
    live: false,
  };
  /** Counters for tests and the benchmark. */
  readonly stats = { pushRequests: 0, pullRequests: 0, cycles: 0 };

  constructor(deps: SyncEngineDeps) {
    this.#store = deps.store;
    this.#remote = deps.remote;
    this.#auth = deps.auth;
    this.#env = deps.env;
    this.#leaderPort = deps.leader;
    this.#opts = { ...DEFAULT_ENGINE_OPTIONS, ...deps.options };
    this.#batchSize = this.#opts.pushBatchSize;
    this.#classifyLocal = deps.classifyLocalError ?? (() => null);
    this.#pokes = deps.poke
      ? new PokeListener({
          port: deps.poke,
          env: this.#env,
          delayMs: this.#opts.pokeDelayMs,
          tables: this.#opts.tables,
          deviceId: () => this.#store.getDeviceId(),
          pull: () => {
            if (this.#started && this.#retryTimer === null) this.requestSync();
          },
          onLive: (live) => this.#emit({ live }, true),
        })
      : null;
  }

  /** Pokes that asked for a pull (tests and the benchmark). */
  get pokes(): number {
    return this.#pokes?.pokes ?? 0;
  }

  get status(): SyncStatus {
    return this.#status;
  }

  get isLeader(): boolean {
    return this.#isLeader;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    listener(this.#status);
    return () => this.#listeners.delete(listener);
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#unsubscribe.push(
      this.#env.onOnline(() => this.#onOnline()),
      this.#env.onVisible(() => this.requestSync()),
      this.#store.subscribeOutbox(() => this.#onLocalWrite()),
    );
    void this.#refreshPending();
    // The last sync time of the previous session, restored before this engine may persist its
    // own status (only the leader persists): a reload, offline, keeps saying when it last synced.
    const restored = this.#restoreLastSync();
    this.#leader = this.#leaderPort.acquire(() => {
      void restored.then(() => {
        if (!this.#started) return;
        this.#isLeader = true;
        this.#emit({});
        this.#schedulePeriodic();
        this.requestSync();
        this.#pokes?.start();
      });
    });
  }

  async #restoreLastSync(): Promise<void> {
    try {
      const previous = await this.#store.loadStatus();
      if (typeof previous?.lastSyncAt === 'number' && this.#status.lastSyncAt === null) {
        this.#emit({ lastSyncAt: previous.lastSyncAt });
      }
    } catch {
      // Unreadable: start without a last sync time.
    }
  }

  async stop(): Promise<void> {
    this.#started = false;
    for (const un of this.#unsubscribe.splice(0)) un();
    this.#pokes?.stop();
    for (const t of [this.#retryTimer, this.#debounceTimer, this.#periodicTimer]) {
      if (t !== null) this.#env.clearTimeout(t);
    }
    this.#retryTimer = this.#debounceTimer = this.#periodicTimer = null;
    const running = this.#running;
    if (running) await running.catch(() => undefined);
    this.#leader?.release();
    this.#leader = null;
    this.#isLeader = false;
  }

  /** Asks for a full cycle (push then pull) as soon as possible. Only the leader syncs. */
  requestSync(): void {
    if (!this.#started || !this.#isLeader) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#runLoop().finally(() => {
      this.#running = null;
    });
  }

  /** Runs a cycle now and resolves when it (and any cycle it triggered) is over. */
  async syncNow(): Promise<SyncStatus> {
    if (!this.#started || !this.#isLeader) return this.#status;
    if (this.#running) {
      this.#again = true;
      await this.#running;
      return this.#status;
    }
    this.requestSync();
    await this.#running;
    return this.#status;
  }

  /** Resolves once no cycle is running (tests). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  // ---------------------------------------------------------------------------------------------

  async #runLoop(): Promise<void> {
    do {
      this.#again = false;
      await this.#cycle();
    } while (this.#again && this.#started);
  }

  async #cycle(): Promise<void> {
    this.stats.cycles++;
    if (this.#retryTimer !== null) {
      this.#env.clearTimeout(this.#retryTimer);
      this.#retryTimer = null;
    }
    if (!this.#env.isOnline()) {
      // No timer: the `online` event restarts the engine.
      this.#emit({ phase: 'offline', error: 'offline', nextRetryAt: null, progress: null }, true);
      return;
    }
    this.#emit({ phase: 'syncing', progress: null });
    try {
      let ctx = await this.#context(false);
      if (!ctx) return;
      try {
        await this.#pushAll(ctx);
        await this.#pullAll(ctx);
      } catch (e) {
        if (!(isRemoteError(e) && e.kind === 'unauthorized')) throw e;
        // The server refused the token: refresh once and retry the cycle with the new one.
        ctx = await this.#context(true);
        if (!ctx) return;
        await this.#pushAll(ctx);
        await this.#pullAll(ctx);
      }
      this.#attempt = 0;
      this.#emit(
        {
          phase: 'idle',
          error: null,
          lastSyncAt: this.#env.now(),
          nextRetryAt: null,
          progress: null,
        },
        true,
      );
    } catch (e) {
      this.#onFailure(e);
    } finally {
      await this.#refreshPending();
    }
  }

  /** A context with a live user token; null (status set) when there is none. */
  async #context(forceRefresh: boolean): Promise<RemoteContext | null> {
    let token = forceRefresh ? null : await this.#auth.getAccessToken();
    let check = checkUserToken(token, this.#env.now());
    if (!check.ok) {
      // Expired, missing or not a user token (e.g. the anon key after a refresh race in another
      // tab): never send it. Refresh; a network failure here is transient (outbox kept).
      token = await this.#auth.refreshSession();
      check = checkUserToken(token, this.#env.now());
      if (!check.ok || !token) {
        this.#emit(
          { phase: 'auth_required', error: 'unauthorized', nextRetryAt: null, progress: null },
          true,
        );
        this.#auth.onUnauthorized();
        return null;
      }
    }
    return { accessToken: token as string, deviceId: await this.#store.getDeviceId() };
  }

  /**
   * Pushes the outbox in batches, pipelined: once a batch is answered, the next one (the entries
   * after it, in outbox order) is sent while this batch's answers are written locally. The server
   * still gets the batches one after the other, each after the previous one was answered; answers
   * are applied in order. A batch answered only in part, or split, ends the pipelining: the next
   * batch is read again from the start of the outbox once the answers are written.
   */
  async #pushAll(ctx: RemoteContext): Promise<void> {
    let done = 0;
    let { batch, answer } = await this.#sendNext(ctx);
    while (answer) {
      let answers: PushAnswer[];
      try {
        answers = await answer;
      } catch (e) {
        if (isRemoteError(e) && (e.kind === 'too_large' || e.kind === 'bad_request')) {
          await this.#split(batch, e);
          ({ batch, answer } = await this.#sendNext(ctx));
          continue;
        }
        throw e;
      }
      const sent = new Set(batch.map((m) => m.id));
      const results: MutationResult[] = answers.map(resolveAnswer).filter((r) => sent.has(r.id));
      if (results.length === 0) throw new RemoteError('server', 'empty push answer');
      if (this.#batchSize < this.#opts.pushBatchSize) {
        this.#batchSize = Math.min(this.#opts.pushBatchSize, this.#batchSize * 2);
      }
      // The next batch goes out now, while these answers are written.
      const lastSeq = batch.at(-1)?.seq;
      let next: SentBatch = { batch: [], answer: null };
      if (results.length === batch.length && typeof lastSeq === 'number') {
        next = await this.#sendNext(ctx, lastSeq);
        // Handled when its turn comes (or below, if writing these answers fails).
        next.answer?.catch(() => undefined);
      }
      try {
        await this.#store.applyPushResults(results, batch);
      } catch (e) {
        // The request in flight ends first; its mutations stay in the outbox and are answered
        // `duplicate` when sent again.
        await next.answer?.catch(() => undefined);
        throw e;
      }
      done += results.length;
      const pending = await this.#store.countPending();
      this.#emit({
        pending,
        progress: { direction: 'push', table: null, done, remaining: pending },
      });
      ({ batch, answer } = next.answer ? next : await this.#sendNext(ctx));
    }
  }

  /** Reads the next batch (from the start of the outbox, or after `afterSeq`) and sends it. */
  async #sendNext(ctx: RemoteContext, afterSeq?: number): Promise<SentBatch> {
    const batch = await this.#store.peekOutbox(this.#batchSize, afterSeq);
    if (batch.length === 0) return { batch, answer: null };
    this.stats.pushRequests++;
    return { batch, answer: this.#remote.push(ctx, batch) };
  }

  /** 413 or a whole-request 4xx: halve the batch; a single mutation is refused into the dead letters. */
  async #split(batch: Mutation[], e: RemoteError): Promise<void> {
    if (batch.length > 1) {
      this.#batchSize = Math.max(1, Math.floor(batch.length / 2));
      return;
    }
    const only = batch[0]!;
    await this.#store.applyPushResults(
      [
        {
          id: only.id,
          status: 'rejected',
          code: e.kind === 'too_large' ? 'too_large' : 'invalid',
          message: e.message,
        },
      ],
      batch,
    );
  }

  async #pullAll(ctx: RemoteContext): Promise<void> {
    if (!this.#quarantineReread && this.#store.rereadQuarantine) {
      this.#quarantineReread = true;
      await this.#store.rereadQuarantine();
    }
    const cursors: Cursors = {};
    for (const table of this.#opts.tables) cursors[table] = await this.#store.getCursor(table);
    let done = 0;
    const request = (at: Cursors) => {
      this.stats.pullRequests++;
      return this.#remote.pull(ctx, { ...at }, this.#opts.pullPageSize);
    };
    let next = request(cursors);
    // Until the server says nothing more follows (or, from an older server, a response without
    // rows: a short page is not the end, servers cap page sizes).
    for (;;) {
      const { pages, more } = await next;
      // Pipelined: the next page is asked for from the positions this page ends at while this one
      // is written to the local store, so the server's work and the device's overlap. If the store
      // ends a table elsewhere (an unreadable row), that answer is dropped and asked for again.
      const expected = more === false ? null : cursorsAfterPages(cursors, pages, this.#opts.tables);
      let prefetch: Promise<PullResponse> | null = null;
      if (expected) {
        prefetch = request(expected);
        prefetch.catch(() => undefined); // awaited below, or dropped if this page fails
      }
      let received = 0;
      for (const table of this.#opts.tables) {
        const page = pages[table];
        if (!page || page.rows.length === 0) continue;
        received += page.rows.length;
        const result = await this.#store.applyPullPage(table, page.rows);
        done += result.applied;
        if (result.invalid)
          throw new SyncFailure('invalid_row', `${table}: ${result.invalid.message}`);
        cursors[table] = result.cursor;
      }
      if (received === 0 || more === false) break;
      next = prefetch && sameCursors(expected!, cursors) ? prefetch : request(cursors);
      // Every page updates this tab; other tabs get the progress at most once a second.
      const now = this.#env.now();
      const persist = now - this.#progressPersistedAt >= 1_000;
      if (persist) this.#progressPersistedAt = now;
      this.#emit({ progress: { direction: 'pull', table: null, done, remaining: null } }, persist);
    }
  }

  #onFailure(e: unknown): void {
    let code: SyncErrorCode = 'unknown';
    let retryAfter: number | null = null;
    let retry = true;
    if (isRemoteError(e)) {
      code = e.kind === 'too_large' || e.kind === 'bad_request' ? 'server' : e.kind;
      retryAfter = e.retryAfterMs;
      if (e.kind === 'unauthorized' || e.kind === 'forbidden') {
        // Refreshed already and still refused: the user must sign in again.
        this.#emit(
          { phase: 'auth_required', error: e.kind, nextRetryAt: null, progress: null },
          true,
        );
        this.#auth.onUnauthorized();
        return;
      }
      retry = isTransient(e.kind);
    } else if (e instanceof SyncFailure) {
      code = e.code;
    } else {
      code = this.#classifyLocal(e) ?? 'unknown';
    }
    const delay = retry
      ? retryDelay(this.#attempt, retryAfter, () => this.#env.random(), this.#opts.backoff)
      : null;
    this.#attempt++;
    const nextRetryAt = delay === null ? null : this.#env.now() + delay;
    this.#emit(
      { phase: code === 'offline' ? 'offline' : 'error', error: code, nextRetryAt, progress: null },
      true,
    );
    if (delay !== null && this.#started) {
      this.#retryTimer = this.#env.setTimeout(() => {
        this.#retryTimer = null;
        this.requestSync();
      }, delay);
    }
  }

  /**
   * Back online: the cycle runs now, whatever backoff timer the failures of the outage armed, and
   * those failures no longer count: a failure right after reconnecting (the network not quite up)
   * retries after the first backoff step, not after the outage's longest one.
   */
  #onOnline(): void {
    this.#attempt = 0;
    this.requestSync();
  }

  #onLocalWrite(): void {
    void this.#refreshPending();
    if (!this.#isLeader || !this.#started) return;
    if (this.#debounceTimer !== null) this.#env.clearTimeout(this.#debounceTimer);
    this.#debounceTimer = this.#env.setTimeout(() => {
      this.#debounceTimer = null;
      // While a backoff timer runs, a new write does not hammer a failing server.
      if (this.#retryTimer === null) this.requestSync();
    }, this.#debounceDelay());
  }

  #debounceDelay(): number {
    return this.#status.live ? this.#opts.liveDebounceMs : this.#opts.debounceMs;
  }

  #schedulePeriodic(): void {
    if (!this.#started) return;
    this.#periodicTimer = this.#env.setTimeout(() => {
      this.#periodicTimer = null;
      if (this.#env.isOnline() && this.#retryTimer === null) this.requestSync();
      this.#schedulePeriodic();
    }, this.#opts.periodicMs);
  }

  async #refreshPending(): Promise<void> {
    try {
      const pending = await this.#store.countPending();
      if (pending !== this.#status.pending) this.#emit({ pending });
    } catch {
      // The store is closing: keep the last count.
    }
  }

  #emit(patch: Partial<SyncStatus>, persist = false): void {
    this.#status = { ...this.#status, ...patch, leader: this.#isLeader };
    for (const l of this.#listeners) l(this.#status);
    if (persist && this.#isLeader) {
      const { phase, error, lastSyncAt, nextRetryAt, progress, live } = this.#status;
      const persisted: PersistedSyncStatus = {
        phase,
        error,
        lastSyncAt,
        nextRetryAt,
        progress,
        live,
      };
      this.#store.saveStatus(persisted).catch(() => undefined);
    }
  }
}
