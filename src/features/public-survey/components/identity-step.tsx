import { useId, type FormEvent } from 'react';
import type { SurveyDraft } from '@/domain/public-survey-draft';
import { publicSurvey } from '@/i18n/fr/public-survey';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { StepHeading } from './step-heading';

type Props = {
  draft: SurveyDraft;
  /** the company the survey belongs to (null: not known on this device) */
  company: string | null;
  sending: boolean;
  onChange: (change: (draft: SurveyDraft) => SurveyDraft) => void;
  onBack: () => void;
  onSend: () => void;
};

/**
 * Step 3 (02 §4), then 'Envoyer'. First and last name are optional (issue 29: « Laisser vide pour
 * répondre sans donner votre nom »); the page says who will see them.
 */
export function IdentityStep({ draft, company, sending, onChange, onBack, onSend }: Props) {
  const t = publicSurvey.identity;
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sending) onSend();
  };

  const nameField = (name: 'first_name' | 'last_name', label: string, autoComplete: string) => (
    <Field label={label}>
      {(props) => (
        <input
          {...props}
          aria-describedby={[props['aria-describedby'], hintId].filter(Boolean).join(' ')}
          className="input"
          name={name}
          autoComplete={autoComplete}
          maxLength={100}
          value={draft[name]}
          onChange={(e) => {
            const value = e.target.value;
            onChange((d) => ({ ...d, [name]: value }));
          }}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="survey-step-title">
      <StepHeading step={3} title={t.title} />
      <p className="muted">{t.text(company)}</p>
      <p id={hintId} className="public-survey-hint">
        {t.leaveEmpty}
      </p>
      {nameField('first_name', t.firstName, 'given-name')}
      {nameField('last_name', t.lastName, 'family-name')}
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
