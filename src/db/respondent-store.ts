// The public survey's respondent store (survey.html and the app's /survey/:id route, no account):
// a small IndexedDB database of its own, written with the browser's IndexedDB API directly. The
// respondent's page must stay light on a phone with a weak connection, and Dexie with the app's
// schema weighed 32 KB gzip of it; this store is about 2 KB and needs nothing else.
//
//   answers  the answers waiting to be sent (or sent / closed / not found / invalid), each with
//            the response id generated on the device: the server records an id once
//   kept     what the page keeps on the device: the survey's copy and the answer in progress
//
// Every write is one IndexedDB transaction (a crash keeps all of it or nothing); a full disk
// rejects with LocalStoreError('quota') and writes nothing. Changes are announced to this page and,
// through a BroadcastChannel, to the respondent's other tabs.
//
// Before this store, the respondent's answers and drafts lived in the app's database (Dexie tables
// survey_outbox and reference_cache): the first opening moves whatever is left there (an answer
// still waiting from an earlier version of the page is then sent, not lost).
import { guardQuota } from './errors';
import type { Row } from './meta';

export const RESPONDENT_DB_NAME = 'budget-formation-respondent';
const VERSION = 1;
const ANSWERS = 'answers';
const KEPT = 'kept';

export type SurveyAnswerStatus = 'waiting' | 'sent' | 'closed' | 'not_found' | 'invalid';

/** One answer of the device's queue. */
export type RespondentAnswer = {
  /** The response id, generated on the device: the server records it once. */
  id: string;
  survey_id: string;
  payload: Row;
  status: SurveyAnswerStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
};

export type Cached<T> = { value: T; fetchedAt: string };

type KeptEntry = { key: string; value: unknown; fetched_at: string };

export type SurveyAnswerInput = {
  department: string;
  first_name: string;
  last_name: string;
  responses: Record<string, unknown>;
  tools_satisfaction: 'yes' | 'partially' | 'no' | 'unknown';
  improvement_suggestion?: string | null;
};

/** The app's database of earlier versions, whose respondent entries are moved here once. */
export type LegacySource = { dbName: string; keyPrefixes: readonly string[] };

export type RespondentStoreOptions = {
  name?: string;
  legacy?: LegacySource | null;
  now?: () => Date;
  indexedDB?: IDBFactory;
};

type Change = 'queued' | 'changed';

const settled = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const oldestFirst = (a: RespondentAnswer, b: RespondentAnswer) =>
  a.created_at.localeCompare(b.created_at);

/** Runs `body` in one transaction; resolves with its result once the transaction has committed. */
function transact<T>(
  db: IDBDatabase,
  stores: string[],
  mode: IDBTransactionMode,
  body: (tx: IDBTransaction) => () => T,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let tx: IDBTransaction;
    try {
      tx = db.transaction(stores, mode);
    } catch (e) {
      reject(e);
      return;
    }
    let result: () => T = () => undefined as T;
    tx.oncomplete = () => resolve(result());
    tx.onabort = () => reject(tx.error ?? new DOMException('Transaction aborted', 'AbortError'));
    try {
      result = body(tx);
    } catch (e) {
      reject(e);
      try {
        tx.abort();
      } catch {
        // already finished
      }
    }
  });
}

/** Opens an existing database as it is, or resolves null when there is none (nothing is created). */
function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let given = false;
    const give = (db: IDBDatabase | null) => {
      given = true;
      resolve(db);
    };
    const request = factory.open(name);
    request.onupgradeneeded = (event) => {
      if (event.oldVersion === 0) request.transaction?.abort();
    };
    request.onsuccess = () => {
      const db = request.result;
      // Opened after all (it was blocked): not used, never kept open.
      if (given) return db.close();
      db.onversionchange = () => db.close();
      give(db);
    };
    request.onerror = () => give(null);
    request.onblocked = () => give(null);
  });
}

export class RespondentStore {
  readonly name: string;
  private readonly factory: IDBFactory;
  private readonly legacy: LegacySource | null;
  private readonly now: () => string;
  private opening: Promise<IDBDatabase> | null = null;
  private readonly listeners = new Map<() => void, Change | 'any'>();
  private channel: BroadcastChannel | null = null;

  constructor(opts: RespondentStoreOptions = {}) {
    this.name = opts.name ?? RESPONDENT_DB_NAME;
    this.factory = opts.indexedDB ?? globalThis.indexedDB;
    this.legacy = opts.legacy ?? null;
    this.now = () => (opts.now ?? (() => new Date()))().toISOString();
  }

  readonly getCachedReference = async <T = unknown>(
    key: string,
  ): Promise<Cached<T> | undefined> => {
    const entry = await this.read<KeptEntry | undefined>(KEPT, (s) => s.get(key));
    return entry ? { value: entry.value as T, fetchedAt: entry.fetched_at } : undefined;
  };

  readonly putCachedReference = async (key: string, value: unknown): Promise<void> => {
    const entry: KeptEntry = { key, value, fetched_at: this.now() };
    await this.write([KEPT], (tx) => {
      tx.objectStore(KEPT).put(entry);
    });
  };

  /**
   * Stores the answer and returns its response id (the sender sends it). `alsoKeep` (given the id)
   * is written in the same transaction: the draft marked as sent, so that a crash between the two
   * can neither lose the answer nor let it be sent twice.
   */
  readonly queueSurveyAnswer = async (
    surveyId: string,
    answer: SurveyAnswerInput,
    alsoKeep?: (id: string) => { key: string; value: unknown },
  ): Promise<string> => {
    const id = crypto.randomUUID();
    const at = this.now();
    const entry: RespondentAnswer = {
      id,
      survey_id: surveyId,
      payload: { ...answer },
      status: 'waiting',
      attempts: 0,
      last_error: null,
      created_at: at,
      updated_at: at,
    };
    const kept = alsoKeep?.(id);
    await this.write([ANSWERS, KEPT], (tx) => {
      tx.objectStore(ANSWERS).add(entry);
      if (kept) tx.objectStore(KEPT).put({ key: kept.key, value: kept.value, fetched_at: at });
    });
    this.announce('queued');
    return id;
  };

  readonly getSurveyAnswer = (id: string): Promise<RespondentAnswer | undefined> =>
    this.read<RespondentAnswer | undefined>(ANSWERS, (s) => s.get(id));

  /** Every answer of the device, oldest first. */
  readonly listAnswers = async (): Promise<RespondentAnswer[]> => {
    const rows = await this.read<RespondentAnswer[]>(ANSWERS, (s) => s.getAll());
    return rows.sort(oldestFirst);
  };

  /** Calls `listener` after every change of the answers (this tab or another). */
  readonly onAnswersChange = (listener: () => void): (() => void) => this.listen(listener, 'any');

  /** The port of the survey sender (sync/survey-sender.ts). */
  readonly port = {
    listWaiting: async () => {
      const rows = await this.read<RespondentAnswer[]>(ANSWERS, (s) =>
        s.index('status').getAll('waiting'),
      );
      return rows.sort(oldestFirst).map(({ id, survey_id, payload, status, attempts }) => ({
        id,
        survey_id,
        payload,
        status,
        attempts,
      }));
    },
    setOutcome: async (
      id: string,
      status: SurveyAnswerStatus,
      attempts: number,
      error: string | null,
    ) => {
      const at = this.now();
      await this.write([ANSWERS], (tx) => {
        const answers = tx.objectStore(ANSWERS);
        const current = answers.get(id);
        current.onsuccess = () => {
          const row = current.result as RespondentAnswer | undefined;
          if (row) answers.put({ ...row, status, attempts, last_error: error, updated_at: at });
        };
      });
      this.announce('changed');
    },
    /** Wakes the sender when a new answer is queued (here or in another tab), not on outcomes. */
    subscribe: (listener: () => void) => this.listen(listener, 'queued'),
  };

  /** Closes the connection and the channel (tests, or before deleting the database). */
  async close(): Promise<void> {
    const opening = this.opening;
    this.opening = null;
    this.channel?.close();
    this.channel = null;
    if (opening) (await opening.catch(() => null))?.close();
  }

  private open(): Promise<IDBDatabase> {
    this.opening ??= this.connect().catch((e: unknown) => {
      this.opening = null; // the next call tries again
      throw e;
    });
    return this.opening;
  }

  private async connect(): Promise<IDBDatabase> {
    const request = this.factory.open(this.name, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(ANSWERS))
        db.createObjectStore(ANSWERS, { keyPath: 'id' }).createIndex('status', 'status');
      if (!db.objectStoreNames.contains(KEPT)) db.createObjectStore(KEPT, { keyPath: 'key' });
    };
    const db = await settled(request);
    // A later version of the page asks for the database: let it have it (reopened on next use).
    db.onversionchange = () => {
      db.close();
      this.opening = null;
    };
    db.onclose = () => {
      this.opening = null; // closed by the browser (storage cleared): reopened on next use
    };
    if (this.legacy) await this.adoptLegacy(db, this.legacy).catch(() => undefined);
    return db;
  }

  /** Moves the respondent's entries left in the app's database of earlier versions. */
  private async adoptLegacy(db: IDBDatabase, legacy: LegacySource): Promise<void> {
    const old = await openExisting(this.factory, legacy.dbName);
    if (!old) return;
    try {
      const stores = ['survey_outbox', 'reference_cache'].filter((s) =>
        old.objectStoreNames.contains(s),
      );
      if (stores.length === 0) return;
      const { answers, kept } = await transact(old, stores, 'readonly', (tx) => {
        const a = stores.includes('survey_outbox')
          ? tx.objectStore('survey_outbox').getAll()
          : null;
        const k = stores.includes('reference_cache')
          ? tx.objectStore('reference_cache').getAll()
          : null;
        return () => ({
          answers: (a?.result ?? []) as RespondentAnswer[],
          kept: ((k?.result ?? []) as KeptEntry[]).filter((e) =>
            legacy.keyPrefixes.some((p) => typeof e.key === 'string' && e.key.startsWith(p)),
          ),
        });
      });
      if (answers.length === 0 && kept.length === 0) return;
      // Copied first (an entry already here wins), then removed from the old database.
      await transact(db, [ANSWERS, KEPT], 'readwrite', (tx) => {
        for (const a of answers) {
          const exists = tx.objectStore(ANSWERS).getKey(a.id);
          exists.onsuccess = () => {
            if (exists.result === undefined) tx.objectStore(ANSWERS).put(a);
          };
        }
        for (const k of kept) {
          const exists = tx.objectStore(KEPT).getKey(k.key);
          exists.onsuccess = () => {
            if (exists.result === undefined) tx.objectStore(KEPT).put(k);
          };
        }
        return () => undefined;
      });
      await transact(old, stores, 'readwrite', (tx) => {
        for (const a of answers) tx.objectStore('survey_outbox').delete(a.id);
        for (const k of kept) tx.objectStore('reference_cache').delete(k.key);
        return () => undefined;
      });
    } finally {
      old.close();
    }
  }

  private async read<T>(store: string, get: (s: IDBObjectStore) => IDBRequest): Promise<T> {
    const db = await this.open();
    return transact(db, [store], 'readonly', (tx) => {
      const request = get(tx.objectStore(store));
      return () => request.result as T;
    });
  }

  private async write(stores: string[], body: (tx: IDBTransaction) => void): Promise<void> {
    const db = await this.open();
    await guardQuota(() =>
      transact(db, stores, 'readwrite', (tx) => {
        body(tx);
        return () => undefined;
      }),
    );
  }

  private listen(listener: () => void, kind: Change | 'any'): () => void {
    const wrapped = () => listener();
    this.listeners.set(wrapped, kind);
    this.ensureChannel();
    return () => {
      this.listeners.delete(wrapped);
      if (this.listeners.size === 0) {
        this.channel?.close();
        this.channel = null;
      }
    };
  }

  private ensureChannel(): void {
    if (this.channel || typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(this.name);
    this.channel.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === 'queued' || event.data === 'changed') this.notify(event.data);
    };
  }

  private announce(change: Change): void {
    this.notify(change);
    // Other tabs of the respondent (a channel does not receive its own messages).
    this.ensureChannel();
    this.channel?.postMessage(change);
  }

  private notify(change: Change): void {
    for (const [listener, kind] of [...this.listeners]) {
      if (kind === 'any' || kind === change) listener();
    }
  }
}
