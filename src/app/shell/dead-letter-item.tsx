import { useState, type FormEvent } from 'react';
import { editableFields, editsFromDrafts } from '@/domain/shell-rules';
import { useRepositories, type DeadLetter } from '@/db';
import { fr } from '@/i18n/fr';
import { deadLetterReason } from '@/lib/sync';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { fieldLabel, toastLocalError } from './issue-errors';

type Props = { letter: DeadLetter; ownerId: string };

/**
 * A change the server refused (issue 4): why, then 'Modifier et réessayer' (correct the values,
 * sent as a new change), 'Réessayer', or 'Abandonner cette modification'.
 */
export function DeadLetterItem({ letter, ownerId }: Props) {
  const repos = useRepositories();
  const fields = letter.op === 'delete' ? [] : editableFields(letter.fields);
  const [editing, setEditing] = useState(false);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<string[]>([]);
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = editsFromDrafts(fields, drafts);
    if (!result.ok) {
      setInvalid(result.invalid);
      return;
    }
    setInvalid([]);
    void run(() => repos.retryDeadLetter(ownerId, letter.id, result.edits));
  };

  return (
    <li className="sync-issue" data-testid="dead-letter">
      <p>{fr.sync.deadLetters.refused(fr.sync.things[letter.table], deadLetterReason(letter))}</p>
      {editing ? (
        <form className="sync-issue-form" onSubmit={onSubmit} noValidate>
          <p className="sync-issue-form-title">{fr.shell.sync.editTitle}</p>
          {fields.map((field) => (
            <Field
              key={field.name}
              label={fieldLabel(field.name)}
              error={invalid.includes(field.name) ? fr.shell.sync.invalidNumber : undefined}
            >
              {(props) => (
                <input
                  {...props}
                  className="input"
                  inputMode={field.kind === 'number' ? 'decimal' : undefined}
                  value={drafts[field.name] ?? field.value}
                  onChange={(event) =>
                    setDrafts((d) => ({ ...d, [field.name]: event.target.value }))
                  }
                />
              )}
            </Field>
          ))}
          <div className="row">
            <Button type="submit" size="sm" loading={busy}>
              {fr.shell.sync.editSubmit}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
              {fr.shell.sync.editCancel}
            </Button>
          </div>
        </form>
      ) : (
        <div className="row">
          {fields.length > 0 ? (
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => setEditing(true)}>
              {fr.sync.deadLetters.retry}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => void run(() => repos.retryDeadLetter(ownerId, letter.id))}
          >
            {fr.sync.deadLetters.retryAsIs}
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={() => void run(() => repos.discardDeadLetter(ownerId, letter.id))}
          >
            {fr.sync.deadLetters.discard}
          </Button>
        </div>
      )}
    </li>
  );
}
