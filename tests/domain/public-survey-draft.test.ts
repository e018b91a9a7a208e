import { describe, expect, it } from 'vitest';
import type { SurveyQuestionSet } from '@/domain/contracts';
import { publicSurveyAnswerSchema } from '@/domain/contracts';
import {
  chooseDepartment,
  cleanResponses,
  departmentOptions,
  draftStep,
  draftToAnswer,
  emptySurveyDraft,
  isChosen,
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

  it('is null while a required answer is missing (02 §5); the names are optional (issue 29)', () => {
    expect(draftToAnswer(filled({ department: null }), sets)).toBeNull();
    expect(draftToAnswer(filled({ tools_satisfaction: null }), sets)).toBeNull();
    expect(draftToAnswer(filled({ first_name: '  ', last_name: '' }), sets)).toMatchObject({
      first_name: '',
      last_name: '',
    });
  });

  it("carries the survey's own department label when one was chosen (issue 29)", () => {
    const own = chooseDepartment(filled({ department: null }), 'other', 'Vente en boutique');
    expect(draftToAnswer({ ...own, tools_satisfaction: 'yes' }, sets)).toMatchObject({
      department: 'other',
      department_label: 'Vente en boutique',
    });
    expect(draftToAnswer(filled({}), sets)).not.toHaveProperty('department_label');
  });
});

describe('the departments offered (issue 29)', () => {
  const survey = { departments: null, question_sets: sets };
  it("are the survey's own when it has a list, else the eight generic ones named by their set", () => {
    const generic = departmentOptions(survey, (code) => `(${code})`);
    expect(generic.map((o) => o.set)).toEqual([
      'commercial',
      'marketing',
      'hr',
      'management',
      'support',
      'admin',
      'tech',
      'other',
    ]);
    expect(generic.every((o) => o.label === null)).toBe(true);
    const own = departmentOptions(
      {
        ...survey,
        departments: [
          { label: 'Fournil', set: 'other' },
          { label: 'Administratif / Finance', set: 'admin' },
        ],
      },
      () => 'x',
    );
    expect(own.map((o) => [o.text, o.set, o.label])).toEqual([
      ['Fournil', 'other', 'Fournil'],
      ['Administratif / Finance', 'admin', 'Administratif / Finance'],
    ]);
  });

  it('a choice is the same department and label; changing either starts the answers afresh', () => {
    const a = chooseDepartment(emptySurveyDraft(), 'other', 'Fournil');
    const answered = { ...a, responses: { role: 'Boulanger' } };
    expect(isChosen(answered, { key: 'k', text: 'Fournil', set: 'other', label: 'Fournil' })).toBe(
      true,
    );
    expect(chooseDepartment(answered, 'other', 'Fournil').responses).toEqual({
      role: 'Boulanger',
    });
    expect(chooseDepartment(answered, 'other', 'Vente en boutique').responses).toEqual({});
  });

  it('reads a draft kept by an earlier version (no department_label) as a generic choice', () => {
    const { department_label: _, ...old } = chooseDepartment(emptySurveyDraft(), 'hr');
    expect(readSurveyDraft(old)).toMatchObject({ department: 'hr', department_label: null });
  });
});
