import { useRef, useState, type FormEvent } from 'react';
import { TOOLS_SATISFACTION, type SurveyQuestionSet } from '@/domain/public-survey-contracts';
import type { SurveyDraft } from '@/domain/public-survey-draft';
import { surveyAnswersStepSchema } from '@/domain/schemas/public-survey-steps';
import { publicSurvey } from '@/i18n/fr/public-survey';
import { validation } from '@/i18n/fr/validation';
import { Button } from '@/components/ui/button';
import { QuestionField } from './question-field';
import { StepHeading } from './step-heading';

type Props = {
  draft: SurveyDraft;
  questionSet: SurveyQuestionSet | undefined;
  onChange: (change: (draft: SurveyDraft) => SurveyDraft) => void;
  onBack: () => void;
  onContinue: () => void;
};

/** Step 2 (02 §4): the department's questions, the tools question (required) and a suggestion. */
export function QuestionsStep({ draft, questionSet, onChange, onBack, onContinue }: Props) {
  const t = publicSurvey.questions;
  const [toolsError, setToolsError] = useState<string | null>(null);
  const toolsRef = useRef<HTMLFieldSetElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = surveyAnswersStepSchema.safeParse({
      responses: draft.responses,
      tools_satisfaction: draft.tools_satisfaction,
      improvement_suggestion: draft.improvement_suggestion,
    });
    if (!parsed.success) {
      setToolsError(validation.toolsAnswerRequired);
      toolsRef.current?.querySelector('input')?.focus();
      return;
    }
    onContinue();
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="survey-step-title">
      <StepHeading step={2} title={questionSet?.label ?? t.title} />
      {(questionSet?.questions ?? []).map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          value={draft.responses[q.id]}
          onChange={(value) =>
            onChange((d) => ({ ...d, responses: { ...d.responses, [q.id]: value } }))
          }
        />
      ))}
      <fieldset
        ref={toolsRef}
        className={`public-survey-question${toolsError ? ' field-invalid' : ''}`}
        aria-describedby={toolsError ? 'survey-tools-error' : undefined}
      >
        <legend className="field-label">
          {t.toolsQuestion}
          <span aria-hidden="true" className="field-required">
            {' *'}
          </span>
        </legend>
        <div className="public-survey-options">
          {TOOLS_SATISFACTION.map((status) => (
            <label key={status} className="public-survey-option">
              <input
                type="radio"
                name="tools_satisfaction"
                value={status}
                required
                checked={draft.tools_satisfaction === status}
                onChange={() => {
                  setToolsError(null);
                  onChange((d) => ({ ...d, tools_satisfaction: status }));
                }}
              />
              <span>{t.toolsOptions[status]}</span>
            </label>
          ))}
        </div>
        {toolsError ? (
          <p id="survey-tools-error" className="field-error" role="alert">
            {toolsError}
          </p>
        ) : null}
      </fieldset>
      <div className="field">
        <label htmlFor="survey-suggestion" className="field-label">
          {t.suggestion}
        </label>
        <textarea
          id="survey-suggestion"
          className="textarea"
          rows={4}
          maxLength={5000}
          placeholder={t.suggestionPlaceholder}
          value={draft.improvement_suggestion}
          onChange={(e) => {
            const text = e.target.value;
            onChange((d) => ({ ...d, improvement_suggestion: text }));
          }}
        />
      </div>
      <div className="public-survey-actions">
        <Button variant="secondary" onClick={onBack}>
          {publicSurvey.back}
        </Button>
        <Button type="submit">{publicSurvey.continue}</Button>
      </div>
    </form>
  );
}
