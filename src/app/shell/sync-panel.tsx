import { useState } from 'react';
import { useConflicts, useDeadLetters, useQuarantine } from '@/db';
import {
  describeQuarantinedRow,
  describeSyncError,
  describeSyncStatus,
  type SyncStatusView,
} from '@/lib/sync';
import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ConflictNoticeItem } from './conflict-notice';
import { DeadLetterItem } from './dead-letter-item';
import { lastSyncLine, nextRetryLine, progressLine } from './sync-labels';
import { useSyncController } from './sync-controller';
import { useNow } from './use-now';
import { useReconnect } from './use-reconnect';

type Props = { open: boolean; onClose: () => void; view: SyncStatusView; ownerId: string };

/**
 * The sync details: status, error, last sync, 'Synchroniser maintenant', conflicts, refused changes,
 * and the pulled rows this device could not read (kept aside).
 */
export function SyncPanel({ open, onClose, view, ownerId }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title={fr.shell.sync.panelTitle} size="lg">
      <SyncPanelBody view={view} ownerId={ownerId} />
    </Dialog>
  );
}

function SyncPanelBody({ view, ownerId }: { view: SyncStatusView; ownerId: string }) {
  const now = useNow(15_000);
  const handle = useSyncController((s) => s.handle);
  const conflicts = useConflicts(ownerId);
  const deadLetters = useDeadLetters(ownerId);
  const quarantined = useQuarantine(ownerId);
  const reconnect = useReconnect();
  const [syncing, setSyncing] = useState(false);
  const error =
    view.state === 'error' || view.state === 'auth_required' || view.state === 'offline'
      ? describeSyncError(view.error)
      : null;
  const progress = progressLine(view);
  const retry = nextRetryLine(view.nextRetryAt, now);

  const syncNow = async () => {
    if (!handle) return;
    setSyncing(true);
    try {
      await handle.syncNow();
    } finally {
      setSyncing(false);
    }
  };

  return (
    <div className="sync-panel">
      <section className="sync-panel-status" aria-labelledby="sync-panel-state">
        <p id="sync-panel-state" className="sync-panel-state">
          {describeSyncStatus(view)}
        </p>
        {error ? <p>{error}</p> : null}
        <p className="muted">{lastSyncLine(view.lastSyncAt, now)}</p>
        {progress ? <p className="muted">{progress}</p> : null}
        {retry ? <p className="muted">{retry}</p> : null}
        {handle && !view.leader ? <p className="muted">{fr.shell.sync.notLeader}</p> : null}
        <div className="row">
          {view.state === 'auth_required' ? (
            <Button onClick={() => void reconnect()}>{fr.sync.status.signInAgain}</Button>
          ) : (
            <Button
              variant="secondary"
              loading={syncing}
              disabled={!handle || !view.leader || view.state === 'offline'}
              onClick={() => void syncNow()}
            >
              {fr.sync.status.syncNow}
            </Button>
          )}
        </div>
      </section>
      <section aria-labelledby="sync-panel-conflicts">
        <h3 id="sync-panel-conflicts" className="sync-panel-heading">
          {fr.sync.conflicts.title}
        </h3>
        {conflicts === undefined ? (
          <Spinner size={16} />
        ) : conflicts.length > 0 ? (
          <ul className="sync-issue-list">
            {conflicts.map((notice) => (
              <ConflictNoticeItem key={notice.id} notice={notice} ownerId={ownerId} />
            ))}
          </ul>
        ) : (
          <p className="muted">{fr.sync.conflicts.empty}</p>
        )}
      </section>
      <section aria-labelledby="sync-panel-refused">
        <h3 id="sync-panel-refused" className="sync-panel-heading">
          {fr.sync.deadLetters.title}
        </h3>
        {deadLetters === undefined ? (
          <Spinner size={16} />
        ) : deadLetters.length > 0 ? (
          <ul className="sync-issue-list">
            {deadLetters.map((letter) => (
              <DeadLetterItem key={letter.id} letter={letter} ownerId={ownerId} />
            ))}
          </ul>
        ) : (
          <p className="muted">{fr.sync.deadLetters.empty}</p>
        )}
      </section>
      {quarantined && quarantined.length > 0 ? (
        <section aria-labelledby="sync-panel-quarantine">
          <h3 id="sync-panel-quarantine" className="sync-panel-heading">
            {fr.sync.quarantine.title}
          </h3>
          <ul className="sync-issue-list">
            {quarantined.map((row) => (
              <li
                key={`${row.table}:${row.id}`}
                className="sync-issue"
                data-testid="quarantined-row"
              >
                <p>{describeQuarantinedRow(row)}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
