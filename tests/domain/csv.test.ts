import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  TRAINING_PLAN_CSV_HEADERS,
  buildTrainingPlanCsv,
  neutralizeFormula,
} from '@/domain/csv';

const row = {
  employee: { first_name: 'Anne', last_name: 'Roy', department: 'hr' },
  topic: 'Excel',
  pedagogical_objectives: 'Dire "bonjour"; puis\nrépondre',
  business_impact: 'high',
  format: 'in_person',
  training_organization: 'Budget Formation',
  duration: 14,
  cost: 1550,
  funding_type: 'OPCO',
  coverage_rate: 80,
  remaining_cost: 310,
  status: 'to_organize',
  created_at: '2026-11-22T10:00:00Z',
};

const parse = (content: string) =>
  Papa.parse<string[]>(content.replace(/^\ufeff/, ''), { delimiter: ';' }).data.filter(
    (r) => r.length > 1,
  );

describe('buildTrainingPlanCsv', () => {
  it('file name projet-formation-YYYY-MM-DD.csv (Paris date)', () => {
    expect(buildTrainingPlanCsv([], new Date('2026-11-22T10:00:00Z')).fileName).toBe(
      'projet-formation-2026-11-22.csv',
    );
    expect(buildTrainingPlanCsv([], new Date('2026-11-22T23:30:00Z')).fileName).toBe(
      'projet-formation-2026-11-23.csv',
    );
  });
  it('starts with the UTF-8 BOM and the 14 French headers', () => {
    const { content } = buildTrainingPlanCsv([], new Date());
    expect(content.startsWith(CSV_BOM)).toBe(true);
    expect(parse(content)[0]).toEqual([
      'Employé',
      'Département',
      'Formation',
      'Objectifs',
      'Enjeu',
      'Format',
      'Organisme',
      'Durée (h)',
      'Coût (€)',
      'Financement',
      'Taux de prise en charge (%)',
      'Reste à charge (€)',
      'Statut',
      'Date de création',
    ]);
    expect(TRAINING_PLAN_CSV_HEADERS).toHaveLength(14);
  });
  it('writes one record per row with French labels', () => {
    const records = parse(buildTrainingPlanCsv([row], new Date()).content);
    expect(records[1]).toEqual([
      'Anne Roy',
      'Ressources humaines',
      'Excel',
      'Dire "bonjour"; puis\nrépondre',
      'Fort',
      'Présentiel',
      'Budget Formation',
      '14',
      '1550',
      'OPCO',
      '80',
      '310',
      'À organiser',
      '22 novembre 2026',
    ]);
  });
  it('escapes double quotes by doubling them inside a quoted cell', () => {
    expect(buildTrainingPlanCsv([row], new Date()).content).toContain(
      '"Dire ""bonjour""; puis\nrépondre"',
    );
  });
  it('neutralises formula cells with a leading single quote', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(neutralizeFormula(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(neutralizeFormula('Normal')).toBe('Normal');
    const records = parse(
      buildTrainingPlanCsv(
        [{ ...row, topic: '=HYPERLINK("x")', pedagogical_objectives: '-1+2' }],
        new Date(),
      ).content,
    );
    expect(records[1]?.[2]).toBe('\'=HYPERLINK("x")');
    expect(records[1]?.[3]).toBe("'-1+2");
  });
  it('missing employee and values give empty cells', () => {
    const records = parse(buildTrainingPlanCsv([{ topic: 'X' }], new Date()).content);
    expect(records[1]).toEqual(['', '', 'X', '', '', '', '', '', '', '', '', '', '', '']);
  });
});
