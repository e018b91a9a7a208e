import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useLocalDb } from '@/db';
import { signOutEverywhere } from '@/lib/auth';
import { useCurrentCompanyStore } from '@/lib/current-company';
import {
  clearLocalUserData,
  syncBeforeSignOut,
  unsyncedSummary,
  type UnsyncedSummary,
} from '@/lib/sync';
import { fr } from '@/i18n/fr';
import { markIntentionalSignOut, stopCurrentSync, useSyncController } from './sync-controller';

export type SignOutFlow = {
  /** What would be lost: the warning dialog is open while this is set. */
  warning: UnsyncedSummary | null;
  busy: 'sync' | 'sign-out' | null;
  request: () => Promise<void>;
  syncThenSignOut: () => Promise<void>;
  signOutAnyway: () => Promise<void>;
  cancel: () => void;
};

const hasUnsynced = (s: UnsyncedSummary) => s.pending + s.conflicts + s.deadLetters > 0;

/**
 * 'Se déconnecter' (02 §4, §8; issue 4): with unsynchronised changes, warn and offer to sync
 * first; then stop the engine, sign out, clear this user's local data and all local storage, and
 * go to /login. A failed sign-out says so ('Une erreur est survenue lors de la déconnexion'); the
 * local data is cleared and /login shown all the same.
 */
export function useSignOutFlow(userId: string): SignOutFlow {
  const db = useLocalDb();
  const navigate = useNavigate();
  const [warning, setWarning] = useState<UnsyncedSummary | null>(null);
  const [busy, setBusy] = useState<SignOutFlow['busy']>(null);

  const signOutNow = useCallback(async () => {
    setBusy('sign-out');
    markIntentionalSignOut();
    await stopCurrentSync();
    const result = await signOutEverywhere(() =>
      clearLocalUserData(db, userId).catch((e: unknown) => console.error(e)),
    );
    useCurrentCompanyStore.getState().select(null);
    setWarning(null);
    setBusy(null);
    if (!result.ok) toast.error(fr.auth.logout.error);
    navigate('/login', { replace: true });
  }, [db, userId, navigate]);

  const request = useCallback(async () => {
    let summary: UnsyncedSummary = { pending: 0, conflicts: 0, deadLetters: 0 };
    try {
      summary = await unsyncedSummary(db, userId);
    } catch (error) {
      console.error(error);
    }
    if (hasUnsynced(summary)) setWarning(summary);
    else await signOutNow();
  }, [db, userId, signOutNow]);

  const syncThenSignOut = useCallback(async () => {
    const handle = useSyncController.getState().handle;
    setBusy('sync');
    let ok = false;
    if (handle && navigator.onLine) {
      try {
        ok = (await syncBeforeSignOut(handle, db)).ok;
      } catch (error) {
        console.error(error);
      }
    }
    if (ok) {
      await signOutNow();
      return;
    }
    setBusy(null);
    toast.error(
      navigator.onLine
        ? fr.sync.signOut.syncFailed
        : `${fr.sync.signOut.syncFailed} ${fr.shell.signOut.offline}`,
    );
    setWarning(await unsyncedSummary(db, userId).catch(() => warning));
  }, [db, userId, signOutNow, warning]);

  return {
    warning,
    busy,
    request,
    syncThenSignOut,
    signOutAnyway: signOutNow,
    cancel: () => setWarning(null),
  };
}
