// Every form schema is total: null, undefined, numbers, numbers as strings, extra fields and
// 10 MB strings give issues with French messages (never a throw, never a slow parse).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountFormSchema, loginSchema, settingsFormSchemaFor } from '@/domain/schemas/auth';
import { optionalPhoneSchema, emailSchema } from '@/domain/schemas/common';
import { agreementStepSchema } from '@/domain/schemas/onboarding';
import {
  newSurveySchema,
  surveyAnswersStepSchema,
  surveyDepartmentStepSchema,
  surveyIdentityStepSchema,
} from '@/domain/schemas/surveys';
import {
  estimateInputSchema,
  newTrainingRequestSchema,
  recommendationNeedSchema,
} from '@/domain/schemas/training';
import {
  unlockBudgetFormSchema,
  unlockObjectiveStepSchema,
  unlockPlanningStepSchema,
  unlockTargetStepSchema,
  unlockTopicsStepSchema,
} from '@/domain/schemas/unlock-budget';

const HUGE = 'é'.repeat(10 * 1024 * 1024);
const FIELDS = [
  'name',
  'lastName',
  'email',
  'phone',
  'role',
  'password',
  'confirmPassword',
  'acceptTerms',
  'contact_name',
  'contact_email',
  'contact_phone',
  'current_password',
  'new_password',
  'confirm_password',
  'idcc',
  'range',
  'employeeCount',
  'objective',
  'objectiveOther',
  'target',
  'targetOther',
  'topics',
  'topicsOther',
  'rhythm',
  'rhythmOther',
  'startDate',
  'topic',
  'description',
  'format',
  'duration',
  'budget',
  'department',
  'responses',
  'tools_satisfaction',
  'improvement_suggestion',
  'first_name',
  'last_name',
];
const fill = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

// Classic zod and zod/mini schemas alike (the public survey's steps are zod/mini).
const schemas: Record<string, z.core.$ZodType> = {
  accountFormSchema,
  loginSchema,
  settingsFormSchema: settingsFormSchemaFor('rh@exemple.fr'),
  emailSchema,
  optionalPhoneSchema,
  agreementStepSchema,
  newSurveySchema,
  surveyDepartmentStepSchema,
  surveyAnswersStepSchema,
  surveyIdentityStepSchema,
  recommendationNeedSchema,
  estimateInputSchema,
  newTrainingRequestSchema,
  unlockObjectiveStepSchema,
  unlockTargetStepSchema,
  unlockTopicsStepSchema,
  unlockPlanningStep: unlockPlanningStepSchema('2026-11-22'),
  unlockBudgetForm: unlockBudgetFormSchema('2026-11-22'),
};

const inputs: Array<[string, unknown]> = [
  ['null', null],
  ['undefined', undefined],
  ['a number', 42],
  ['a number as a string', '42'],
  ['an array', ['x']],
  ['every field null', fill(null)],
  ['every field a number', fill(7)],
  ['every field a number as a string', fill('7')],
  ['every field an object', fill({ nested: true })],
  ['every field a 10 MB string', { ...fill(HUGE), extra: HUGE }],
  ['a 10 MB string', HUGE],
];

describe.each(Object.entries(schemas))('%s', (_name, schema) => {
  it.each(inputs)('%s: safeParse fails with French messages, without throwing', (_label, input) => {
    const result = z.safeParse(schema, input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        expect(issue.message).not.toMatch(/^Invalid|expected|received/);
      }
    }
    // Only the optional phone accepts null / undefined; nothing accepts a 10 MB value.
    if (input === HUGE || (typeof input === 'object' && input !== null && 'extra' in input)) {
      expect(result.success).toBe(false);
    }
  });
});
