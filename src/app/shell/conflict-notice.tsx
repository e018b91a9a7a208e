import { useCallback, useState } from 'react';
import { employeeFullName } from '@/domain/training-plan-rules';
import { useRepositories, useSyncedRow, useTrainingEmployees, type ConflictNotice } from '@/db';
import { fr } from '@/i18n/fr';
import { describeConflict, describeSyncValue, recordName, type SyncValueContext } from '@/lib/sync';
import { Button } from '@/components/ui/button';
import { fieldLabel, toastLocalError } from './issue-errors';

type Props = { notice: ConflictNotice; ownerId: string };

type ValueProps = { notice: ConflictNotice; name: string; value: unknown; ctx: SyncValueContext };

/** A value in French (its label, a date, yes/no...), never a stored code. */
function Value({ notice, name, value, ctx }: ValueProps) {
  const text = describeSyncValue(notice.table, name, value, ctx);
  return text === null ? <span className="muted">{fr.shell.sync.empty}</span> : <>{text}</>;
}

/**
 * A conflict notice (issue 4): what happened in French, the value kept and mine (kept here),
 * 'Garder cette version' / 'Rétablir ma version' (or confirm / restore a deletion).
 */
export function ConflictNoticeItem({ notice, ownerId }: Props) {
  const repos = useRepositories();
  const [busy, setBusy] = useState(false);
  const employees = useTrainingEmployees(ownerId);
  const employeeName = useCallback(
    (id: string) => {
      const e = employees?.find((x) => x.id === id);
      return e ? employeeFullName(e) || null : null;
    },
    [employees],
  );
  const ctx: SyncValueContext = { employeeName };
  // The record by its name (issue 29): « la formation « Excel avancé » ».
  const name = recordName(notice.table, useSyncedRow(notice.table, notice.row_id));
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
      <p>{describeConflict(notice, name).text}</p>
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
                    <Value notice={notice} name={name} value={notice.theirs[name]} ctx={ctx} />
                  </td>
                ) : null}
                {showMine ? (
                  <td>
                    <Value notice={notice} name={name} value={notice.mine[name]} ctx={ctx} />
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
