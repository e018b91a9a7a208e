import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { SyncStatusView } from '@/lib/sync';
import { fr } from '@/i18n/fr';

export const QUOTA_TOAST_ID = 'local-storage-quota';

/**
 * New conflict notices and refused changes are announced with a toast that opens the sync panel;
 * a full disk during sync gets its French message.
 */
export function useIssueToasts(view: SyncStatusView, openPanel: () => void): void {
  const previous = useRef<{ conflicts: number; deadLetters: number; error: string | null } | null>(
    null,
  );
  useEffect(() => {
    const p = previous.current ?? { conflicts: 0, deadLetters: 0, error: null };
    previous.current = {
      conflicts: view.conflicts,
      deadLetters: view.deadLetters,
      error: view.error,
    };
    const action = { label: fr.shell.sync.view, onClick: openPanel };
    if (view.conflicts > p.conflicts)
      toast.warning(fr.shell.sync.conflictToast, { id: 'sync-conflicts', action });
    if (view.deadLetters > p.deadLetters)
      toast.error(fr.shell.sync.deadLetterToast, { id: 'sync-dead-letters', action });
    if (view.error === 'quota' && p.error !== 'quota')
      toast.error(fr.sync.errors.quota, { id: QUOTA_TOAST_ID });
  }, [view.conflicts, view.deadLetters, view.error, openPanel]);
}
