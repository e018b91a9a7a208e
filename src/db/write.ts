// The one local write path: each change updates the row and appends its outbox mutation in the
// same Dexie transaction (several changes of one user action share one transaction), so a change
// is either fully recorded or not at all (a full disk leaves nothing half-written).
import type { Table } from 'dexie';
import type { LocalDb } from './database';
import { guardQuota, LocalStoreError } from './errors';
import {
  IMMUTABLE,
  OWNER_COLUMN,
  SERVER_MAINTAINED,
  sameValue,
  type MutationOp,
  type Row,
  type SyncTable,
} from './meta';

export type LocalChange = {
  table: SyncTable;
  op: MutationOp;
  rowId: string;
  /** insert: the row's columns; update: the new values; delete: ignored. */
  fields?: Row;
  /** Base version when it is newer than the local row's (restoring after a conflict). */
  baseVersion?: number;
};

export type WriteOptions = { now?: () => Date; newId?: () => string };

const WRITABLE: Record<SyncTable, readonly MutationOp[]> = {
  profiles: ['update'],
  simulations: ['insert', 'update', 'delete'],
  survey_responses: ['insert', 'update', 'delete'],
  training_employees: ['insert', 'update', 'delete'],
  training_requests: ['insert', 'update', 'delete'],
  team_surveys: ['insert', 'update', 'delete'],
  team_survey_responses: ['update', 'delete'],
  referrals: [],
  opco_confirmations: ['insert', 'update', 'delete'],
};

export function newId(): string {
  return crypto.randomUUID();
}

/** A read-write transaction whose full-disk failure (at any write or at commit) becomes 'quota'. */
export function rwTransaction<T>(
  db: LocalDb,
  tables: readonly Table[],
  fn: () => Promise<T>,
): Promise<T> {
  return guardQuota(() => db.transaction('rw', tables, fn));
}

/** Tables touched by a write (replicated tables + outbox + shadows). */
function scope(db: LocalDb, changes: readonly LocalChange[]) {
  const tables = [...new Set(changes.map((c) => c.table))].map((t) => db.synced(t));
  return [...tables, db.outbox, db.server_rows];
}

/**
 * Applies changes of the signed-in owner. Returns the ids of the mutations appended (a change that
 * changes nothing appends nothing). Runs inside the caller's transaction when there is one that
 * covers the tables.
 */
export async function applyLocalChanges(
  db: LocalDb,
  ownerId: string,
  changes: readonly LocalChange[],
  opts: WriteOptions = {},
): Promise<string[]> {
  if (changes.length === 0) return [];
  const now = (opts.now ?? (() => new Date()))().toISOString();
  const mkId = opts.newId ?? newId;
  return guardQuota(() =>
    db.transaction('rw', scope(db, changes), async () => {
      const ids: string[] = [];
      for (const change of changes) {
        const id = await applyOne(db, ownerId, change, now, mkId);
        if (id) ids.push(id);
      }
      return ids;
    }),
  );
}

async function applyOne(
  db: LocalDb,
  ownerId: string,
  change: LocalChange,
  now: string,
  mkId: () => string,
): Promise<string | null> {
  const { table, op, rowId } = change;
  if (!WRITABLE[table].includes(op)) throw new LocalStoreError('read_only', `${op} on ${table}`);
  const owner = OWNER_COLUMN[table];
  const tbl = db.synced(table);
  const current = (await tbl.get(rowId)) ?? null;
  if (current && current[owner] !== ownerId)
    throw new LocalStoreError('not_found', `${table} ${rowId}`);

  let fields: Row;
  let next: Row;
  if (op === 'insert') {
    if (current) throw new LocalStoreError('exists', `${table} ${rowId}`);
    fields = { deleted_at: null, created_at: now };
    for (const [k, v] of Object.entries(change.fields ?? {})) {
      if (!SERVER_MAINTAINED.has(k) && v !== undefined) fields[k] = v;
    }
    fields.id = rowId;
    fields[owner] = ownerId;
    next = {
      ...fields,
      updated_at: now,
      sync_version: 0,
      ...(table === 'simulations' ? { update_count: 0 } : {}),
    };
  } else if (op === 'update') {
    if (!current) throw new LocalStoreError('not_found', `${table} ${rowId}`);
    fields = {};
    for (const [k, v] of Object.entries(change.fields ?? {})) {
      if (SERVER_MAINTAINED.has(k) || IMMUTABLE.has(k) || v === undefined) continue;
      if (!sameValue(current[k], v)) fields[k] = v;
    }
    if (Object.keys(fields).length === 0) return null;
    next = { ...current, ...fields, updated_at: now };
  } else {
    if (!current) throw new LocalStoreError('not_found', `${table} ${rowId}`);
    if (current.deleted_at) return null;
    fields = { deleted_at: now };
    next = { ...current, ...fields, updated_at: now };
  }

  // Keep the last known server state of the row while it has pending changes (to re-apply them on
  // top of pulled rows and to roll back a refused change).
  const pending = await db.outbox.where('[table+row_id]').equals([table, rowId]).count();
  if (pending === 0) await db.server_rows.put({ table, id: rowId, row: current });

  await tbl.put(next);
  const id = mkId();
  await db.outbox.add({
    id,
    owner_id: ownerId,
    table,
    op,
    row_id: rowId,
    fields,
    base_version: Math.max(Number(current?.sync_version ?? 0), change.baseVersion ?? 0),
    created_at: now,
  });
  return id;
}
