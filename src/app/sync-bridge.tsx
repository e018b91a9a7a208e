// Connects the signed-in user to the sync engine: starts replication when a user is signed in,
// stops it on sign-out or user change, shows the "sign in again" prompt, and turns a full disk
// (QuotaExceededError) anywhere in the app into a clear French message.
import { useEffect } from 'react';
import { toast } from 'sonner';
import { useAuth } from '@/lib/auth';
import { isQuotaError } from '@/db';
import { fr } from '@/i18n/fr';
import { defaultSyncStarter, runUserSync, type SyncStarter } from './shell/sync-controller';
import { SessionExpiredBanner } from './shell/session-expired-banner';

import { QUOTA_TOAST_ID } from './shell/use-issue-toasts';

function useQuotaMessages() {
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isQuotaError(event.reason)) toast.error(fr.sync.localErrors.quota, { id: QUOTA_TOAST_ID });
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
}

export function SyncBridge({ starter = defaultSyncStarter }: { starter?: SyncStarter }) {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
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
