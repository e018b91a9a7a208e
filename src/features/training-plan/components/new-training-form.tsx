import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { canSaveTrainingRequest, canEstimate } from '@/domain/schemas/training';
import { fr } from '@/i18n/fr';
import type { NewTrainingDraft } from '../hooks/use-new-training-draft';

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saveReady && !saving) props.onSave();
  };
  return (
    <form className="card stack new-training-form" noValidate onSubmit={submit}>
      <Field label={t.topic} required error={errors.topic}>
        {(p) => (
          <input
            {...p}
            className="input"
            value={draft.topic}
            maxLength={300}
            placeholder={t.topicPlaceholder}
            onChange={(e) => onChange({ topic: e.target.value })}
          />
        )}
      </Field>
      <Field label={t.description} required error={errors.description}>
        {(p) => (
          <textarea
            {...p}
            className="textarea"
            rows={5}
            value={draft.description}
            maxLength={5000}
            placeholder={t.descriptionPlaceholder}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        )}
      </Field>
      <fieldset className="new-training-formats">
        <legend>{t.format}</legend>
        {(['remote', 'in_person'] as const).map((format) => (
          <label key={format} className="checkbox">
            <input
              type="radio"
              name="format"
              value={format}
              checked={draft.format === format}
              onChange={() => onChange({ format })}
            />
            {t.formats[format]}
          </label>
        ))}
      </fieldset>

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
            <Field label={t.duration} required error={errors.duration}>
              {(p) => (
                <input
                  {...p}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={draft.duration}
                  onChange={(e) => onChange({ duration: e.target.value })}
                />
              )}
            </Field>
            <Field label={t.budget} required error={errors.budget}>
              {(p) => (
                <input
                  {...p}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={draft.budget}
                  onChange={(e) => onChange({ budget: e.target.value })}
                />
              )}
            </Field>
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
