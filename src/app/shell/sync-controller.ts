// Runs the sync engine of the signed-in user (one at a time) and keeps what the shell needs from
// it: the handle (sync now, sign-out) and the "sign in again" prompt when the session cannot be
// renewed. Starts and stops are chained, so a stop always finishes before the next start (React
// StrictMode and user changes start and stop in quick succession, and SyncHandle.stop is async).
import { create } from 'zustand';
import { getSupabase } from '@/lib/supabase';
import { refreshOnlyWhileReachable } from '@/lib/sync/auth-refresh';
import type { SyncHandle } from '@/lib/sync';

export type SyncStarter = (userId: string, onUnauthorized: () => void) => Promise<SyncHandle>;

type SyncControllerState = {
  handle: SyncHandle | null;
  /** The user whose session expired (pending changes kept): the shell asks them to sign in again. */
  expiredUserId: string | null;
};

export const useSyncController = create<SyncControllerState>(() => ({
  handle: null,
  expiredUserId: null,
}));

/** The production starter: loads the engine lazily (it brings supabase-js) and wires the session. */
export const defaultSyncStarter: SyncStarter = async (userId, onUnauthorized) => {
  const { startSync, supabaseSessionBridge } = await import('@/lib/sync/start-sync');
  // No doomed token refresh while offline: its failure would hold the first push after `online`.
  refreshOnlyWhileReachable((await getSupabase()).auth, window);
  return startSync({
    userId,
    ...supabaseSessionBridge(getSupabase),
    onUnauthorized,
    // Change signals (« En direct ») on the app's own client: its session is Realtime's token.
    realtimeClient: getSupabase,
  });
};

let intentionalSignOut = false;

/** The user chose to sign out (not an expired session): no "sign in again" prompt follows. */
export function markIntentionalSignOut(): void {
  intentionalSignOut = true;
}

/** True once after markIntentionalSignOut. */
export function consumeIntentionalSignOut(): boolean {
  const was = intentionalSignOut;
  intentionalSignOut = false;
  return was;
}

let chain: Promise<void> = Promise.resolve();
const stoppedHandles = new WeakSet<SyncHandle>();

async function stopHandle(h: SyncHandle): Promise<void> {
  if (stoppedHandles.has(h)) return;
  stoppedHandles.add(h);
  if (useSyncController.getState().handle === h) useSyncController.setState({ handle: null });
  await h.stop();
}

function enqueue(step: () => Promise<void>): Promise<void> {
  chain = chain.then(step).catch((error: unknown) => console.error(error));
  return chain;
}

/**
 * Starts replication for a user; returns the stop function. When the engine cannot be loaded
 * (offline before its code was cached), it is started again at the next `online` event.
 */
export function runUserSync(
  userId: string,
  starter: SyncStarter = defaultSyncStarter,
): () => Promise<void> {
  let stopped = false;
  let handle: SyncHandle | null = null;
  let retryOnline: (() => void) | null = null;

  const start = () =>
    enqueue(async () => {
      if (stopped) return;
      useSyncController.setState((s) => ({
        expiredUserId: s.expiredUserId === userId ? null : s.expiredUserId,
      }));
      try {
        handle = await starter(userId, () => useSyncController.setState({ expiredUserId: userId }));
      } catch (error) {
        console.error(error);
        retryOnline = () => {
          retryOnline = null;
          void start();
        };
        window.addEventListener('online', retryOnline, { once: true });
        return;
      }
      if (stopped) {
        await stopHandle(handle);
        handle = null;
        return;
      }
      useSyncController.setState({ handle });
    });

  void start();
  return () => {
    stopped = true;
    if (retryOnline) window.removeEventListener('online', retryOnline);
    return enqueue(async () => {
      if (!handle) return;
      const h = handle;
      handle = null;
      await stopHandle(h);
    });
  };
}

/** Stops the running engine now (before signing out and clearing the local data). */
export async function stopCurrentSync(): Promise<void> {
  await enqueue(async () => {
    const h = useSyncController.getState().handle;
    if (h) await stopHandle(h);
  });
}
