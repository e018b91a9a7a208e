// The respondent's answer in progress on the public survey (02 §2.18, §4, §5): the draft kept on
// the device (so that a closed tab or a reload loses nothing), and the answer it becomes on
// 'Envoyer'. Pure: the page stores the draft and queues the answer. zod/mini, like the rest of the
// respondent's page (survey.html).
import { z } from 'zod/mini';
import type {
  Department,
  PublicSurvey,
  PublicSurveyAnswer,
  SurveyQuestionSet,
  ToolsSatisfaction,
} from './public-survey-contracts';
import { DEPARTMENTS, TOOLS_SATISFACTION } from './public-survey-contracts';
import type { PublicSurveyStep } from './schemas/public-survey-steps';
import { surveyAnswersStepSchema, surveyIdentityStepSchema } from './schemas/public-survey-steps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A survey id as the server accepts it (a uuid); anything else cannot name a survey. */
export const isSurveyId = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);

/** Device keys of the cached survey and of the respondent's draft. */
export const surveyCacheKey = (surveyId: string): string => `survey:${surveyId}`;
export const surveyDraftKey = (surveyId: string): string => `survey-draft:${surveyId}`;

const upTo = (max: number) => z.string().check(z.maxLength(max));
const answerValue = z.union([upTo(5000), z.array(upTo(500)).check(z.maxLength(50))]);

export const surveyDraftSchema = z.object({
  step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  department: z.nullable(z.enum(DEPARTMENTS)),
  /** The survey's own department chosen (issue 29); null for a generic one. Absent from drafts
   * kept by earlier versions. */
  department_label: z._default(z.optional(z.nullable(upTo(60))), null),
  responses: z.record(upTo(50), answerValue),
  tools_satisfaction: z.nullable(z.enum(TOOLS_SATISFACTION)),
  improvement_suggestion: upTo(5000),
  first_name: upTo(100),
  last_name: upTo(100),
  /** The response id once the answer is queued: the draft is then done. */
  submitted_id: z.nullable(z.string().check(z.regex(UUID))),
});
export type SurveyDraft = z.infer<typeof surveyDraftSchema>;

export const emptySurveyDraft = (): SurveyDraft => ({
  step: 1,
  department: null,
  department_label: null,
  responses: {},
  tools_satisfaction: null,
  improvement_suggestion: '',
  first_name: '',
  last_name: '',
  submitted_id: null,
});

/** A stored draft, or a fresh one when it is missing or unreadable. */
export function readSurveyDraft(value: unknown): SurveyDraft {
  const parsed = surveyDraftSchema.safeParse(value);
  return parsed.success ? parsed.data : emptySurveyDraft();
}

/**
 * Step 1 (a click advances): the department is set (with the survey's own label, if any), its
 * answers kept only if it is unchanged.
 */
export function chooseDepartment(
  draft: SurveyDraft,
  department: Department,
  label: string | null = null,
): SurveyDraft {
  const same = draft.department === department && (draft.department_label ?? null) === label;
  return {
    ...draft,
    department,
    department_label: label,
    responses: same ? draft.responses : {},
    step: 2,
  };
}

/** One choice of step 1: what the respondent reads, the question set, the label kept (if any). */
export type DepartmentOption = { key: string; text: string; set: Department; label: string | null };

/**
 * The departments offered to the respondent: the survey's own list (issue 29), else the eight
 * generic departments named as their question sets are (`fallback` for a set not received).
 */
export function departmentOptions(
  survey: Pick<PublicSurvey, 'departments' | 'question_sets'>,
  fallback: (set: Department) => string,
): DepartmentOption[] {
  if (survey.departments && survey.departments.length > 0)
    return survey.departments.map((d, i) => ({
      key: `${i}:${d.label}`,
      text: d.label,
      set: d.set,
      label: d.label,
    }));
  return DEPARTMENTS.map((set) => ({
    key: set,
    text: survey.question_sets.find((s) => s.department === set)?.label ?? fallback(set),
    set,
    label: null,
  }));
}

/** Whether an option is the draft's current choice. */
export const isChosen = (draft: SurveyDraft, option: DepartmentOption): boolean =>
  draft.department === option.set && (draft.department_label ?? null) === option.label;

/** Ticks or unticks one option of a checkbox question. */
export function toggleOption(current: unknown, option: string, checked: boolean): string[] {
  const list = Array.isArray(current)
    ? current.filter((v): v is string => typeof v === 'string')
    : [];
  const without = list.filter((v) => v !== option);
  return checked ? [...without, option] : without;
}

/**
 * The answers of the chosen department's questions as the server stores them: only the set's
 * question ids, checkbox and radio answers restricted to the offered options (in the set's
 * order), texts trimmed, empty answers left out.
 */
export function cleanResponses(
  responses: Readonly<Record<string, unknown>>,
  set: SurveyQuestionSet | undefined,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const q of set?.questions ?? []) {
    const value = responses[q.id];
    if (q.type === 'checkbox') {
      const chosen = Array.isArray(value) ? value : [];
      const kept = q.options.filter((o) => chosen.includes(o));
      if (kept.length > 0) out[q.id] = kept;
    } else if (q.type === 'radio') {
      if (typeof value === 'string' && q.options.includes(value)) out[q.id] = value;
    } else if (typeof value === 'string' && value.trim() !== '') {
      out[q.id] = value.trim().slice(0, 5000);
    }
  }
  return out;
}

/** Answer fields of the public submit function, without the two ids (set by the queue). */
export type SurveyAnswerFields = Omit<PublicSurveyAnswer, 'id' | 'survey_id'> & {
  tools_satisfaction: ToolsSatisfaction;
};

/**
 * The answer to queue on 'Envoyer', or null while a step is incomplete (department, tools answer:
 * 02 §5). Names are optional (issue 29): '' is no name.
 */
export function draftToAnswer(
  draft: SurveyDraft,
  questionSets: readonly SurveyQuestionSet[],
): SurveyAnswerFields | null {
  if (draft.department === null) return null;
  const answers = surveyAnswersStepSchema.safeParse({
    responses: draft.responses,
    tools_satisfaction: draft.tools_satisfaction,
    improvement_suggestion: draft.improvement_suggestion,
  });
  const identity = surveyIdentityStepSchema.safeParse({
    first_name: draft.first_name,
    last_name: draft.last_name,
  });
  if (!answers.success || !identity.success) return null;
  const set = questionSets.find((s) => s.department === draft.department);
  const suggestion = answers.data.improvement_suggestion.trim();
  return {
    department: draft.department,
    ...(draft.department_label ? { department_label: draft.department_label } : {}),
    first_name: identity.data.first_name,
    last_name: identity.data.last_name,
    responses: cleanResponses(draft.responses, set),
    tools_satisfaction: answers.data.tools_satisfaction,
    improvement_suggestion: suggestion === '' ? null : suggestion,
  };
}

/** The wizard's step shown for a draft (4 is the thank-you once queued). */
export const draftStep = (draft: SurveyDraft): PublicSurveyStep =>
  draft.submitted_id ? 4 : draft.step;
