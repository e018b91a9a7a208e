// Team surveys (02 §2.17, §5) and the public survey wizard (02 §2.18, §4, §5).
import { z } from 'zod';
import { messages } from '../messages';
import { requiredText } from './common';

/** New survey: name required (Create disabled when empty). */
export const newSurveySchema = z.object(
  { name: requiredText(200, messages.surveyNameRequired) },
  { error: messages.invalidForm },
);
export const canCreateSurvey = (name: unknown): boolean =>
  newSurveySchema.shape.name.safeParse(name).success;

// The public survey wizard's steps are written with zod/mini in ./public-survey-steps (the
// respondent's lean page loads only them); re-exported here so that every importer keeps this path.
export {
  surveyDepartmentStepSchema,
  surveyAnswersStepSchema,
  surveyIdentityStepSchema,
  canLeaveSurveyStep,
  surveyIdError,
  type PublicSurveyStep,
} from './public-survey-steps';
