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
  /** the survey's own department the respondent chose (issue 29); absent or null: generic */
  department_label?: string | null;
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

/** Number of distinct departments (a survey's own, or generic) with at least one response. */
export const departmentsCount = (
  responses: readonly Pick<TeamSurveyResponse, 'department' | 'department_label'>[],
): number => new Set(responses.map(responseGroupKey)).size;

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
/** author: the respondent's name, '' when they gave none (« Réponse sans nom »). */
export type Suggestion = { author: string; date: string; text: string };
export type DepartmentResult = {
  /** the group's key: its label for a survey's own department, else the generic code */
  key: string;
  /** the question set it answered */
  department: DepartmentCode;
  label: string;
  count: number;
  /** checkbox questions only: share of the department's responses that chose each option */
  questions: QuestionResult[];
  suggestions: Suggestion[];
  /** its responses (the radio and text questions are read from them) */
  responses: TeamSurveyResponse[];
};

/** A survey's own department (issue 29): what the respondent read, and its question set. */
export type SurveyDepartmentLike = { label: string; set: string };

const chose = (answer: SurveyAnswerValue | undefined, option: string): boolean =>
  Array.isArray(answer) ? answer.includes(option) : answer === option;

/** The respondent's name as written, '' without one. */
export const authorOf = (r: Pick<TeamSurveyResponse, 'first_name' | 'last_name'>): string =>
  `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim();

/** The group of a response: its own department's label, else its generic department. */
export const responseGroupKey = (r: Pick<TeamSurveyResponse, 'department' | 'department_label'>) =>
  r.department_label ? `label:${r.department_label}` : `set:${r.department}`;

const asDepartment = (code: string): DepartmentCode =>
  (DEPARTMENTS as readonly string[]).includes(code) ? (code as DepartmentCode) : 'other';

type GroupFields = Pick<TeamSurveyResponse, 'department' | 'department_label'>;
type Group<R> = { key: string; department: DepartmentCode; label: string; rows: R[] };

/**
 * Responses grouped by department, in the survey's order (its own list first, then the generic
 * departments in their order), only groups with responses. Labels: the survey's own, else the
 * question set's, else the domain's.
 */
export function groupByDepartment<R extends GroupFields>(
  responses: readonly R[],
  questionSets: readonly SurveyQuestionSet[],
  departments?: readonly SurveyDepartmentLike[] | null,
): Group<R>[] {
  const groups = new Map<string, Group<R>>();
  for (const r of responses) {
    const key = responseGroupKey(r);
    let group = groups.get(key);
    if (!group) {
      const department = asDepartment(r.department);
      const label =
        r.department_label ||
        questionSets.find((s) => s.department === department)?.label ||
        departmentLabel(department);
      group = { key, department, label, rows: [] };
      groups.set(key, group);
    }
    group.rows.push(r);
  }
  const order = [
    ...(departments ?? []).map((d) => `label:${d.label}`),
    ...DEPARTMENTS.map((d) => `set:${d}`),
  ];
  const rank = (key: string) => {
    const i = order.indexOf(key);
    return i === -1 ? order.length : i;
  };
  return [...groups.values()].sort(
    (a, b) => rank(a.key) - rank(b.key) || a.label.localeCompare(b.label, 'fr'),
  );
}

/** Per-department sections (02 §2.19), in the departments' order, only those with responses. */
export function departmentResults(
  responses: readonly TeamSurveyResponse[],
  questionSets: readonly SurveyQuestionSet[],
  departments?: readonly SurveyDepartmentLike[] | null,
): DepartmentResult[] {
  return groupByDepartment(responses, questionSets, departments).map(
    ({ key, department, label, rows }) => {
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
          author: authorOf(r),
          date: formatLongDate(r.created_at),
          text: (r.improvement_suggestion ?? '').trim(),
        }));
      return {
        key,
        department,
        label,
        count: rows.length,
        questions,
        suggestions,
        responses: rows,
      };
    },
  );
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
  departments?: readonly SurveyDepartmentLike[] | null,
): SurveyResults {
  return {
    total: responses.length,
    departmentsCount: departmentsCount(responses),
    collectionDays: collectionDays(responses),
    toolsSatisfaction: toolsSatisfactionShares(responses),
    departments: departmentResults(responses, questionSets, departments),
  };
}

/** The latest response date of a survey list card, or null without responses. */
export function latestResponseAt(responses: readonly { created_at: string }[]): string | null {
  let latest: string | null = null;
  for (const r of responses)
    if (latest === null || Date.parse(r.created_at) > Date.parse(latest)) latest = r.created_at;
  return latest;
}

/**
 * Responses per department (survey list card, 02 §2.17), in the survey's order, labelled as on the
 * results page.
 */
export function responsesPerGroup(
  responses: readonly GroupFields[],
  questionSets: readonly SurveyQuestionSet[],
  departments?: readonly SurveyDepartmentLike[] | null,
): { key: string; label: string; count: number }[] {
  return groupByDepartment(responses, questionSets, departments).map((g) => ({
    key: g.key,
    label: g.label,
    count: g.rows.length,
  }));
}

/** Responses per generic department (the analyze-survey body's departments), in their order. */
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
