import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { departmentLabel } from '@/domain/labels';
import { canCreateSurvey } from '@/domain/schemas/surveys';
import {
  addCustomDepartment,
  departmentKey,
  departmentsChoiceError,
  genericDepartments,
  surveyDepartmentChoices,
} from '@/domain/survey-departments';
import { useRepositories, isQuotaError } from '@/db';
import { fr } from '@/i18n/fr';
import { useCurrentCompany } from '@/lib/current-company';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { useCreateDraft } from '../hooks/use-create-draft';
import { useQuestionSets } from '../hooks/use-question-sets';
import { useShownSuggestion } from '../hooks/use-shown-suggestion';
import { DepartmentPicker } from './department-picker';
import { QuestionsPreview } from './questions-preview';

type Props = { open: boolean; ownerId: string; onClose: () => void };

/**
 * 02 §2.17, §5: the survey name is required ('Créer' disabled while it is empty). Issue 29: the
 * employer chooses the departments asked about (the company's own services suggested from its
 * activity, the generic ones, or typed) and sees the questions each will answer. The survey keeps
 * the company's name, shown to respondents.
 */
export function CreateSurveyDialog({ open, ownerId, onClose }: Props) {
  const t = fr.teamSurveys.createDialog;
  const { createTeamSurvey } = useRepositories();
  const { company } = useCurrentCompany(ownerId);
  const sets = useQuestionSets();
  const [draft, update, reset] = useCreateDraft();
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const shown = useShownSuggestion(open, company);
  const sector = shown?.sector ?? null;
  const { options, defaults } = useMemo(() => {
    const labelOf = (code: Parameters<typeof departmentLabel>[0]) =>
      sets?.find((s) => s.department === code)?.label ?? departmentLabel(code);
    return surveyDepartmentChoices(
      sector ? t.sectors[sector].departments : [],
      genericDepartments(labelOf),
      draft.custom,
    );
  }, [sector, sets, draft.custom, t]);
  const chosenKeys = draft.chosen ?? defaults;
  const chosen = options.filter((o) => chosenKeys.includes(o.key));
  const choiceError = departmentsChoiceError(chosen);
  const valid = canCreateSurvey(draft.name) && choiceError === null && shown !== undefined;
  const hint =
    sector && shown?.companyName
      ? t.suggested(t.sectors[sector].name, shown.companyName)
      : t.generic;

  const toggle = (key: string, checked: boolean) =>
    update({
      chosen: checked
        ? [...chosenKeys.filter((k) => k !== key), key]
        : chosenKeys.filter((k) => k !== key),
    });
  const addOwn = (label: string): string | null => {
    const { list, error } = addCustomDepartment(options, label);
    if (error) return t.addErrors[error];
    const added = list[list.length - 1]!;
    update({
      custom: [...draft.custom, added],
      chosen: [...chosenKeys, departmentKey(added, 'own')],
    });
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!valid || busy) return;
    setBusy(true);
    try {
      await createTeamSurvey(ownerId, draft.name.trim(), {
        company_name: company?.name ?? null,
        departments: chosen.map(({ label, set }) => ({ label, set })),
      });
      reset();
      setSubmitted(false);
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
      size="lg"
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
      <form id="create-survey-form" className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t.name} required hint={t.hint}>
          {(props) => (
            <input
              {...props}
              className="input"
              data-autofocus
              required
              maxLength={200}
              placeholder={t.namePlaceholder}
              value={draft.name}
              onChange={(e) => update({ name: e.target.value })}
            />
          )}
        </Field>
        {shown === undefined ? null : (
          <>
            <DepartmentPicker
              options={options}
              chosen={chosen.map((o) => o.key)}
              hint={hint}
              error={
                choiceError && (submitted || draft.chosen !== null)
                  ? t.choiceErrors[choiceError]
                  : null
              }
              onToggle={toggle}
              onAdd={addOwn}
            />
            <QuestionsPreview departments={chosen} sets={sets} />
          </>
        )}
      </form>
    </Dialog>
  );
}
