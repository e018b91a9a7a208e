// The sync status for the UI. The leader tab's engine reports its status here; every tab (leader
// or not) also reads what the leader persisted in IndexedDB and the live outbox count, so all tabs
// show the same thing.
import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import {
  useConflicts,
  useDeadLetters,
  usePendingCount,
  usePersistedSyncStatus,
  type LocalDb,
} from '@/db';
import { fr } from '@/i18n/fr';
import type { PersistedSyncStatus, SyncErrorCode, SyncProgress, SyncStatus } from '../../../sync';

type StatusState = {
  userId: string | null;
  db: LocalDb | null;
  engine: SyncStatus | null;
  attach(userId: string, db: LocalDb): void;
  detach(): void;
  setEngineStatus(status: SyncStatus): void;
};

export const syncStatusStore = createStore<StatusState>((set) => ({
  userId: null,
  db: null,
  engine: null,
  attach: (userId, db) => set({ userId, db, engine: null }),
  detach: () => set({ userId: null, db: null, engine: null }),
  setEngineStatus: (engine) => set({ engine }),
}));

export type SyncState = 'synced' | 'pending' | 'syncing' | 'offline' | 'error' | 'auth_required';

export type SyncStatusView = {
  state: SyncState;
  pending: number;
  conflicts: number;
  deadLetters: number;
  lastSyncAt: number | null;
  error: SyncErrorCode | null;
  nextRetryAt: number | null;
  progress: SyncProgress | null;
  /** This tab runs the engine. */
  leader: boolean;
  /** Changes made elsewhere arrive as they happen (the engine's change signals are joined). */
  live: boolean;
};

function subscribeOnline(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

/** Pure: the view from the engine (leader) or persisted status, the counts and connectivity. */
export function deriveSyncView(input: {
  status: Partial<PersistedSyncStatus> | null;
  leader: boolean;
  pending: number;
  conflicts: number;
  deadLetters: number;
  online: boolean;
}): SyncStatusView {
  const s = input.status ?? {};
  let state: SyncState;
  if (s.phase === 'auth_required') state = 'auth_required';
  else if (!input.online || s.phase === 'offline') state = 'offline';
  else if (s.phase === 'error') state = 'error';
  else if (s.phase === 'syncing') state = 'syncing';
  else if (input.pending > 0) state = 'pending';
  else state = 'synced';
  return {
    state,
    pending: input.pending,
    conflicts: input.conflicts,
    deadLetters: input.deadLetters,
    lastSyncAt: s.lastSyncAt ?? null,
    error: s.error ?? null,
    nextRetryAt: s.nextRetryAt ?? null,
    progress: s.progress ?? null,
    leader: input.leader,
    live: s.live === true && (state === 'synced' || state === 'syncing' || state === 'pending'),
  };
}

export function useSyncStatus(): SyncStatusView {
  const { userId, engine } = useStore(syncStatusStore);
  const pending = usePendingCount(userId) ?? 0;
  const conflicts = useConflicts(userId)?.length ?? 0;
  const deadLetters = useDeadLetters(userId)?.length ?? 0;
  const persisted = usePersistedSyncStatus(userId) as
    Partial<PersistedSyncStatus> | null | undefined;
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const leader = engine?.leader ?? false;
  return deriveSyncView({
    status: leader ? engine : (persisted ?? null),
    leader,
    pending,
    conflicts,
    deadLetters,
    online,
  });
}

/** The one-line French label of a status (e.g. 'Synchronisé', '3 modifications en attente'). */
export function describeSyncStatus(view: SyncStatusView): string {
  const t = fr.sync.status;
  switch (view.state) {
    case 'synced':
      return view.live ? t.live : t.synced;
    case 'pending':
      return t.pending(view.pending);
    case 'syncing':
      // Live, the short pulls that follow each change elsewhere do not flash « Synchronisation… ».
      return view.live ? t.live : t.syncing;
    case 'offline':
      return view.pending > 0 ? `${t.offline} · ${t.pending(view.pending)}` : t.offline;
    case 'auth_required':
      return t.authRequired;
    case 'error':
      return t.error;
  }
}

/** French text of an error code (details under the label). */
export function describeSyncError(code: SyncErrorCode | null): string | null {
  return code ? fr.sync.errors[code] : null;
}
