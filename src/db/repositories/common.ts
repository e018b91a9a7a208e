// Shared pieces of the repositories: live (not soft-deleted) rows of an owner, newest first, and
// the generic create / update / soft-delete of one row.
import type { LocalDb } from '../database';
import { OWNER_COLUMN, type Row, type SyncTable } from '../meta';
import type { RowOf } from '../rows';
import { applyLocalChanges, newId, type WriteOptions } from '../write';

/** Index [owner+created_at] of each table (profiles are read by id). */
const OWNER_CREATED_INDEX: Partial<Record<SyncTable, string>> = {
  simulations: '[profile_id+created_at]',
  survey_responses: '[profile_id+created_at]',
  training_employees: '[company_id+created_at]',
  training_requests: '[company_id+created_at]',
  team_surveys: '[company_id+created_at]',
  referrals: '[referrer_id+created_at]',
  opco_confirmations: '[profile_id+created_at]',
};

/** The owner's live rows of a table, newest first. */
export async function liveRows<T extends SyncTable>(
  db: LocalDb,
  table: T,
  ownerId: string,
): Promise<RowOf[T][]> {
  const index = OWNER_CREATED_INDEX[table];
  const tbl = db.synced(table);
  let rows: Row[];
  // A plain forward key range: Dexie reads it with one getAll(). A `.reverse()` or a `.filter()`
  // walks a cursor instead, one IndexedDB round trip per row (the plan's 5,000 requests: most of
  // its first render). Newest first and the tombstones left out here, in memory.
  if (index) {
    rows = (await tbl.where(index).between([ownerId, ''], [ownerId, '\uffff']).toArray())
      .filter((r) => !r.deleted_at)
      .reverse();
  } else {
    rows = (await tbl.where(OWNER_COLUMN[table]).equals(ownerId).toArray())
      .filter((r) => !r.deleted_at)
      .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
  }
  return rows as unknown as RowOf[T][];
}

/** One live row of the owner, or undefined. */
export async function liveRow<T extends SyncTable>(
  db: LocalDb,
  table: T,
  ownerId: string,
  id: string,
): Promise<RowOf[T] | undefined> {
  const row = await db.synced(table).get(id);
  if (!row || row.deleted_at || row[OWNER_COLUMN[table]] !== ownerId) return undefined;
  return row as unknown as RowOf[T];
}

export type RowRepository = ReturnType<typeof rowRepository>;

/** Generic writes on any replicated table (the domain repositories build on these). */
export function rowRepository(db: LocalDb, opts: WriteOptions = {}) {
  return {
    /** Creates a row (id generated unless given); returns its id. */
    async insertRow<T extends SyncTable>(
      ownerId: string,
      table: T,
      fields: Partial<RowOf[T]> & Row,
    ): Promise<string> {
      const rowId = typeof fields.id === 'string' ? fields.id : newId();
      await applyLocalChanges(db, ownerId, [{ table, op: 'insert', rowId, fields }], opts);
      return rowId;
    },
    /** Changes some columns; only those that differ become a mutation. */
    async updateRow<T extends SyncTable>(
      ownerId: string,
      table: T,
      rowId: string,
      patch: Partial<RowOf[T]> & Row,
    ): Promise<void> {
      await applyLocalChanges(db, ownerId, [{ table, op: 'update', rowId, fields: patch }], opts);
    },
    /** Soft delete (deleted_at), replicated like any change. */
    async softDeleteRow(ownerId: string, table: SyncTable, rowId: string): Promise<void> {
      await applyLocalChanges(db, ownerId, [{ table, op: 'delete', rowId }], opts);
    },
  };
}
