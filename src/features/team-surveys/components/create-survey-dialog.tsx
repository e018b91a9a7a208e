import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { canCreateSurvey } from '@/domain/schemas/surveys';
import { useRepositories, isQuotaError } from '@/db';
import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { useNameDraft } from '../hooks/use-name-draft';

type Props = { open: boolean; ownerId: string; onClose: () => void };

/** 02 §2.17, §5: the survey name is required ('Créer' disabled while it is empty). */
export function CreateSurveyDialog({ open, ownerId, onClose }: Props) {
  const t = fr.teamSurveys.createDialog;
  const { createTeamSurvey } = useRepositories();
  const [name, setName] = useNameDraft();
  const [busy, setBusy] = useState(false);
  const valid = canCreateSurvey(name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      await createTeamSurvey(ownerId, name.trim());
      setName('');
      toast.success(fr.teamSurveys.toasts.created);
      onClose();
    } catch (error) {
      toast.error(
        isQuotaError(error) ? fr.sync.localErrors.quota : fr.teamSurveys.toasts.createError,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t.title}
      size="sm"
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" form="create-survey-form" disabled={!valid} loading={busy}>
            {t.submit}
          </Button>
        </>
      }
    >
      <form id="create-survey-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t.name} required hint={t.hint}>
          {(props) => (
            <input
              {...props}
              className="input"
              data-autofocus
              required
              maxLength={200}
              placeholder={t.namePlaceholder}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
