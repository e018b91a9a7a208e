import { describe, expect, it } from 'vitest';
import type { SurveyQuestionSet } from '@/domain/contracts';
import { radioQuestionResults, textQuestionAnswers } from '@/domain/survey-answers';
import type { TeamSurveyResponse } from '@/domain/survey-results';

const r = (over: Partial<TeamSurveyResponse>): TeamSurveyResponse => ({
  department: 'other',
  first_name: 'Anne',
  last_name: 'Roy',
  responses: {},
  tools_satisfaction: 'yes',
  improvement_suggestion: null,
  created_at: '2026-11-22T10:00:00Z',
  ...over,
});

const other: SurveyQuestionSet = {
  department: 'other',
  label: 'Autre',
  questions: [
    { id: 'role', text: 'Votre métier ?', type: 'text', options: [] },
    { id: 'additional', text: 'Quelles formations ?', type: 'text', options: [] },
    { id: 'priorities', text: 'Priorité ?', type: 'radio', options: ['A', 'B'] },
  ],
};

describe('single-choice percentages', () => {
  it('shares of the department only, one decimal, every option listed', () => {
    const rows = [
      r({ responses: { priorities: 'A' } }),
      r({ responses: { priorities: 'A' } }),
      r({ responses: { priorities: 'B' } }),
      r({ responses: {} }),
      r({ department: 'tech', responses: { priorities: 'B' } }),
    ];
    expect(radioQuestionResults(rows, other)).toEqual([
      {
        id: 'priorities',
        text: 'Priorité ?',
        options: [
          { option: 'A', count: 2, percent: 50 },
          { option: 'B', count: 1, percent: 25 },
        ],
      },
    ]);
    expect(radioQuestionResults(rows, undefined)).toEqual([]);
  });
});

describe('free-text answers', () => {
  it('lists non-blank answers with author and French date, newest first; questions without answers left out', () => {
    const rows = [
      r({
        first_name: 'Léa',
        last_name: 'Martin',
        responses: { role: ' Magasinière ' },
        created_at: '2026-11-20T10:00:00Z',
      }),
      r({
        first_name: 'Paul',
        last_name: 'Roy',
        responses: { role: 'Chauffeur', additional: '  ' },
        created_at: '2026-11-21T10:00:00Z',
      }),
      r({ department: 'tech', responses: { role: 'Dev' } }),
      r({ responses: { role: ['pas', 'un', 'texte'] } }),
    ];
    expect(textQuestionAnswers(rows, other)).toEqual([
      {
        id: 'role',
        text: 'Votre métier ?',
        answers: [
          { author: 'Paul Roy', date: '21 novembre 2026', text: 'Chauffeur' },
          { author: 'Léa Martin', date: '20 novembre 2026', text: 'Magasinière' },
        ],
      },
    ]);
  });
});
