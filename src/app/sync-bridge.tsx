// Connects the signed-in user to the sync engine: starts replication when a user is signed in,
// stops it on sign-out or user change, shows the "sign in again" prompt, and turns a full disk
// (QuotaExceededError) anywhere in the app into a clear French message.
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { authStore, useAuth } from '@/lib/auth';
import { isQuotaError, useLocalDb } from '@/db';
import { unsyncedSummary } from '@/lib/sync';
import { fr } from '@/i18n/fr';
import {
  consumeIntentionalSignOut,
  defaultSyncStarter,
  runUserSync,
  useSyncController,
  type SyncStarter,
} from './shell/sync-controller';
import { SessionExpiredBanner } from './shell/session-expired-banner';

import { QUOTA_TOAST_ID } from './shell/use-issue-toasts';

function useQuotaMessages() {
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isQuotaError(event.reason))
        toast.error(fr.sync.localErrors.quota, { id: QUOTA_TOAST_ID });
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
}

/**
 * The session ended without the user signing out (supabase-js could not renew it and dropped it):
 * if this device still holds changes of theirs, ask them to sign in again — the changes are kept.
 */
function useLostSessionPrompt(userId: string | null) {
  const db = useLocalDb();
  // Starts from the last user of this page, not from whoever is signed in when this (lazily
  // loaded) bridge mounts: a session dropped just before it mounted is still noticed.
  const previous = useRef<string | null>(authStore.lastSignedInUserId());
  useEffect(() => {
    const before = previous.current;
    previous.current = userId;
    if (userId !== null || before === null) return;
    if (consumeIntentionalSignOut()) return;
    void unsyncedSummary(db, before)
      .then((s) => {
        if (s.pending + s.deadLetters + s.conflicts > 0)
          useSyncController.setState({ expiredUserId: before });
      })
      .catch((error: unknown) => console.error(error));
  }, [userId, db]);
}

export function SyncBridge({ starter = defaultSyncStarter }: { starter?: SyncStarter }) {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  useLostSessionPrompt(userId);
  useEffect(() => {
    if (!userId) return;
    const stop = runUserSync(userId, starter);
    return () => {
      void stop();
    };
  }, [userId, starter]);
  useQuotaMessages();
  return <SessionExpiredBanner />;
}
