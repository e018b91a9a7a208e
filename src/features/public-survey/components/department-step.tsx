import type { DepartmentOption, SurveyDraft } from '@/domain/public-survey-draft';
import { isChosen } from '@/domain/public-survey-draft';
import { publicSurvey } from '@/i18n/fr/public-survey';
import { StepHeading } from './step-heading';

type Props = {
  options: readonly DepartmentOption[];
  draft: SurveyDraft;
  onChoose: (option: DepartmentOption) => void;
  focusTitle: boolean;
};

/** Step 1 (02 §4): the department, among the survey's own or the generic ones; a click advances. */
export function DepartmentStep({ options, draft, onChoose, focusTitle }: Props) {
  const t = publicSurvey.department;
  return (
    <section aria-labelledby="survey-step-title">
      <StepHeading step={1} title={t.title} focus={focusTitle} />
      <p className="muted" id="survey-department-hint">
        {t.hint}
      </p>
      <ul className="public-survey-departments" aria-describedby="survey-department-hint">
        {options.map((option) => (
          <li key={option.key}>
            <button
              type="button"
              className="public-survey-department"
              aria-pressed={isChosen(draft, option)}
              onClick={() => onChoose(option)}
            >
              {option.text}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
