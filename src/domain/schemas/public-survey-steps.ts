// The public survey wizard's steps (02 §2.18, §4, §5), in zod/mini: the respondent's page
// (survey.html) loads these and not classic zod. Same rules and French messages as the other form
// schemas (./common: bounds checked first with `abort`, then trim); ./surveys re-exports them.
import { z } from 'zod/mini';
import { DEPARTMENTS, TOOLS_SATISFACTION } from '../public-survey-contracts';
import { messages } from '../messages';

/** A string bounded to `max` characters; anything that is not a string gets `message`. */
const boundedString = (max: number, message: string) =>
  z
    .string({ error: message })
    .check(z.maxLength(max, { message: messages.tooLong(max), abort: true }));

/** Optional text: null and undefined become ''. */
const optionalText = (max: number) =>
  z.pipe(
    z.pipe(
      z.union([z.string(), z.null(), z.undefined()], { error: messages.invalidValue }),
      z.transform((v: string | null | undefined) => v ?? ''),
    ),
    z.string().check(z.maxLength(max, { message: messages.tooLong(max), abort: true }), z.trim()),
  );

/** Step 1: the department. */
export const surveyDepartmentStepSchema = z.object(
  { department: z.enum(DEPARTMENTS, { error: messages.departmentRequired }) },
  { error: messages.invalidForm },
);

const answer = z.union(
  [
    boundedString(5000, messages.answerInvalid),
    z
      .array(boundedString(500, messages.answerInvalid))
      .check(z.maxLength(50, { message: messages.answerInvalid })),
  ],
  { error: messages.answerInvalid },
);

type Answers = Record<string, string | string[]>;

/**
 * Step 2: the department questions (optional answers), the tools question (required to continue)
 * and the free suggestion (optional).
 */
export const surveyAnswersStepSchema = z.object(
  {
    responses: z
      .pipe(
        z.nullish(
          z.record(z.string().check(z.maxLength(50)), answer, { error: messages.invalidForm }),
        ),
        z.transform((v: Answers | null | undefined): Answers => v ?? {}),
      )
      .check(
        z.refine((v: Answers) => Object.keys(v).length <= 100, { message: messages.invalidForm }),
      ),
    tools_satisfaction: z.enum(TOOLS_SATISFACTION, { error: messages.toolsAnswerRequired }),
    improvement_suggestion: z.pipe(
      z.optional(optionalText(5000)),
      z.transform((v: string | undefined) => v ?? ''),
    ),
  },
  { error: messages.invalidForm },
);

/**
 * Step 3: first name and last name, both optional (issue 29: « Laisser vide pour répondre sans
 * donner votre nom »; 02 §5 required them). Trimmed; '' is no name.
 */
const optionalName = z.pipe(
  z.optional(optionalText(100)),
  z.transform((v: string | undefined) => v ?? ''),
);

export const surveyIdentityStepSchema = z.object(
  {
    first_name: optionalName,
    last_name: optionalName,
  },
  { error: messages.invalidForm },
);

export type PublicSurveyStep = 1 | 2 | 3 | 4;

/** 02 §4: step 1 advances on a department; 2 needs a tools answer; 3 sends (names optional). */
export function canLeaveSurveyStep(step: PublicSurveyStep, values: unknown): boolean {
  if (step === 1) return surveyDepartmentStepSchema.safeParse(values).success;
  if (step === 2) return surveyAnswersStepSchema.safeParse(values).success;
  if (step === 3) return surveyIdentityStepSchema.safeParse(values).success;
  return false;
}

/** The survey id of the page address: 'ID du sondage manquant' when absent. */
export function surveyIdError(id: unknown): string | null {
  return typeof id === 'string' && id.trim() !== '' ? null : messages.surveyIdMissing;
}
