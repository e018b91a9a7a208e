// The sync badges of a whole table in one live query (issue 29): a list that renders every row
// (the training plan, printable and searchable) must not open one live query per row as
// useRowSyncState does. Only the index keys are read (no values).
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalDb } from '../context';
import type { SyncTable } from '../meta';
import type { RowSyncState } from './sync';

export type TableSyncStates = ReadonlyMap<string, Exclude<RowSyncState, 'synced'>>;

const EMPTY: TableSyncStates = new Map();

/**
 * The rows of `table` that are not simply synced: refused (dead letter) > conflict > pending, by
 * row id. A row missing from the map is synced. undefined while loading.
 */
export function useTableSyncStates(table: SyncTable): TableSyncStates | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    const range = (t: typeof db.outbox | typeof db.conflicts | typeof db.dead_letters) =>
      t.where('[table+row_id]').between([table, ''], [table, '\uffff'], true, true).keys();
    const pending = await range(db.outbox);
    const conflicts = await range(db.conflicts);
    const refused = await range(db.dead_letters);
    if (pending.length + conflicts.length + refused.length === 0) return EMPTY;
    const states = new Map<string, Exclude<RowSyncState, 'synced'>>();
    const rowOf = (key: unknown) => (Array.isArray(key) ? String(key[1]) : '');
    for (const key of pending) states.set(rowOf(key), 'pending');
    for (const key of conflicts) states.set(rowOf(key), 'conflict');
    for (const key of refused) states.set(rowOf(key), 'refused');
    return states;
  }, [db, table]);
}

/**
 * One row of a replicated table as the device keeps it, soft-deleted or not (a conflict notice
 * names the record it is about). null when the device has none; undefined while loading.
 */
export function useSyncedRow(
  table: SyncTable,
  rowId: string,
): Record<string, unknown> | null | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () =>
      ((await db.synced(table).get(rowId)) as Record<string, unknown> | undefined) ?? null,
    [db, table, rowId],
  );
}
