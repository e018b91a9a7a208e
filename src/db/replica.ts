// The replication side of the local store: what the sync engine needs (it implements the engine's
// LocalStorePort structurally; src/lib/sync plugs it in). Every operation is one Dexie transaction.
import { liveQuery } from 'dexie';
import type { ConflictNotice, DeadLetter, LocalDb, OutboxEntry, QuarantinedRow } from './database';
import { keepNotices } from './conflict-fold';
import { guardQuota } from './errors';
import {
  OWNER_COLUMN,
  START_CURSOR,
  SYNC_TABLES,
  applyChange,
  overlay,
  sameValue,
  type Cursor,
  type Mutation,
  type MutationResult,
  type Row,
  type SyncTable,
} from './meta';
import { parseRow } from './rows';

export type PullApplyResult = {
  applied: number;
  quarantined: number;
  cursor: Cursor;
  invalid: { index: number; message: string } | null;
};

export const DEVICE_KEY = 'device';
export const cursorKey = (ownerId: string, table: SyncTable) => `${ownerId}:cursor:${table}`;
export const statusKey = (ownerId: string) => `${ownerId}:status`;

/** This installation's id, created on first use (one per local database). */
export async function getDeviceId(db: LocalDb): Promise<string> {
  const found = await db.sync_state.get(DEVICE_KEY);
  if (found && typeof found.value === 'string') return found.value;
  return db.transaction('rw', db.sync_state, async () => {
    const again = await db.sync_state.get(DEVICE_KEY);
    if (again && typeof again.value === 'string') return again.value;
    const id = crypto.randomUUID();
    await db.sync_state.put({ key: DEVICE_KEY, value: id });
    return id;
  });
}

function toMutation(e: OutboxEntry): Mutation {
  return {
    id: e.id,
    ...(e.seq === undefined ? {} : { seq: e.seq }),
    table: e.table,
    op: e.op,
    row_id: e.row_id,
    fields: e.fields,
    base_version: e.base_version,
  };
}

function pick(row: Row, keys: Iterable<string>): Row {
  const out: Row = {};
  for (const k of keys) out[k] = row[k];
  return out;
}

/** An outbox range read whole: [from, to] by outbox number, and how many entries it holds. */
type OutboxSpan = { from: number; to: number; count: number };

/**
 * The outbox entries whose mutation ids are answered in `results`. Read by outbox number where
 * `sent` gives it: the range from its first to its last number in one read when the batch is dense
 * in it (it then comes back as `span`), else one primary-key read each. An entry read is taken only
 * when it carries an answered id; any answered id left (no number given, or the entry gone) is
 * looked up by the mutation-id index.
 */
async function answeredEntries(
  db: LocalDb,
  results: readonly MutationResult[],
  sent: readonly Mutation[],
): Promise<{ entries: OutboxEntry[]; span: OutboxSpan | null }> {
  const answered = new Set(results.map((r) => r.id));
  const seqs: number[] = [];
  for (const m of sent) if (m.seq !== undefined && answered.has(m.id)) seqs.push(m.seq);
  const found = new Map<string, OutboxEntry>();
  let span: OutboxSpan | null = null;
  if (seqs.length > 0) {
    const from = Math.min(...seqs);
    const to = Math.max(...seqs);
    let read: Array<OutboxEntry | undefined>;
    if (to - from < 2 * seqs.length) {
      read = await db.outbox.where(':id').between(from, to, true, true).toArray();
      span = { from, to, count: read.length };
    } else {
      read = await db.outbox.bulkGet(seqs);
    }
    for (const e of read) if (e && answered.has(e.id)) found.set(e.id, e);
  }
  const rest = [...answered].filter((id) => !found.has(id));
  if (rest.length > 0) {
    for (const e of await db.outbox.where('id').anyOf(rest).toArray()) found.set(e.id, e);
  }
  return { entries: [...found.values()], span };
}

/**
 * Deletes the answered entries (outbox numbers). When they are every entry of a range read whole
 * in this transaction, that range goes in one request.
 */
async function deleteAnswered(db: LocalDb, seqs: number[], span: OutboxSpan | null) {
  if (span) {
    const inSpan = seqs.filter((s) => s >= span.from && s <= span.to);
    if (inSpan.length === span.count) {
      await db.outbox.where(':id').between(span.from, span.to, true, true).delete();
      const outside = seqs.filter((s) => s < span.from || s > span.to);
      if (outside.length > 0) await db.outbox.bulkDelete(outside);
      return;
    }
  }
  await db.outbox.bulkDelete(seqs);
}

type RowKey = [SyncTable, string];

/** Reading a table's outbox entries whole beats one read per row up to this many per row. */
const ENTRIES_READ_WHOLE = 4;
const keyOf = (table: SyncTable, rowId: string) => `${table}\u0000${rowId}`;

/**
 * The server state of a row being settled. `shadow`: it has a stored shadow. `stored`: the visible
 * row as stored now, when it was read (rows without a shadow); undefined when not read.
 * `refused`: a change of the row was answered conflict or rejected, so what the device shows must
 * be rebuilt; a row whose changes were all applied already shows them (the server's own version of
 * it, with its server-maintained fields, comes with the pull that follows).
 */
type Settling = {
  table: SyncTable;
  rowId: string;
  base: Row | null;
  shadow: boolean;
  stored?: Row | null;
  refused?: boolean;
};

/** Appends `item` to the list of `key` (created on first use). */
function pushTo<K, T>(m: Map<K, T[]>, key: K, item: T): void {
  const list = m.get(key);
  if (list) list.push(item);
  else m.set(key, [item]);
}

function sameRow(a: Row, b: Row): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => k in b && sameValue(a[k], b[k]));
}

/**
 * The outbox entries of these rows, by row (keyOf). Per table: when the table has at most
 * ENTRIES_READ_WHOLE entries per row asked in the outbox, all of them in one read (none to read,
 * the common case of a push that empties the outbox, costs one count); else one read per row,
 * issued together.
 */
async function outboxEntriesOf(
  db: LocalDb,
  rows: Map<string, Settling>,
): Promise<Map<string, OutboxEntry[]>> {
  const byTable = new Map<SyncTable, string[]>();
  for (const { table, rowId } of rows.values()) pushTo(byTable, table, rowId);
  const byRow = new Map<string, OutboxEntry[]>();
  for (const [table, ids] of byTable) {
    const inTable = db.outbox.where('[table+row_id]').between([table, ''], [table, '\uffff']);
    const count = await inTable.count();
    if (count === 0) continue;
    const entries =
      count <= ENTRIES_READ_WHOLE * ids.length
        ? await inTable.toArray()
        : (
            await Promise.all(
              ids.map((id) => db.outbox.where('[table+row_id]').equals([table, id]).toArray()),
            )
          ).flat();
    for (const e of entries) {
      const k = keyOf(e.table, e.row_id);
      if (rows.has(k)) pushTo(byRow, k, e);
    }
  }
  return byRow;
}

/**
 * Settles the rows answered, in bulk: a row with pending changes keeps its shadow (the new server
 * state), the others drop it. The visible row is rebuilt from the base and the remaining pending
 * changes only where a change was refused (conflict, rejection): a row whose changes were all
 * applied already shows them and is not written again (a pushed insert, the common case, costs
 * the deletion of its outbox entry and of its shadow). A rebuilt row that is already what is
 * stored is not written either, and a shadow that does not exist is not deleted.
 */
async function settleRows(db: LocalDb, bases: Map<string, Settling>): Promise<void> {
  if (bases.size === 0) return;
  const byRow = await outboxEntriesOf(db, bases);
  const shadowsToPut: Array<{ table: SyncTable; id: string; row: Row | null }> = [];
  const shadowsToDelete: RowKey[] = [];
  const puts = new Map<SyncTable, Row[]>();
  const deletes = new Map<SyncTable, string[]>();
  for (const [k, { table, rowId, base, shadow, stored, refused }] of bases) {
    const mine = (byRow.get(k) ?? []).sort((a, b) => a.seq! - b.seq!);
    if (mine.length > 0) shadowsToPut.push({ table, id: rowId, row: base });
    else if (shadow) shadowsToDelete.push([table, rowId]);
    if (!refused) continue;
    const visible = mine.length === 0 ? base : overlay(base, mine);
    if (visible === null) {
      if (stored !== null) pushTo(deletes, table, rowId);
    } else if (!stored || !sameRow(visible, stored)) pushTo(puts, table, visible);
  }
  if (shadowsToDelete.length) await db.server_rows.bulkDelete(shadowsToDelete);
  if (shadowsToPut.length) await db.server_rows.bulkPut(shadowsToPut);
  for (const [table, rows] of puts) await db.synced(table).bulkPut(rows);
  for (const [table, ids] of deletes) await db.synced(table).bulkDelete(ids);
}

/** The pull position of a raw server row, or null when it cannot be read. */
function positionOf(raw: unknown): Cursor | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { sync_version: version, id } = raw as Row;
  const v = typeof version === 'number' ? version : Number(version);
  if (!Number.isSafeInteger(v) || v < 0 || typeof id !== 'string' || id === '') return null;
  return { version: v, id };
}

/**
 * Writes validated server rows of one table, re-applying the owner's pending changes on top
 * (their server shadow is kept). Runs inside the caller's transaction.
 */
async function writeServerRows(
  db: LocalDb,
  ownerId: string,
  table: SyncTable,
  rows: Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const pending = await db.outbox
    .where('[table+row_id]')
    .between([table, ''], [table, '\uffff'])
    .toArray();
  const byRow = new Map<string, OutboxEntry[]>();
  for (const e of pending) if (e.owner_id === ownerId) pushTo(byRow, e.row_id, e);
  const puts: Row[] = [];
  for (const row of rows) {
    const mine = byRow.get(String(row.id));
    if (mine) {
      mine.sort((a, b) => a.seq! - b.seq!);
      await db.server_rows.put({ table, id: String(row.id), row });
      puts.push(overlay(row, mine) ?? row);
    } else {
      puts.push(row);
    }
  }
  await db.synced(table).bulkPut(puts);
}

export function createReplicaStore(db: LocalDb, ownerId: string, opts: { now?: () => Date } = {}) {
  const nowIso = () => (opts.now ?? (() => new Date()))().toISOString();
  const allSynced = SYNC_TABLES.map((t) => db.synced(t));

  return {
    ownerId,

    getDeviceId: () => getDeviceId(db),

    async peekOutbox(limit: number, afterSeq?: number): Promise<Mutation[]> {
      if (afterSeq === undefined) {
        const entries = await db.outbox.where('owner_id').equals(ownerId).limit(limit).toArray();
        return entries.map(toMutation);
      }
      // One range read by outbox number; another owner's entries (rare) are left out, so fewer
      // than `limit` may come back: the engine then reads from the start again.
      const entries = await db.outbox.where('seq').above(afterSeq).limit(limit).toArray();
      return entries.filter((e) => e.owner_id === ownerId).map(toMutation);
    },

    countPending: () => db.outbox.where('owner_id').equals(ownerId).count(),

    /**
     * `sent`: the mutations of the request these results answer. Their outbox numbers let the
     * entries be read by primary key; only the results decide which entries leave the outbox (an
     * entry is taken only when its mutation id is answered).
     */
    async applyPushResults(
      results: MutationResult[],
      sent: readonly Mutation[] = [],
    ): Promise<void> {
      if (results.length === 0) return;
      await guardQuota(() =>
        db.transaction(
          'rw',
          [...allSynced, db.outbox, db.server_rows, db.conflicts, db.dead_letters],
          async () => {
            const { entries, span } = await answeredEntries(db, results, sent);
            const byId = new Map(
              entries.filter((e) => e.owner_id === ownerId).map((e) => [e.id, e]),
            );
            // The base (server state) of every row concerned: its shadow, else the row itself.
            const bases = new Map<string, Settling>();
            const rowKeys = new Map<string, RowKey>();
            for (const e of byId.values())
              rowKeys.set(keyOf(e.table, e.row_id), [e.table, e.row_id]);
            const keys = [...rowKeys.values()];
            const shadows = await db.server_rows.bulkGet(keys);
            const missing = new Map<SyncTable, string[]>();
            keys.forEach(([table, rowId], i) => {
              const shadow = shadows[i];
              if (shadow)
                bases.set(keyOf(table, rowId), { table, rowId, base: shadow.row, shadow: true });
              else pushTo(missing, table, rowId);
            });
            for (const [table, ids] of missing) {
              const rows = await db.synced(table).bulkGet(ids);
              ids.forEach((rowId, i) =>
                bases.set(keyOf(table, rowId), {
                  table,
                  rowId,
                  base: rows[i] ?? null,
                  shadow: false,
                  stored: rows[i] ?? null,
                }),
              );
            }

            const at = nowIso();
            const notices: ConflictNotice[] = [];
            const dead: DeadLetter[] = [];
            const answered: number[] = [];
            for (const result of results) {
              const entry = byId.get(result.id);
              if (!entry) continue; // already answered
              byId.delete(result.id);
              const known = bases.get(keyOf(entry.table, entry.row_id))!;
              switch (result.status) {
                case 'applied':
                  known.base = applyChange(known.base, entry);
                  break;
                case 'conflict': {
                  known.refused = true;
                  const contested = Object.keys(result.server);
                  if (result.reason === 'field') {
                    const appliedFields: Row = {};
                    for (const [k, v] of Object.entries(entry.fields))
                      if (!(k in result.server)) appliedFields[k] = v;
                    known.base = known.base
                      ? { ...known.base, ...appliedFields, ...result.server }
                      : known.base;
                  } else {
                    known.base = known.base ? { ...known.base, ...result.server } : known.base;
                  }
                  notices.push({
                    id: entry.id,
                    owner_id: ownerId,
                    table: entry.table,
                    row_id: entry.row_id,
                    reason: result.reason,
                    mine:
                      result.reason === 'field'
                        ? pick(entry.fields, contested)
                        : result.reason === 'deleted'
                          ? { ...entry.fields }
                          : {},
                    theirs: { ...result.server },
                    server_version: result.version,
                    created_at: at,
                  });
                  break;
                }
                case 'rejected': {
                  known.refused = true;
                  const { seq: _seq, ...mutation } = toMutation(entry);
                  dead.push({
                    ...mutation,
                    owner_id: ownerId,
                    code: result.code,
                    message: result.message ?? null,
                    reason: typeof result.reason === 'string' ? result.reason : null,
                    field: typeof result.field === 'string' ? result.field : null,
                    created_at: at,
                  });
                  break;
                }
              }
              answered.push(entry.seq!);
            }
            await deleteAnswered(db, answered, span);
            if (notices.length) await keepNotices(db, notices);
            if (dead.length) await db.dead_letters.bulkPut(dead);
            await settleRows(db, bases);
          },
        ),
      );
    },

    async getCursor(table: SyncTable): Promise<Cursor> {
      const entry = await db.sync_state.get(cursorKey(ownerId, table));
      return (entry?.value as Cursor | undefined) ?? START_CURSOR;
    },

    /**
     * Applies a page of server rows. A row this device cannot read is kept aside (quarantine) and
     * gone past: the checkpoint moves to the page's last row, so one bad row never stalls the pull.
     * Only a row whose position (sync_version, id) is unreadable stops the page there.
     */
    async applyPullPage(table: SyncTable, rows: Row[]): Promise<PullApplyResult> {
      const owner = OWNER_COLUMN[table];
      const valid: Row[] = [];
      const aside: QuarantinedRow[] = [];
      let invalid: PullApplyResult['invalid'] = null;
      let last: Cursor | null = null;
      const at = nowIso();
      for (let i = 0; i < rows.length; i++) {
        const raw = rows[i];
        const position = positionOf(raw);
        if (!position) {
          invalid = { index: i, message: 'unreadable position (sync_version, id)' };
          break;
        }
        last = position;
        const parsed = parseRow(table, raw);
        if (parsed.ok && parsed.row[owner] === ownerId) {
          valid.push(parsed.row);
          continue;
        }
        const mine = (raw as Row)[owner] === ownerId;
        aside.push({
          table,
          id: position.id,
          owner_id: ownerId,
          row: mine ? raw : null,
          message: parsed.ok ? 'row of another owner' : parsed.message,
          sync_version: position.version,
          created_at: at,
        });
      }
      const tbl = db.synced(table);
      return guardQuota(() =>
        db.transaction(
          'rw',
          [tbl, db.outbox, db.server_rows, db.sync_state, db.quarantine],
          async () => {
            let cursor: Cursor;
            if (last === null) {
              const prev = await db.sync_state.get(cursorKey(ownerId, table));
              cursor = (prev?.value as Cursor | undefined) ?? START_CURSOR;
            } else {
              await writeServerRows(db, ownerId, table, valid);
              // A readable version supersedes a quarantined one.
              const kept = await db.quarantine
                .where('[table+id]')
                .between([table, ''], [table, '\uffff'])
                .primaryKeys();
              if (kept.length > 0) {
                const readable = new Set(valid.map((r) => String(r.id)));
                const gone = kept.filter(([, id]) => readable.has(id));
                if (gone.length > 0) await db.quarantine.bulkDelete(gone);
              }
              if (aside.length > 0) await db.quarantine.bulkPut(aside);
              cursor = last;
              await db.sync_state.put({ key: cursorKey(ownerId, table), value: cursor });
            }
            return { applied: valid.length, quarantined: aside.length, cursor, invalid };
          },
        ),
      );
    },

    /** Reads the quarantined rows again; applies those this version reads (newer than local). */
    async rereadQuarantine(): Promise<void> {
      const entries = await db.quarantine.where('owner_id').equals(ownerId).toArray();
      const byTable = new Map<SyncTable, { rows: Row[]; keys: [SyncTable, string][] }>();
      for (const e of entries) {
        const parsed = e.row === null ? null : parseRow(e.table, e.row);
        if (!parsed?.ok || parsed.row[OWNER_COLUMN[e.table]] !== ownerId) continue;
        const group = byTable.get(e.table) ?? { rows: [], keys: [] };
        group.rows.push(parsed.row);
        group.keys.push([e.table, e.id]);
        byTable.set(e.table, group);
      }
      for (const [table, { rows, keys }] of byTable) {
        const tbl = db.synced(table);
        await guardQuota(() =>
          db.transaction('rw', [tbl, db.outbox, db.server_rows, db.quarantine], async () => {
            const current = await tbl.bulkGet(rows.map((r) => String(r.id)));
            const newer = rows.filter(
              (r, i) => Number(current[i]?.sync_version ?? 0) < Number(r.sync_version),
            );
            await writeServerRows(db, ownerId, table, newer);
            await db.quarantine.bulkDelete(keys);
          }),
        );
      }
    },

    async saveStatus(status: unknown): Promise<void> {
      await db.sync_state.put({ key: statusKey(ownerId), value: status });
    },

    /** The persisted status; only a numeric lastSyncAt is trusted from it. */
    async loadStatus(): Promise<{ lastSyncAt: number } | null> {
      const entry = await db.sync_state.get(statusKey(ownerId));
      const value = entry?.value as { lastSyncAt?: unknown } | undefined;
      return typeof value?.lastSyncAt === 'number' && Number.isFinite(value.lastSyncAt)
        ? { lastSyncAt: value.lastSyncAt }
        : null;
    },

    /** Calls listener when the owner's outbox grows (a local write in any tab). */
    subscribeOutbox(listener: () => void): () => void {
      // The highest outbox seq only grows with new writes (answers remove entries).
      let last: number | null = null;
      const sub = liveQuery(async () =>
        Number((await db.outbox.orderBy(':id').lastKey()) ?? 0),
      ).subscribe({
        next: (seq) => {
          const grew = last !== null && seq > last;
          last = last === null ? seq : Math.max(last, seq);
          if (grew) listener();
        },
        error: () => undefined,
      });
      return () => sub.unsubscribe();
    },
  };
}

export type ReplicaStore = ReturnType<typeof createReplicaStore>;
