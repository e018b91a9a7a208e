import { describeSyncStatus, type SyncStatusView } from '@/lib/sync';
import { fr } from '@/i18n/fr';
import { lastSyncLine, progressLine } from './sync-labels';
import { useNow } from './use-now';

type Props = {
  view: SyncStatusView;
  onOpen: () => void;
  /** Mobile header: the one-line status only. */
  compact?: boolean;
};

/** Announced to screen readers: only the states that ask something of the user. */
function announcement(view: SyncStatusView): string {
  return view.state === 'offline' || view.state === 'error' || view.state === 'auth_required'
    ? describeSyncStatus(view)
    : '';
}

/**
 * The sync status, always visible (sidebar footer on desktop, header on mobile): 'Synchronisé'
 * (« En direct » while changes from other devices arrive as they happen),
 * 'n modifications en attente', 'Hors ligne', 'Erreur de synchronisation', the last sync time,
 * the progress of a long pull, and how many conflicts or refused changes wait for the user.
 */
export function SyncStatus({ view, onOpen, compact = false }: Props) {
  const now = useNow();
  const issues = view.conflicts + view.deadLetters;
  const progress = progressLine(view);
  return (
    <div
      className={`sync-status sync-status-${view.state}${view.live ? ' sync-status-live' : ''}${compact ? ' sync-status-compact' : ''}`}
      data-testid="sync-status"
    >
      <button type="button" className="sync-status-button" onClick={onOpen} aria-haspopup="dialog">
        <span className="sync-status-dot" aria-hidden="true" />
        <span className="sync-status-label">{describeSyncStatus(view)}</span>
        {issues > 0 ? (
          <span className="sync-status-issues">{fr.shell.sync.toReview(issues)}</span>
        ) : null}
        <span className="visually-hidden">{` (${fr.shell.sync.openDetails})`}</span>
      </button>
      {compact ? null : (
        <>
          <p className="sync-status-meta">{lastSyncLine(view.lastSyncAt, now)}</p>
          {progress ? <p className="sync-status-meta">{progress}</p> : null}
        </>
      )}
      <span className="visually-hidden" role="status">
        {announcement(view)}
      </span>
    </div>
  );
}
