// Team survey results (02 §2.17, §2.19, §7.4, §9): aggregates, the 'réponse' plural rule, and
// the analyze-survey payload.
import type { AnalyzeSurveyRequest, SurveyQuestionSet } from './contracts';
import { DEPARTMENTS, TOOLS_SATISFACTION } from './contracts';
import { formatLongDate, toParisDateKey } from './dates';
import type { DepartmentCode, ToolsSatisfactionStatus } from './labels';
import { departmentLabel, TOOLS_SATISFACTION_LABELS } from './labels';

export type SurveyAnswerValue = string | string[];
export type TeamSurveyResponse = {
  department: string;
  first_name: string;
  last_name: string;
  responses: Record<string, SurveyAnswerValue> | null;
  tools_satisfaction: string;
  improvement_suggestion?: string | null;
  created_at: string;
};

/** Percentage with one decimal (02 §9); 0 when the whole is 0. */
export const percent = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

/** '0 réponse', '1 réponse', '2 réponses': 'réponse' is pluralised above 1 (02 §9). */
export const responsesLabel = (n: number): string => `${n} ${n > 1 ? 'réponses' : 'réponse'}`;

/** Distinct calendar days (Europe/Paris) on which responses were collected. */
export function collectionDays(responses: readonly { created_at: string }[]): number {
  const days = new Set<string>();
  for (const r of responses) {
    const key = toParisDateKey(r.created_at);
    if (key !== '') days.add(key);
  }
  return days.size;
}

/** Number of distinct departments with at least one response. */
export const departmentsCount = (responses: readonly { department: string }[]): number =>
  new Set(responses.map((r) => r.department)).size;

export type ShareRow<K extends string> = { key: K; label: string; count: number; percent: number };

/** Tools-satisfaction shares over all responses, the four answers in their order. */
export function toolsSatisfactionShares(
  responses: readonly { tools_satisfaction: string }[],
): ShareRow<ToolsSatisfactionStatus>[] {
  return TOOLS_SATISFACTION.map((key) => {
    const count = responses.filter((r) => r.tools_satisfaction === key).length;
    return {
      key,
      label: TOOLS_SATISFACTION_LABELS[key],
      count,
      percent: percent(count, responses.length),
    };
  });
}

export type OptionShare = { option: string; count: number; percent: number };
export type QuestionResult = { id: string; text: string; options: OptionShare[] };
export type Suggestion = { author: string; date: string; text: string };
export type DepartmentResult = {
  department: DepartmentCode;
  label: string;
  count: number;
  /** checkbox questions only: share of the department's responses that chose each option */
  questions: QuestionResult[];
  suggestions: Suggestion[];
};

const chose = (answer: SurveyAnswerValue | undefined, option: string): boolean =>
  Array.isArray(answer) ? answer.includes(option) : answer === option;

/** Per-department sections (02 §2.19), in the departments' order, only those with responses. */
export function departmentResults(
  responses: readonly TeamSurveyResponse[],
  questionSets: readonly SurveyQuestionSet[],
): DepartmentResult[] {
  const out: DepartmentResult[] = [];
  for (const department of DEPARTMENTS) {
    const rows = responses.filter((r) => r.department === department);
    if (rows.length === 0) continue;
    const set = questionSets.find((s) => s.department === department);
    const questions = (set?.questions ?? [])
      .filter((q) => q.type === 'checkbox')
      .map((q) => ({
        id: q.id,
        text: q.text,
        options: q.options.map((option) => {
          const count = rows.filter((r) => chose(r.responses?.[q.id], option)).length;
          return { option, count, percent: percent(count, rows.length) };
        }),
      }));
    const suggestions = rows
      .filter((r) => (r.improvement_suggestion ?? '').trim() !== '')
      .map((r) => ({
        author: `${r.first_name} ${r.last_name}`.trim(),
        date: formatLongDate(r.created_at),
        text: (r.improvement_suggestion ?? '').trim(),
      }));
    out.push({
      department,
      label: departmentLabel(department),
      count: rows.length,
      questions,
      suggestions,
    });
  }
  return out;
}

export type SurveyResults = {
  total: number;
  departmentsCount: number;
  collectionDays: number;
  toolsSatisfaction: ShareRow<ToolsSatisfactionStatus>[];
  departments: DepartmentResult[];
};

export function surveyResults(
  responses: readonly TeamSurveyResponse[],
  questionSets: readonly SurveyQuestionSet[],
): SurveyResults {
  return {
    total: responses.length,
    departmentsCount: departmentsCount(responses),
    collectionDays: collectionDays(responses),
    toolsSatisfaction: toolsSatisfactionShares(responses),
    departments: departmentResults(responses, questionSets),
  };
}

/** The latest response date of a survey list card, or null without responses. */
export function latestResponseAt(responses: readonly { created_at: string }[]): string | null {
  let latest: string | null = null;
  for (const r of responses)
    if (latest === null || Date.parse(r.created_at) > Date.parse(latest)) latest = r.created_at;
  return latest;
}

/** Responses per department (survey list card, 02 §2.17), departments in their order. */
export function responsesPerDepartment(
  responses: readonly { department: string }[],
): { department: DepartmentCode; count: number }[] {
  return DEPARTMENTS.map((department) => ({
    department,
    count: responses.filter((r) => r.department === department).length,
  })).filter((d) => d.count > 0);
}

/** Bounds of analyzeSurveyRequestSchema. */
const MAX_PAYLOAD_RESPONSES = 5000;

const boundedAnswer = (value: unknown): SurveyAnswerValue | null => {
  if (typeof value === 'string') return value.slice(0, 5000);
  if (Array.isArray(value))
    return value
      .filter((v): v is string => typeof v === 'string')
      .slice(0, 50)
      .map((v) => v.slice(0, 500));
  return null;
};

/**
 * The analyze-survey body (02 §7.4): surveyData {departments [{name, count}], toolsSatisfaction
 * [{status, count}], responses [{department, responses, improvement}]}. Department names and
 * statuses are the codes; empty groups are left out; at most 5000 responses, texts bounded as in
 * analyzeSurveyRequestSchema.
 */
export function buildAnalyzeSurveyPayload(
  responses: readonly TeamSurveyResponse[],
): AnalyzeSurveyRequest {
  const kept = responses.slice(0, MAX_PAYLOAD_RESPONSES);
  return {
    surveyData: {
      departments: responsesPerDepartment(kept).map((d) => ({
        name: d.department,
        count: d.count,
      })),
      toolsSatisfaction: toolsSatisfactionShares(kept)
        .filter((s) => s.count > 0)
        .map((s) => ({ status: s.key, count: s.count })),
      responses: kept.map((r) => {
        const answers: Record<string, SurveyAnswerValue> = {};
        for (const [key, value] of Object.entries(r.responses ?? {}).slice(0, 100)) {
          const answer = boundedAnswer(value);
          if (answer !== null) answers[key.slice(0, 50)] = answer;
        }
        const improvement = (r.improvement_suggestion ?? '').trim().slice(0, 5000);
        return {
          department: r.department.slice(0, 50),
          responses: answers,
          improvement: improvement === '' ? null : improvement,
        };
      }),
    },
  };
}
