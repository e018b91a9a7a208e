import { useRef, useState, type FormEvent } from 'react';
import type { SurveyDraft } from '@/domain/public-survey-draft';
import { fieldErrors } from '@/domain/schemas/field-errors';
import { surveyIdentityStepSchema } from '@/domain/schemas/public-survey-steps';
import { publicSurvey } from '@/i18n/fr/public-survey';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { StepHeading } from './step-heading';

type Props = {
  draft: SurveyDraft;
  sending: boolean;
  onChange: (change: (draft: SurveyDraft) => SurveyDraft) => void;
  onBack: () => void;
  onSend: () => void;
};

type Errors = { first_name?: string; last_name?: string };

/** Step 3 (02 §4, §5): first and last name required, then 'Envoyer'. */
export function IdentityStep({ draft, sending, onChange, onBack, onSend }: Props) {
  const t = publicSurvey.identity;
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = surveyIdentityStepSchema.safeParse({
      first_name: draft.first_name,
      last_name: draft.last_name,
    });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error) as Errors;
      setErrors(found);
      const first = found.first_name ? 'first_name' : 'last_name';
      formRef.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    onSend();
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="survey-step-title">
      <StepHeading step={3} title={t.title} />
      <p className="muted">{t.text}</p>
      <Field label={t.firstName} required error={errors.first_name}>
        {(props) => (
          <input
            {...props}
            className="input"
            name="first_name"
            autoComplete="given-name"
            maxLength={100}
            required
            value={draft.first_name}
            onChange={(e) => {
              const value = e.target.value;
              setErrors((x) => ({ ...x, first_name: undefined }));
              onChange((d) => ({ ...d, first_name: value }));
            }}
          />
        )}
      </Field>
      <Field label={t.lastName} required error={errors.last_name}>
        {(props) => (
          <input
            {...props}
            className="input"
            name="last_name"
            autoComplete="family-name"
            maxLength={100}
            required
            value={draft.last_name}
            onChange={(e) => {
              const value = e.target.value;
              setErrors((x) => ({ ...x, last_name: undefined }));
              onChange((d) => ({ ...d, last_name: value }));
            }}
          />
        )}
      </Field>
      <div className="public-survey-actions">
        <Button variant="secondary" onClick={onBack} disabled={sending}>
          {publicSurvey.back}
        </Button>
        <Button type="submit" loading={sending}>
          {publicSurvey.submit}
        </Button>
      </div>
    </form>
  );
}
