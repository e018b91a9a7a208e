import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatLongDate } from '@/domain/dates';
import { authorOf, responseGroupKey, type DepartmentResult } from '@/domain/survey-results';
import { isQuotaError, useRepositories, type TeamSurveyResponseRow } from '@/db';
import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';

type Props = {
  ownerId: string;
  rows: readonly TeamSurveyResponseRow[];
  /** the departments as the results show them (for each answer's department label) */
  departments: readonly DepartmentResult[];
};

/**
 * Each answer received, newest first, with « Supprimer » (issue 29): a respondent who asks for their
 * answer to be deleted can be satisfied (the server erases its content). Folded by default.
 */
export function AnswersList({ ownerId, rows, departments }: Props) {
  const t = fr.surveyResults.answers;
  const id = useId();
  const { deleteTeamSurveyResponse } = useRepositories();
  const [open, setOpen] = useState(false);
  const [toDelete, setToDelete] = useState<{ id: string; line: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const focusAfterClose = useRef(false);
  // The deleted answer's button leaves the page: the focus goes to the list's toggle, after the
  // dialog has given it back to that button (same commit, later effect).
  useEffect(() => {
    if (toDelete !== null || !focusAfterClose.current) return;
    focusAfterClose.current = false;
    toggleRef.current?.focus();
  }, [toDelete]);
  const line = (r: TeamSurveyResponseRow) => {
    const key = responseGroupKey(r);
    const label = departments.find((d) => d.key === key)?.label ?? '';
    return t.line(authorOf(r), label, formatLongDate(r.created_at));
  };

  const remove = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await deleteTeamSurveyResponse(ownerId, toDelete.id);
      toast.success(t.deleted);
      focusAfterClose.current = true;
      setToDelete(null);
    } catch (error) {
      toast.error(isQuotaError(error) ? fr.sync.localErrors.quota : t.deleteError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card results-answers" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="results-answers-title">
        <button
          ref={toggleRef}
          type="button"
          className="results-department-toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((v) => !v)}
        >
          <span>{t.title}</span>
          <span className="results-department-action">{t.toggle(rows.length)}</span>
        </button>
      </h2>
      <div id={`${id}-panel`} hidden={!open}>
        {open ? (
          <>
            <p className="muted">{t.intro}</p>
            <ul className="results-answers-list">
              {rows.map((r) => {
                const text = line(r);
                return (
                  <li key={r.id}>
                    <span>{text}</span>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="results-answers-delete"
                      aria-label={t.deleteLabel(text)}
                      aria-haspopup="dialog"
                      onClick={() => setToDelete({ id: r.id, line: text })}
                    >
                      {t.delete}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </>
        ) : null}
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title={t.dialogTitle}
        message={toDelete ? t.dialogText(toDelete.line) : ''}
        confirmLabel={t.confirm}
        cancelLabel={t.cancel}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
