// Sign-out with pending changes: warn, offer to sync first, then clear the user's local data.
import type { LocalDb } from '@/db';
import { SYNC_TABLES, OWNER_COLUMN } from '@/db';
import { settingsDraftKey } from '@/domain/settings-rules';
import type { SyncHandle } from './start-sync';

export type UnsyncedSummary = { pending: number; conflicts: number; deadLetters: number };

/** What would be lost by signing out now (show fr.sync.signOut.pendingText when pending > 0). */
export async function unsyncedSummary(db: LocalDb, userId: string): Promise<UnsyncedSummary> {
  const [pending, conflicts, deadLetters] = await Promise.all([
    db.outbox.where('owner_id').equals(userId).count(),
    db.conflicts.where('owner_id').equals(userId).count(),
    db.dead_letters.where('owner_id').equals(userId).count(),
  ]);
  return { pending, conflicts, deadLetters };
}

/** "Sync first": one full cycle; ok when nothing is left to send. */
export async function syncBeforeSignOut(
  handle: SyncHandle,
  db: LocalDb,
): Promise<{ ok: boolean; pending: number }> {
  await handle.syncNow();
  const pending = await db.outbox.where('owner_id').equals(handle.userId).count();
  return { ok: pending === 0, pending };
}

/** Removes the user's replicated rows and sync bookkeeping from this device (after sign-out). */
export async function clearLocalUserData(db: LocalDb, userId: string): Promise<void> {
  const tables = SYNC_TABLES.map((t) => db.synced(t));
  await db.transaction(
    'rw',
    [
      ...tables,
      db.outbox,
      db.server_rows,
      db.conflicts,
      db.dead_letters,
      db.quarantine,
      db.sync_state,
      db.reference_cache,
    ],
    async () => {
      for (const t of SYNC_TABLES) {
        const tbl = db.synced(t);
        const ids = (await tbl.toArray())
          .filter((r) => r[OWNER_COLUMN[t]] === userId)
          .map((r) => String(r.id));
        await tbl.bulkDelete(ids);
        await db.server_rows
          .where('table')
          .equals(t)
          .filter((s) => ids.includes(s.id))
          .delete();
      }
      await db.outbox.where('owner_id').equals(userId).delete();
      await db.conflicts.where('owner_id').equals(userId).delete();
      await db.dead_letters.where('owner_id').equals(userId).delete();
      await db.quarantine.where('owner_id').equals(userId).delete();
      await db.sync_state.filter((s) => s.key.startsWith(`${userId}:`)).delete();
      // What the user typed in the settings and did not save (never a password).
      await db.reference_cache.delete(settingsDraftKey(userId));
    },
  );
}
