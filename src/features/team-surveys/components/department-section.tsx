import { useId, useState } from 'react';
import type { TextQuestionAnswers } from '@/domain/survey-answers';
import type { DepartmentResult, QuestionResult } from '@/domain/survey-results';
import { fr } from '@/i18n/fr';
import { LazyShareBars } from './lazy-share-bars';

type Props = {
  result: DepartmentResult;
  label: string;
  questionsKnown: boolean;
  /** single-choice questions (ours: same percentages as the checkbox questions) */
  radios: QuestionResult[];
  /** free-text answers (ours) */
  texts: TextQuestionAnswers[];
};

function QuestionBars({ question }: { question: QuestionResult }) {
  return (
    <div className="results-question">
      <h4>{question.text}</h4>
      <LazyShareBars
        rows={question.options.map((o) => ({
          key: o.option,
          label: o.option,
          count: o.count,
          percent: o.percent,
        }))}
      />
    </div>
  );
}

/** One department of the results (02 §2.19): an expandable section with per-option percentages of
 * its checkbox questions (and single-choice ones), its free-text answers, and its improvement
 * suggestions with author and date. */
export function DepartmentSection({ result, label, questionsKnown, radios, texts }: Props) {
  const t = fr.surveyResults;
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="card results-department" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="results-department-title">
        <button
          type="button"
          className="results-department-toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((v) => !v)}
        >
          <span>{t.departmentSummary(label, result.count)}</span>
          <span className="results-department-action">{open ? t.collapse : t.expand}</span>
        </button>
      </h3>
      <div id={`${id}-panel`} hidden={!open} className="results-department-panel">
        {open ? (
          <>
            {!questionsKnown ? <p className="muted">{t.questionsUnavailable}</p> : null}
            {[...result.questions, ...radios].map((q) => (
              <QuestionBars key={q.id} question={q} />
            ))}
            {texts.map((q) => (
              <div key={q.id} className="results-question">
                <h4>{q.text}</h4>
                <ul className="results-suggestions">
                  {q.answers.map((a, i) => (
                    <li key={`${a.author}-${a.date}-${i}`}>
                      <blockquote>{a.text}</blockquote>
                      <p className="muted">{t.suggestionBy(a.author, a.date)}</p>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <h4>{t.suggestionsTitle}</h4>
            {result.suggestions.length === 0 ? (
              <p className="muted">{t.noSuggestion}</p>
            ) : (
              <ul className="results-suggestions">
                {result.suggestions.map((s, i) => (
                  <li key={`${s.author}-${s.date}-${i}`}>
                    <blockquote>{s.text}</blockquote>
                    <p className="muted">{t.suggestionBy(s.author, s.date)}</p>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </section>
  );
}
