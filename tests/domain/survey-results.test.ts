import { describe, expect, it } from 'vitest';
import { analyzeSurveyRequestSchema, type SurveyQuestionSet } from '@/domain/contracts';
import {
  buildAnalyzeSurveyPayload,
  collectionDays,
  departmentsCount,
  latestResponseAt,
  percent,
  responsesLabel,
  responsesPerDepartment,
  responsesPerGroup,
  authorOf,
  surveyResults,
  toolsSatisfactionShares,
  type TeamSurveyResponse,
} from '@/domain/survey-results';

const r = (over: Partial<TeamSurveyResponse>): TeamSurveyResponse => ({
  department: 'tech',
  first_name: 'Anne',
  last_name: 'Roy',
  responses: {},
  tools_satisfaction: 'yes',
  improvement_suggestion: null,
  created_at: '2026-11-22T10:00:00Z',
  ...over,
});

const sets: SurveyQuestionSet[] = [
  {
    department: 'tech',
    label: 'Tech',
    questions: [
      { id: 'skills', text: 'Compétences', type: 'checkbox', options: ['Cloud', 'Sécurité', 'IA'] },
      { id: 'role', text: 'Rôle', type: 'radio', options: ['Dev', 'Ops'] },
    ],
  },
];

describe('percentages', () => {
  it('one decimal, 0 over 0', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(0, 0)).toBe(0);
  });
});

describe("'réponse' plural rule", () => {
  it('0 réponse, 1 réponse, 2 réponses', () => {
    expect(responsesLabel(0)).toBe('0 réponse');
    expect(responsesLabel(1)).toBe('1 réponse');
    expect(responsesLabel(2)).toBe('2 réponses');
  });
});

describe('aggregates', () => {
  const responses = [
    r({
      responses: { skills: ['Cloud', 'IA'], role: 'Dev' },
      created_at: '2026-11-22T23:30:00Z',
      improvement_suggestion: ' Plus de pratique ',
    }),
    r({
      responses: { skills: ['Cloud'] },
      tools_satisfaction: 'no',
      created_at: '2026-11-23T08:00:00Z',
    }),
    r({
      responses: { skills: 'IA' },
      tools_satisfaction: 'partially',
      created_at: '2026-11-21T08:00:00Z',
    }),
    r({ department: 'hr', tools_satisfaction: 'yes', created_at: '2026-11-21T09:00:00Z' }),
  ];
  it('collection days are distinct Paris calendar days', () => {
    // 23:30 UTC on the 22nd is 00:30 on the 23rd in Paris.
    expect(collectionDays(responses)).toBe(2);
    expect(collectionDays([])).toBe(0);
  });
  it('departments count', () => {
    expect(departmentsCount(responses)).toBe(2);
  });
  it('tools satisfaction shares', () => {
    expect(toolsSatisfactionShares(responses)).toEqual([
      { key: 'yes', label: 'Oui', count: 2, percent: 50 },
      { key: 'partially', label: 'Partiellement', count: 1, percent: 25 },
      { key: 'no', label: 'Non', count: 1, percent: 25 },
      { key: 'unknown', label: 'Je ne sais pas', count: 0, percent: 0 },
    ]);
  });
  it('per-option percentages for checkbox questions only', () => {
    const results = surveyResults(responses, sets);
    expect(results.total).toBe(4);
    const tech = results.departments.find((d) => d.department === 'tech');
    expect(tech?.count).toBe(3);
    expect(tech?.questions).toEqual([
      {
        id: 'skills',
        text: 'Compétences',
        options: [
          { option: 'Cloud', count: 2, percent: 66.7 },
          { option: 'Sécurité', count: 0, percent: 0 },
          { option: 'IA', count: 2, percent: 66.7 },
        ],
      },
    ]);
    expect(tech?.suggestions).toEqual([
      { author: 'Anne Roy', date: '23 novembre 2026', text: 'Plus de pratique' },
    ]);
    // Labelled as the question sets are (the domain's name when the set is not known).
    expect(results.departments.map((d) => d.label)).toEqual(['Ressources humaines', 'Tech']);
  });
  it("groups the survey's own departments by their label, in the survey's order (issue 29)", () => {
    const own = [
      { label: 'Vente en boutique', set: 'other' },
      { label: 'Fournil', set: 'other' },
    ];
    const rows = [
      r({ department: 'other', department_label: 'Fournil', first_name: '', last_name: '' }),
      r({ department: 'other', department_label: 'Vente en boutique' }),
      r({ department: 'other', department_label: 'Fournil', improvement_suggestion: 'Un four' }),
      // An answer from a page that did not know the list: its generic department, after.
      r({ department: 'tech' }),
    ];
    const results = surveyResults(rows, sets, own);
    expect(results.departments.map((d) => [d.label, d.department, d.count])).toEqual([
      ['Vente en boutique', 'other', 1],
      ['Fournil', 'other', 2],
      ['Tech', 'tech', 1],
    ]);
    expect(results.departmentsCount).toBe(3);
    expect(results.departments[1]!.responses).toHaveLength(2);
    expect(responsesPerGroup(rows, sets, own).map((g) => [g.label, g.count])).toEqual([
      ['Vente en boutique', 1],
      ['Fournil', 2],
      ['Tech', 1],
    ]);
    // No name given: no author (the page says « Réponse sans nom »).
    expect(authorOf(rows[0]!)).toBe('');
    expect(results.departments[1]!.suggestions).toEqual([
      { author: 'Anne Roy', date: '22 novembre 2026', text: 'Un four' },
    ]);
  });
  it('latest response and per-department counts', () => {
    expect(latestResponseAt(responses)).toBe('2026-11-23T08:00:00Z');
    expect(latestResponseAt([])).toBeNull();
    expect(responsesPerDepartment(responses)).toEqual([
      { department: 'hr', count: 1 },
      { department: 'tech', count: 3 },
    ]);
  });
  it('the analyze-survey payload has the 02 §7.4 shape', () => {
    const payload = buildAnalyzeSurveyPayload(responses);
    expect(analyzeSurveyRequestSchema.safeParse(payload).success).toBe(true);
    expect(payload.surveyData.departments).toEqual([
      { name: 'hr', count: 1 },
      { name: 'tech', count: 3 },
    ]);
    expect(payload.surveyData.toolsSatisfaction).toEqual([
      { status: 'yes', count: 2 },
      { status: 'partially', count: 1 },
      { status: 'no', count: 1 },
    ]);
    expect(payload.surveyData.responses[0]).toEqual({
      department: 'tech',
      responses: { skills: ['Cloud', 'IA'], role: 'Dev' },
      improvement: 'Plus de pratique',
    });
    expect(payload.surveyData.responses[3]?.improvement).toBeNull();
  });
  it('the payload stays within the contract bounds', () => {
    const many = Array.from({ length: 5001 }, () =>
      r({ improvement_suggestion: 'x'.repeat(6000), responses: { q: 'y'.repeat(6000) } }),
    );
    const payload = buildAnalyzeSurveyPayload(many);
    expect(payload.surveyData.responses).toHaveLength(5000);
    expect(analyzeSurveyRequestSchema.safeParse(payload).success).toBe(true);
  });
});
