import { useStore } from 'zustand';
import { useConflicts, useDeadLetters, usePendingCount, usePersistedSyncStatus } from '@/db';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { deriveSyncView, syncStatusStore, type SyncStatusView } from '@/lib/sync';

type StatusInput = Parameters<typeof deriveSyncView>[0]['status'];

/**
 * The sync status of the signed-in user. Like useSyncStatus (src/lib/sync), but bound to the user
 * from the first render: the counts are right before the engine (loaded lazily) is attached, and
 * stay right if it cannot load (offline before its code was cached). 'Synchronisé' is only said
 * after a first complete sync; a stale 'offline' of the last session is not shown while online.
 */
export function useShellSyncStatus(userId: string): SyncStatusView {
  const attached = useStore(syncStatusStore, (s) => s.userId);
  const engine = useStore(syncStatusStore, (s) => s.engine);
  const pending = usePendingCount(userId) ?? 0;
  const conflicts = useConflicts(userId)?.length ?? 0;
  const deadLetters = useDeadLetters(userId)?.length ?? 0;
  const persisted = usePersistedSyncStatus(userId) as StatusInput | undefined;
  const online = useOnlineStatus();
  const leader = attached === userId && (engine?.leader ?? false);
  // Until this tab's engine runs, an 'offline' the last session persisted is stale while the
  // browser says it is online: the first cycle will tell, and « Hors ligne » is not flashed.
  const stale = attached !== userId && online && persisted?.phase === 'offline';
  const view = deriveSyncView({
    status: leader
      ? engine
      : stale
        ? { ...persisted, phase: 'syncing', error: null }
        : (persisted ?? null),
    leader,
    pending,
    conflicts,
    deadLetters,
    online,
  });
  // Before a first complete sync on this device, nothing says the data is up to date.
  return view.state === 'synced' && view.lastSyncAt === null
    ? { ...view, state: 'syncing', live: false }
    : view;
}
