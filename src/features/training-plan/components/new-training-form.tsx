import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { canSaveTrainingRequest, canEstimate } from '@/domain/schemas/training';
import { fr } from '@/i18n/fr';
import type { NewTrainingDraft } from '../hooks/use-new-training-draft';
import {
  RequestAmountFields,
  RequestSubjectFields,
  type RequestFieldsProps,
} from './request-fields';

type Props = {
  draft: NewTrainingDraft;
  onChange: (patch: Partial<NewTrainingDraft>) => void;
  errors: Record<string, string>;
  online: boolean;
  estimating: boolean;
  estimateFailed: boolean;
  saving: boolean;
  onEstimate: () => void;
  onSave: () => void;
  onCancel: () => void;
  /** (issue 30) the OPCO's estimated share of the request, beside its amounts */
  funding?: ReactNode;
};

const NEW_FORMATS = ['remote', 'in_person'] as const;

/** The shared request fields over this form's draft (its budget is the request's cost). */
function requestFields(
  draft: NewTrainingDraft,
  errors: Record<string, string>,
  onChange: Props['onChange'],
): RequestFieldsProps<NewTrainingDraft['format']> {
  const t = fr.trainingPlan.newTraining;
  return {
    values: { ...draft, cost: draft.budget },
    errors: { ...errors, cost: errors.budget },
    onChange: ({ cost, ...patch }) =>
      onChange(cost === undefined ? patch : { ...patch, budget: cost }),
    texts: { ...t, cost: t.budget },
    formats: NEW_FORMATS,
    descriptionRows: 5,
  };
}

/**
 * The new training request (02 §2.16, §5): topic, description, format; the estimate button
 * (disabled until topic and description are filled; unavailable offline); duration (≥ 1) and
 * budget (≥ 0) editable after the estimate or typed by hand; Save disabled until both are present.
 */
export function NewTrainingForm(props: Props) {
  const { draft, onChange, errors, online, estimating, estimateFailed, saving } = props;
  const t = fr.trainingPlan.newTraining;
  const hintId = useId();
  const estimateReady = canEstimate(draft.topic, draft.description);
  const showAmounts = draft.showAmounts || !online || estimateFailed;
  const saveReady = canSaveTrainingRequest(draft.duration, draft.budget);
  const fields = requestFields(draft, errors, onChange);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saveReady && !saving) props.onSave();
  };
  return (
    <form className="card stack new-training-form" noValidate onSubmit={submit}>
      <RequestSubjectFields {...fields} />

      <div className="new-training-estimate">
        <Button
          variant="secondary"
          onClick={props.onEstimate}
          disabled={!estimateReady || !online}
          loading={estimating}
          aria-describedby={hintId}
        >
          {estimating ? t.estimating : t.estimate}
        </Button>
        {!showAmounts ? (
          <Button variant="link" onClick={() => onChange({ showAmounts: true })}>
            {t.manualEntry}
          </Button>
        ) : null}
      </div>
      <div id={hintId}>
        {!online ? (
          <p className="new-training-note" role="status">
            {t.offlineEstimate}
          </p>
        ) : !estimateReady ? (
          <p className="muted">{fr.validation.estimateNeedsTopicAndDescription}</p>
        ) : estimateFailed ? (
          <p className="new-training-warning" role="status">
            {t.estimateFailed}
          </p>
        ) : null}
        {errors.estimate ? (
          <p className="field-error" role="alert">
            {errors.estimate}
          </p>
        ) : null}
      </div>

      {showAmounts ? (
        <div className="stack">
          <div className="new-training-amounts">
            <RequestAmountFields {...fields} />
          </div>
          {draft.explanation ? (
            <section aria-label={t.explanation}>
              <p className="new-training-explanation">{draft.explanation}</p>
            </section>
          ) : null}
          {props.funding ?? null}
        </div>
      ) : null}

      <div className="row new-training-actions">
        {!saveReady ? <p className="muted">{t.saveHint}</p> : null}
        <Button variant="secondary" onClick={props.onCancel}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={!saveReady} loading={saving}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}
