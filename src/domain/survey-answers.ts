// Survey results beyond the documents' checkbox percentages (02 §2.19 is silent on them; ours):
// single-choice questions get the same per-option percentages, and free-text answers are listed
// with their author and date, so that no answer of a department (the 'other' department answers
// only in free text) is invisible to the manager.
import type { SurveyQuestionSet } from './contracts';
import { formatLongDate } from './dates';
import type { QuestionResult, Suggestion, TeamSurveyResponse } from './survey-results';
import { percent } from './survey-results';

export type TextQuestionAnswers = { id: string; text: string; answers: Suggestion[] };

const inDepartment = (rows: readonly TeamSurveyResponse[], department: string) =>
  rows.filter((r) => r.department === department);

/** Per-option shares of the department's radio questions (each response counts once). */
export function radioQuestionResults(
  responses: readonly TeamSurveyResponse[],
  set: SurveyQuestionSet | undefined,
): QuestionResult[] {
  if (!set) return [];
  const rows = inDepartment(responses, set.department);
  return set.questions
    .filter((q) => q.type === 'radio')
    .map((q) => ({
      id: q.id,
      text: q.text,
      options: q.options.map((option) => {
        const count = rows.filter((r) => r.responses?.[q.id] === option).length;
        return { option, count, percent: percent(count, rows.length) };
      }),
    }));
}

/** Free-text answers of the department's text questions, newest first, blank ones left out. */
export function textQuestionAnswers(
  responses: readonly TeamSurveyResponse[],
  set: SurveyQuestionSet | undefined,
): TextQuestionAnswers[] {
  if (!set) return [];
  const rows = [...inDepartment(responses, set.department)].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at),
  );
  return set.questions
    .filter((q) => q.type === 'text')
    .map((q) => ({
      id: q.id,
      text: q.text,
      answers: rows.flatMap((r) => {
        const value = r.responses?.[q.id];
        const text = typeof value === 'string' ? value.trim() : '';
        return text === ''
          ? []
          : [
              {
                author: `${r.first_name} ${r.last_name}`.trim(),
                date: formatLongDate(r.created_at),
                text,
              },
            ];
      }),
    }))
    .filter((q) => q.answers.length > 0);
}
