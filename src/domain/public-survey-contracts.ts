// Public survey RPCs (security definer functions, 02 §2.18) and the survey address, in zod/mini:
// the respondent's page (survey.html, phones on a weak connection) loads only these, not classic
// zod. src/domain/contracts.ts re-exports them, so the server, the tests and the other screens keep
// one import path. Mini schemas parse exactly like classic ones (.parse, .safeParse, z.infer).
import { z } from 'zod/mini';

export const DEPARTMENTS = [
  'commercial',
  'marketing',
  'hr',
  'management',
  'support',
  'admin',
  'tech',
  'other',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

export const TOOLS_SATISFACTION = ['yes', 'partially', 'no', 'unknown'] as const;
export type ToolsSatisfaction = (typeof TOOLS_SATISFACTION)[number];

export const surveyQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: z.enum(['checkbox', 'radio', 'text']),
  options: z._default(z.optional(z.array(z.string())), []),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

export const surveyQuestionSetSchema = z.object({
  department: z.enum(DEPARTMENTS),
  label: z.string(),
  questions: z.array(surveyQuestionSchema),
});
export type SurveyQuestionSet = z.infer<typeof surveyQuestionSetSchema>;

/**
 * A department the survey asks about (issue 29): the label the respondent sees and the question
 * set it answers. Bounds of team_surveys.departments.
 */
export const surveyDepartmentSchema = z.object({
  label: z.string().check(z.minLength(1), z.maxLength(60)),
  set: z.enum(DEPARTMENTS),
});
export type SurveyDepartment = z.infer<typeof surveyDepartmentSchema>;

/** A survey's own list (null: the eight generic departments). */
export const surveyDepartmentsSchema = z.nullable(
  z.array(surveyDepartmentSchema).check(z.minLength(1), z.maxLength(12)),
);

/**
 * rpc('get_public_survey', { p_survey_id }). company_name and departments came with issue 29: a
 * copy of the survey kept on the device before has neither (null).
 */
export const publicSurveySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(['active', 'closed']),
  company_name: z._default(z.optional(z.nullable(z.string().check(z.maxLength(300)))), null),
  departments: z._default(z.optional(z.catch(surveyDepartmentsSchema, null)), null),
  question_sets: z.array(surveyQuestionSetSchema),
});
export type PublicSurvey = z.infer<typeof publicSurveySchema>;

/** An optional name (issue 29): '' is no name. */
const personName = z.string().check(z.trim(), z.maxLength(100));

/** rpc('submit_survey_response', { p_response }) — payload */
export const publicSurveyAnswerSchema = z.object({
  id: z.uuid(),
  survey_id: z.uuid(),
  department: z.enum(DEPARTMENTS),
  /** the survey's own department chosen (absent: a generic department) */
  department_label: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(60)))),
  first_name: personName,
  last_name: personName,
  responses: z.record(
    z.string().check(z.maxLength(50)),
    z.union([
      z.string().check(z.maxLength(5000)),
      z.array(z.string().check(z.maxLength(500))).check(z.maxLength(50)),
    ]),
  ),
  tools_satisfaction: z.enum(TOOLS_SATISFACTION),
  improvement_suggestion: z.nullish(z.string().check(z.maxLength(5000))),
});
export type PublicSurveyAnswer = z.infer<typeof publicSurveyAnswerSchema>;

/** rpc('submit_survey_response') — result; errors come as Postgres errors with these codes. */
export const submitSurveyResultSchema = z.object({
  status: z.enum(['recorded', 'duplicate']),
  id: z.uuid(),
});
export type SubmitSurveyResult = z.infer<typeof submitSurveyResultSchema>;
export const SURVEY_ERROR_CODES = {
  notFound: 'survey_not_found',
  closed: 'survey_closed',
} as const;

// ----------------------------------------------------------------------------------------------
// The survey's address: /survey/{id} (the link a manager shares)
// ----------------------------------------------------------------------------------------------
const SURVEY_PATH = /^\/survey(?:\/(.*?))?\/?$/;

const decoded = (raw: string): string => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/** A page path under /survey to the id segment it names (undefined when it names none). */
export const surveyPathSchema = z.pipe(
  z.string().check(z.regex(SURVEY_PATH)),
  z.transform((path: string): string | undefined => {
    const raw = SURVEY_PATH.exec(path)?.[1];
    return raw ? decoded(raw) : undefined;
  }),
);

/**
 * The survey id named by a page path (location.pathname): '/survey/{id}' gives the id as written
 * (whether it can name a survey is the page's check); '/survey', '/survey/' and any path outside
 * /survey give undefined (the page says 'ID du sondage manquant').
 */
export function surveyIdFromPath(pathname: unknown): string | undefined {
  const parsed = surveyPathSchema.safeParse(pathname);
  return parsed.success ? parsed.data : undefined;
}
