import { useId } from 'react';
import type { SurveyQuestion } from '@/domain/public-survey-contracts';
import { toggleOption } from '@/domain/public-survey-draft';
import { publicSurvey } from '@/i18n/fr/public-survey';

type Props = {
  question: SurveyQuestion;
  value: string | string[] | undefined;
  onChange: (value: string | string[]) => void;
};

/** One department question: checkbox (several answers), radio (one) or free text. */
export function QuestionField({ question, value, onChange }: Props) {
  const id = useId();
  const t = publicSurvey.questions;
  if (question.type === 'text') {
    return (
      <div className="field">
        <label htmlFor={id} className="field-label">
          {question.text}
        </label>
        <textarea
          id={id}
          className="textarea"
          rows={3}
          maxLength={5000}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    );
  }
  const several = question.type === 'checkbox';
  return (
    <fieldset className="public-survey-question" aria-describedby={`${id}-hint`}>
      <legend className="field-label">{question.text}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {several ? t.severalAnswers : t.oneAnswer}
      </p>
      <div className="public-survey-options">
        {question.options.map((option) => {
          const checked = several
            ? Array.isArray(value) && value.includes(option)
            : value === option;
          return (
            <label key={option} className="public-survey-option">
              <input
                type={several ? 'checkbox' : 'radio'}
                name={`${id}-${question.id}`}
                value={option}
                checked={checked}
                onChange={(e) =>
                  onChange(several ? toggleOption(value, option, e.target.checked) : option)
                }
              />
              <span>{option}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
