// The public survey's contracts in zod/mini (src/domain/public-survey-contracts.ts): the RPC
// schemas parse as the classic ones did (defaults, uuids, trimmed names, stripped extra keys), are
// the ones src/domain/contracts.ts exports, and the survey id is read from the page address.
import { describe, expect, it } from 'vitest';
import * as contracts from '@/domain/contracts';
import {
  publicSurveyAnswerSchema,
  publicSurveySchema,
  submitSurveyResultSchema,
  surveyIdFromPath,
} from '@/domain/public-survey-contracts';
import * as steps from '@/domain/schemas/public-survey-steps';
import * as surveys from '@/domain/schemas/surveys';

const ID = '5f2b1c3e-8a4d-4e6f-9b1a-2c3d4e5f6a7b';

describe('survey id from the page address', () => {
  it('reads /survey/{id}, with or without a trailing slash, decoded', () => {
    expect(surveyIdFromPath(`/survey/${ID}`)).toBe(ID);
    expect(surveyIdFromPath(`/survey/${ID}/`)).toBe(ID);
    expect(surveyIdFromPath('/survey/abc')).toBe('abc');
    expect(surveyIdFromPath('/survey/a%20b')).toBe('a b');
    expect(surveyIdFromPath('/survey/%E0%A4%A')).toBe('%E0%A4%A');
    expect(surveyIdFromPath('/survey/a/b')).toBe('a/b');
  });

  it('names no survey for /survey, /survey/ and any other address', () => {
    for (const path of [
      '/survey',
      '/survey/',
      '/surveys/x',
      '/survey-results/x',
      '/',
      '',
      null,
      42,
    ]) {
      expect(surveyIdFromPath(path), String(path)).toBeUndefined();
    }
  });
});

describe('public survey RPC schemas (zod/mini)', () => {
  it('contracts.ts and schemas/surveys.ts export these very schemas', () => {
    expect(contracts.publicSurveySchema).toBe(publicSurveySchema);
    expect(contracts.publicSurveyAnswerSchema).toBe(publicSurveyAnswerSchema);
    expect(contracts.submitSurveyResultSchema).toBe(submitSurveyResultSchema);
    expect(surveys.surveyAnswersStepSchema).toBe(steps.surveyAnswersStepSchema);
    expect(surveys.surveyIdentityStepSchema).toBe(steps.surveyIdentityStepSchema);
  });

  it('get_public_survey: options default to [], extra keys are dropped, ids are uuids; a copy from before issue 29 has no company nor departments', () => {
    const parsed = publicSurveySchema.parse({
      id: ID,
      name: 'Besoins',
      status: 'active',
      extra: true,
      question_sets: [
        { department: 'hr', label: 'RH', questions: [{ id: 'q', text: 'Q ?', type: 'text' }] },
      ],
    });
    expect(parsed).toEqual({
      id: ID,
      name: 'Besoins',
      status: 'active',
      company_name: null,
      departments: null,
      question_sets: [
        {
          department: 'hr',
          label: 'RH',
          questions: [{ id: 'q', text: 'Q ?', type: 'text', options: [] }],
        },
      ],
    });
    expect(publicSurveySchema.safeParse({ ...parsed, id: 'abc' }).success).toBe(false);
    const own = publicSurveySchema.parse({
      ...parsed,
      company_name: 'Boulangerie Martin',
      departments: [{ label: 'Vente en boutique', set: 'other' }],
    });
    expect(own).toMatchObject({
      company_name: 'Boulangerie Martin',
      departments: [{ label: 'Vente en boutique', set: 'other' }],
    });
    // A list the page cannot read is the generic one, never a failure to show the survey.
    expect(
      publicSurveySchema.parse({ ...parsed, departments: [{ label: '', set: 'finance' }] })
        .departments,
    ).toBeNull();
    expect(publicSurveySchema.safeParse({ ...parsed, status: 'draft' }).success).toBe(false);
    expect(
      publicSurveySchema.safeParse({
        ...parsed,
        question_sets: [{ department: 'finance', label: 'x', questions: [] }],
      }).success,
    ).toBe(false);
  });

  it('submit_survey_response: names optional, trimmed and bounded, answers bounded, result shape', () => {
    const answer = {
      id: ID,
      survey_id: ID,
      department: 'tech',
      first_name: '  Léa ',
      last_name: 'Martin',
      responses: { skills: ['Cloud'], priority: 'A' },
      tools_satisfaction: 'yes',
    };
    expect(publicSurveyAnswerSchema.parse(answer)).toMatchObject({
      first_name: 'Léa',
      last_name: 'Martin',
    });
    // No name (issue 29): empty after trimming.
    expect(publicSurveyAnswerSchema.parse({ ...answer, first_name: '   ' }).first_name).toBe('');
    expect(
      publicSurveyAnswerSchema.safeParse({ ...answer, department_label: 'x'.repeat(61) }).success,
    ).toBe(false);
    expect(
      publicSurveyAnswerSchema.parse({ ...answer, department_label: 'Vente' }).department_label,
    ).toBe('Vente');
    expect(
      publicSurveyAnswerSchema.safeParse({ ...answer, last_name: 'x'.repeat(101) }).success,
    ).toBe(false);
    expect(
      publicSurveyAnswerSchema.safeParse({ ...answer, responses: { q: 'x'.repeat(5001) } }).success,
    ).toBe(false);
    expect(
      publicSurveyAnswerSchema.safeParse({ ...answer, improvement_suggestion: null }).success,
    ).toBe(true);
    expect(
      publicSurveyAnswerSchema.safeParse({ ...answer, tools_satisfaction: 'maybe' }).success,
    ).toBe(false);
    expect(submitSurveyResultSchema.parse({ status: 'duplicate', id: ID })).toEqual({
      status: 'duplicate',
      id: ID,
    });
    expect(submitSurveyResultSchema.safeParse({ status: 'ok', id: ID }).success).toBe(false);
  });
});
