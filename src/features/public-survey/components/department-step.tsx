import {
  DEPARTMENTS,
  type Department,
  type SurveyQuestionSet,
} from '@/domain/public-survey-contracts';
import { departmentLabel } from '@/domain/labels';
import { publicSurvey } from '@/i18n/fr/public-survey';
import { StepHeading } from './step-heading';

type Props = {
  questionSets: readonly SurveyQuestionSet[];
  selected: Department | null;
  onChoose: (department: Department) => void;
  focusTitle: boolean;
};

/** Step 1 (02 §4): the department; a click advances. */
export function DepartmentStep({ questionSets, selected, onChoose, focusTitle }: Props) {
  const t = publicSurvey.department;
  return (
    <section aria-labelledby="survey-step-title">
      <StepHeading step={1} title={t.title} focus={focusTitle} />
      <p className="muted" id="survey-department-hint">
        {t.hint}
      </p>
      <ul className="public-survey-departments" aria-describedby="survey-department-hint">
        {DEPARTMENTS.map((code) => (
          <li key={code}>
            <button
              type="button"
              className="public-survey-department"
              aria-pressed={selected === code}
              onClick={() => onChoose(code)}
            >
              {questionSets.find((s) => s.department === code)?.label ?? departmentLabel(code)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
