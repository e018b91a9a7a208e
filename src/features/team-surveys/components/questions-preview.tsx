import type { SurveyQuestionSet } from '@/domain/contracts';
import type { SurveyDepartment } from '@/domain/survey-departments';
import { fr } from '@/i18n/fr';

type Props = {
  departments: readonly SurveyDepartment[];
  /** the question sets (undefined while read; [] when not on the device and offline) */
  sets: readonly SurveyQuestionSet[] | undefined;
};

/** The questions each chosen department will answer, then the questions common to all. */
export function QuestionsPreview({ departments, sets }: Props) {
  const t = fr.teamSurveys.createDialog;
  return (
    <section className="survey-questions" aria-labelledby="survey-questions-title">
      <h3 id="survey-questions-title" className="survey-questions-title">
        {t.questions}
      </h3>
      <p className="field-hint">{t.questionsIntro}</p>
      {sets !== undefined && sets.length === 0 ? (
        <p className="muted">{t.questionsUnavailable}</p>
      ) : null}
      {departments.map((d) => {
        const questions = sets?.find((s) => s.department === d.set)?.questions ?? [];
        if (questions.length === 0) return null;
        return (
          <details key={d.label} className="survey-questions-set">
            <summary>{t.questionsOf(d.label, questions.length)}</summary>
            <ol>
              {questions.map((q) => (
                <li key={q.id}>
                  {q.text} <span className="muted">({t.questionTypes[q.type]})</span>
                  {q.options.length > 0 ? (
                    <ul className="survey-questions-options">
                      {q.options.map((o) => (
                        <li key={o}>{o}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
          </details>
        );
      })}
      <details className="survey-questions-set">
        <summary>{t.common}</summary>
        <ol>
          {t.commonQuestions.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ol>
      </details>
    </section>
  );
}
