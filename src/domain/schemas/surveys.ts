// Team surveys (02 §2.17, §5) and the public survey wizard (02 §2.18, §4, §5).
import { z } from 'zod';
import { DEPARTMENTS, TOOLS_SATISFACTION } from '../contracts';
import { messages } from '../messages';
import { boundedString, optionalText, requiredText } from './common';

/** New survey: name required (Create disabled when empty). */
export const newSurveySchema = z.object(
  { name: requiredText(200, messages.surveyNameRequired) },
  { error: messages.invalidForm },
);
export const canCreateSurvey = (name: unknown): boolean =>
  newSurveySchema.shape.name.safeParse(name).success;

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
      .max(50, { message: messages.answerInvalid }),
  ],
  { error: messages.answerInvalid },
);

/**
 * Step 2: the department questions (optional answers), the tools question (required to continue)
 * and the free suggestion (optional).
 */
export const surveyAnswersStepSchema = z.object(
  {
    responses: z
      .record(z.string().max(50), answer, { error: messages.invalidForm })
      .nullish()
      .transform((v) => v ?? {})
      .refine((v) => Object.keys(v).length <= 100, { message: messages.invalidForm }),
    tools_satisfaction: z.enum(TOOLS_SATISFACTION, { error: messages.toolsAnswerRequired }),
    improvement_suggestion: optionalText(5000)
      .optional()
      .transform((v) => v ?? ''),
  },
  { error: messages.invalidForm },
);

/** Step 3: first name and last name required to send. */
export const surveyIdentityStepSchema = z.object(
  {
    first_name: requiredText(100, messages.firstNameRequired),
    last_name: requiredText(100, messages.lastNameRequired),
  },
  { error: messages.invalidForm },
);

export type PublicSurveyStep = 1 | 2 | 3 | 4;

/** 02 §4: step 1 advances on a department; 2 needs a tools answer; 3 sends with both names. */
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
