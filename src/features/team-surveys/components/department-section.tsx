import { useId, useState } from 'react';
import type { DepartmentResult } from '@/domain/survey-results';
import { fr } from '@/i18n/fr';
import { LazyShareBars } from './lazy-share-bars';

type Props = { result: DepartmentResult; label: string; questionsKnown: boolean };

/** One department of the results (02 §2.19): an expandable section with per-option percentages of
 * its checkbox questions and its improvement suggestions with author and date. */
export function DepartmentSection({ result, label, questionsKnown }: Props) {
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
            {!questionsKnown ? (
              <p className="muted">{t.questionsUnavailable}</p>
            ) : result.questions.length === 0 ? (
              <p className="muted">{t.noCheckboxAnswer}</p>
            ) : (
              result.questions.map((q) => (
                <div key={q.id} className="results-question">
                  <h4>{q.text}</h4>
                  <LazyShareBars rows={q.options.map((o) => ({ key: o.option, label: o.option, count: o.count, percent: o.percent }))} />
                </div>
              ))
            )}
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
