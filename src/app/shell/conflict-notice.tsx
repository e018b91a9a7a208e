import { useState } from 'react';
import { syncValueText } from '@/domain/shell-rules';
import { useRepositories, type ConflictNotice } from '@/db';
import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';
import { fieldLabel, toastLocalError } from './issue-errors';

type Props = { notice: ConflictNotice; ownerId: string };

function describe(notice: ConflictNotice): string {
  const thing = fr.sync.things[notice.table];
  if (notice.reason === 'field') return fr.sync.conflicts.field(thing);
  if (notice.reason === 'deleted') return fr.sync.conflicts.deleted(thing);
  return fr.sync.conflicts.deleteOverEdit(thing);
}

function Value({ value }: { value: unknown }) {
  const text = syncValueText(value);
  return text === null ? <span className="muted">{fr.shell.sync.empty}</span> : <>{text}</>;
}

/**
 * A conflict notice (issue 4): what happened in French, the value kept and mine (kept here),
 * 'Garder cette version' / 'Rétablir ma version' (or confirm / restore a deletion).
 */
export function ConflictNoticeItem({ notice, ownerId }: Props) {
  const repos = useRepositories();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toastLocalError(error);
      setBusy(false);
    }
  };
  const names =
    notice.reason === 'delete_over_edit'
      ? Object.keys(notice.theirs).filter((k) => k !== 'deleted_at')
      : Object.keys(notice.mine).filter((k) => k !== 'deleted_at');
  const showTheirs = notice.reason !== 'deleted';
  const showMine = notice.reason !== 'delete_over_edit';
  const isDeletion = notice.reason !== 'field';
  return (
    <li className="sync-issue" data-testid="conflict-notice">
      <p>{describe(notice)}</p>
      {names.length > 0 ? (
        <table className="sync-issue-table">
          <thead>
            <tr>
              <td />
              {showTheirs ? (
                <th scope="col">
                  {notice.reason === 'delete_over_edit'
                    ? fr.shell.sync.otherDevice
                    : fr.sync.conflicts.theirs}
                </th>
              ) : null}
              {showMine ? <th scope="col">{fr.sync.conflicts.mine}</th> : null}
            </tr>
          </thead>
          <tbody>
            {names.map((name) => (
              <tr key={name}>
                <th scope="row">{fieldLabel(name)}</th>
                {showTheirs ? (
                  <td>
                    <Value value={notice.theirs[name]} />
                  </td>
                ) : null}
                {showMine ? (
                  <td>
                    <Value value={notice.mine[name]} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="row">
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => void run(() => repos.acceptConflict(ownerId, notice.id))}
        >
          {isDeletion ? fr.sync.conflicts.acceptDeletion : fr.sync.conflicts.accept}
        </Button>
        <Button
          size="sm"
          disabled={busy}
          onClick={() => void run(() => repos.restoreMine(ownerId, notice.id))}
        >
          {notice.reason === 'delete_over_edit'
            ? fr.sync.conflicts.restore
            : fr.sync.conflicts.restoreMine}
        </Button>
      </div>
    </li>
  );
}
