// Live queries about replication: pending changes, conflict notices, dead letters, the status the
// sync leader persisted, per-row badges.
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalDb } from '../context';
import type { ConflictNotice, DeadLetter, QuarantinedRow } from '../database';
import type { SyncTable } from '../meta';
import { statusKey } from '../replica';

type Owner = string | null | undefined;

export function usePendingCount(ownerId: Owner): number | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    () => (ownerId ? db.outbox.where('owner_id').equals(ownerId).count() : 0),
    [db, ownerId],
  );
}

export function useConflicts(ownerId: Owner): ConflictNotice[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    () => (ownerId ? db.conflicts.where('owner_id').equals(ownerId).sortBy('created_at') : []),
    [db, ownerId],
  );
}

export function useDeadLetters(ownerId: Owner): DeadLetter[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    () => (ownerId ? db.dead_letters.where('owner_id').equals(ownerId).sortBy('created_at') : []),
    [db, ownerId],
  );
}

/** Pulled rows this device could not read, kept aside (oldest first). */
export function useQuarantine(ownerId: Owner): QuarantinedRow[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    () => (ownerId ? db.quarantine.where('owner_id').equals(ownerId).sortBy('created_at') : []),
    [db, ownerId],
  );
}

/** The status persisted by the sync leader (any tab), or null before the first sync. */
export function usePersistedSyncStatus(ownerId: Owner): unknown {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (ownerId ? ((await db.sync_state.get(statusKey(ownerId)))?.value ?? null) : null),
    [db, ownerId],
  );
}

export type RowSyncState = 'synced' | 'pending' | 'conflict' | 'refused';

/** A badge for one row: refused (dead letter) > conflict > pending > synced. */
export function useRowSyncState(
  table: SyncTable,
  rowId: string | undefined,
): RowSyncState | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    if (!rowId) return 'synced';
    const key: [SyncTable, string] = [table, rowId];
    if ((await db.dead_letters.where('[table+row_id]').equals(key).count()) > 0) return 'refused';
    if ((await db.conflicts.where('[table+row_id]').equals(key).count()) > 0) return 'conflict';
    if ((await db.outbox.where('[table+row_id]').equals(key).count()) > 0) return 'pending';
    return 'synced';
  }, [db, table, rowId]);
}
