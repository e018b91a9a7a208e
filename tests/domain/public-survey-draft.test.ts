import { describe, expect, it } from 'vitest';
import type { SurveyQuestionSet } from '@/domain/contracts';
import { publicSurveyAnswerSchema } from '@/domain/contracts';
import {
  chooseDepartment,
  cleanResponses,
  draftStep,
  draftToAnswer,
  emptySurveyDraft,
  isSurveyId,
  readSurveyDraft,
  toggleOption,
  type SurveyDraft,
} from '@/domain/public-survey-draft';

const sets: SurveyQuestionSet[] = [
  {
    department: 'hr',
    label: 'RH',
    questions: [
      {
        id: 'skills',
        text: 'Compétences',
        type: 'checkbox',
        options: ['Paie', 'Recrutement', 'GEPP'],
      },
      { id: 'priorities', text: 'Priorité', type: 'radio', options: ['A', 'B'] },
      { id: 'additional', text: 'Autre', type: 'text', options: [] },
    ],
  },
];

const filled = (over: Partial<SurveyDraft> = {}): SurveyDraft => ({
  ...emptySurveyDraft(),
  step: 3,
  department: 'hr',
  responses: { skills: ['GEPP', 'Paie'], priorities: 'B', additional: '  Excel  ' },
  tools_satisfaction: 'partially',
  improvement_suggestion: '  ',
  first_name: ' Léa ',
  last_name: 'Martin',
  ...over,
});

describe('survey ids', () => {
  it('accepts uuids only', () => {
    expect(isSurveyId('5f2b1c3e-8a4d-4e6f-9b1a-2c3d4e5f6a7b')).toBe(true);
    expect(isSurveyId('5F2B1C3E-8A4D-4E6F-9B1A-2C3D4E5F6A7B')).toBe(true);
    for (const junk of ['', 'abc', '5f2b1c3e-8a4d-4e6f-9b1a-2c3d4e5f6a7', null, 42, undefined]) {
      expect(isSurveyId(junk)).toBe(false);
    }
  });
});

describe('the draft kept on the device', () => {
  it('reads a stored draft back and replaces junk by an empty one', () => {
    expect(readSurveyDraft(filled())).toEqual(filled());
    expect(readSurveyDraft(undefined)).toEqual(emptySurveyDraft());
    expect(readSurveyDraft({ ...filled(), step: 9 })).toEqual(emptySurveyDraft());
    expect(readSurveyDraft({ ...filled(), department: 'sales' })).toEqual(emptySurveyDraft());
    expect(readSurveyDraft('{"step":1}')).toEqual(emptySurveyDraft());
  });

  it('a department click advances to step 2; another department starts its answers afresh', () => {
    const d = chooseDepartment(emptySurveyDraft(), 'hr');
    expect(d).toMatchObject({ department: 'hr', step: 2, responses: {} });
    const answered = { ...d, responses: { skills: ['Paie'] } };
    expect(chooseDepartment(answered, 'hr').responses).toEqual({ skills: ['Paie'] });
    expect(chooseDepartment(answered, 'tech').responses).toEqual({});
  });

  it('ticks and unticks options without duplicates', () => {
    expect(toggleOption(undefined, 'A', true)).toEqual(['A']);
    expect(toggleOption(['A'], 'A', true)).toEqual(['A']);
    expect(toggleOption(['A', 'B'], 'A', false)).toEqual(['B']);
    expect(toggleOption('A', 'B', true)).toEqual(['B']);
  });

  it('step 4 once the answer is queued', () => {
    expect(draftStep(filled())).toBe(3);
    expect(draftStep(filled({ submitted_id: '5f2b1c3e-8a4d-4e6f-9b1a-2c3d4e5f6a7b' }))).toBe(4);
  });
});

describe('the answer sent', () => {
  it('keeps only the set questions and offered options, in the set order, without empty answers', () => {
    expect(
      cleanResponses(
        { skills: ['GEPP', 'Inconnu', 'Paie'], priorities: 'Z', additional: ' ', other: 'x' },
        sets[0],
      ),
    ).toEqual({ skills: ['Paie', 'GEPP'] });
    expect(cleanResponses({ skills: [] }, sets[0])).toEqual({});
    expect(cleanResponses({ skills: ['Paie'] }, undefined)).toEqual({});
  });

  it('builds the public answer: names trimmed, blank suggestion null; valid for the submit function', () => {
    const answer = draftToAnswer(filled(), sets);
    expect(answer).toEqual({
      department: 'hr',
      first_name: 'Léa',
      last_name: 'Martin',
      responses: { skills: ['Paie', 'GEPP'], priorities: 'B', additional: 'Excel' },
      tools_satisfaction: 'partially',
      improvement_suggestion: null,
    });
    const full = {
      ...answer,
      id: '5f2b1c3e-8a4d-4e6f-9b1a-2c3d4e5f6a7b',
      survey_id: '6f2b1c3e-8a4d-4e6f-9b1a-2c3d4e5f6a7b',
    };
    expect(publicSurveyAnswerSchema.safeParse(full).success).toBe(true);
  });

  it('is null while a required answer is missing (02 §5)', () => {
    expect(draftToAnswer(filled({ department: null }), sets)).toBeNull();
    expect(draftToAnswer(filled({ tools_satisfaction: null }), sets)).toBeNull();
    expect(draftToAnswer(filled({ first_name: '  ' }), sets)).toBeNull();
    expect(draftToAnswer(filled({ last_name: '' }), sets)).toBeNull();
  });
});
