import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import {
  isQuotaError,
  useRepositories,
  useTrainingEmployees,
  type TrainingEmployeeRow,
  type TrainingRequestRow,
} from '@/db';
import { fieldErrors } from '@/domain/schemas/field-errors';
import { trainingEditPatch, trainingEditSchema } from '@/domain/schemas/training-edit';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { fr } from '@/i18n/fr';
import { useEditDraft } from '../hooks/use-edit-draft';
import { TrainingEditFields } from './training-edit-fields';

type Props = {
  ownerId: string;
  /** the request as the plan shows it now (null once deleted, e.g. on another device) */
  row: TrainingRequestRow | null;
  /** the request the dialog was opened for */
  requestId: string;
  onClose: () => void;
};

const NO_EMPLOYEES: readonly TrainingEmployeeRow[] = [];

/**
 * Every field of a training request, editable after its creation (issue 29 item 3), offline like
 * every change: the edit is one local write (the request's changed columns, and the employee typed
 * here when there is one, in the same transaction), replicated by the sync engine under the usual
 * conflict rules. Only what the user changed since opening is written.
 */
export function TrainingEditDialog({ ownerId, row, requestId, onClose }: Props) {
  const t = fr.trainingPlan.editDialog;
  if (!row) {
    return (
      <Dialog open onClose={onClose} title={t.title} size="sm">
        <p role="alert">{t.gone}</p>
      </Dialog>
    );
  }
  return <EditForm key={requestId} ownerId={ownerId} row={row} onClose={onClose} />;
}

function EditForm({
  ownerId,
  row,
  onClose,
}: {
  ownerId: string;
  row: TrainingRequestRow;
  onClose: () => void;
}) {
  const t = fr.trainingPlan.editDialog;
  const repos = useRepositories();
  const employees = useTrainingEmployees(ownerId) ?? NO_EMPLOYEES;
  const online = useOnlineStatus();
  const { base, draft, restored, update, clear } = useEditDraft(ownerId, row);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (patch: Parameters<typeof update>[0]) => {
    update(patch);
    if (Object.keys(errors).length > 0) {
      const keys = Object.keys(patch);
      setErrors((e) =>
        Object.fromEntries(
          Object.entries(e).filter(([k]) => !keys.some((p) => k === p || k.startsWith(`${p}.`))),
        ),
      );
    }
  };

  const cancel = () => {
    clear();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = trainingEditSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      // The first invalid field gets the focus (after the errors are rendered).
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const edit = parsed.data;
    setSaving(true);
    try {
      await repos.editTrainingRequest(
        ownerId,
        row.id,
        trainingEditPatch(base, edit),
        edit.employee.kind === 'new'
          ? {
              first_name: edit.employee.first_name,
              last_name: edit.employee.last_name,
              department: edit.employee.department,
            }
          : undefined,
      );
      clear();
      toast.success(t.saved);
      onClose();
    } catch (error) {
      toast.error(isQuotaError(error) ? fr.sync.localErrors.quota : t.saveError);
      setSaving(false);
    }
  };

  return (
    // Closing (× or Escape) keeps the typing on this device for next time; « Annuler » drops it.
    <Dialog
      open
      onClose={onClose}
      title={t.title}
      size="lg"
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="secondary" onClick={cancel}>
            {t.cancel}
          </Button>
          <Button type="submit" form="plan-edit-form" loading={saving}>
            {t.save}
          </Button>
        </>
      }
    >
      <form
        id="plan-edit-form"
        ref={formRef}
        className="plan-edit-form"
        noValidate
        onSubmit={(e) => void submit(e)}
      >
        {restored ? (
          <p className="new-training-note" role="status">
            {t.restored}
          </p>
        ) : null}
        {!online ? (
          <p className="new-training-note" role="status">
            {t.offline}
          </p>
        ) : null}
        <TrainingEditFields draft={draft} employees={employees} errors={errors} onChange={change} />
      </form>
    </Dialog>
  );
}
