import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvRecordLine, trainingPlanCsvRecord, type TrainingPlanCsvRow } from '@/domain/csv';
import { manualTrainingRequest, recommendationToTrainingRequest } from '@/domain/training';
import { createCsvLineBuilder, trainingPlanCsvChunks } from '@/domain/training-plan-csv';
import { buildTrainingPlanCsv } from '@/domain/csv';
import {
  employeeFullName,
  generateTrainingBody,
  isPlanFiltered,
  joinPlanRows,
  newRequestReadiness,
  planFilterFrom,
  recommendationsNavSiret,
  requestContext,
  TRAINING_STATUSES,
} from '@/domain/training-plan-rules';

const OWNER = '22222222-2222-4222-8222-222222222222';
const profile = {
  contact_name: ' Camille Martin ',
  contact_email: 'rh@exemple.fr',
  contact_phone: '',
};
const company = { siret: '12345678900011', name: 'Atelier Martin', idcc: '1486' };

describe('plan rows', () => {
  it('joins each request to its employee and names it', () => {
    const employees = [
      { id: 'e1', first_name: 'À', last_name: 'définir', department: 'other' },
      { id: 'e2', first_name: ' Inès ', last_name: 'Dubois', department: 'hr' },
    ];
    const rows = joinPlanRows(
      [
        { id: 'r1', employee_id: 'e1', topic: 'A' },
        { id: 'r2', employee_id: 'e2', topic: 'B' },
        { id: 'r3', employee_id: null, topic: 'C' },
        { id: 'r4', employee_id: 'gone', topic: 'D' },
      ],
      employees,
    );
    expect(rows.map((r) => r.employeeName)).toEqual(['À définir', 'Inès Dubois', '', '']);
    expect(rows[1]!.employee).toBe(employees[1]);
    expect(rows[2]!.employee).toBeNull();
    expect(employeeFullName(null)).toBe('');
  });

  it('reads the filter from UI values, anything unexpected meaning no filter', () => {
    expect(planFilterFrom('excel', 'completed')).toEqual({ query: 'excel', status: 'completed' });
    expect(planFilterFrom(42, 'nope')).toEqual({ query: '', status: 'all' });
    expect(planFilterFrom('x'.repeat(500), 'all').query).toHaveLength(200);
    expect(isPlanFiltered({ query: '  ', status: 'all' })).toBe(false);
    expect(isPlanFiltered({ query: '', status: 'cancelled' })).toBe(true);
    expect(TRAINING_STATUSES).toEqual([
      'to_organize',
      'pending_funding',
      'in_progress',
      'completed',
      'cancelled',
    ]);
  });
});

describe('new request (02 §5: a profile and a prior simulation must exist)', () => {
  it('tells what is missing', () => {
    expect(newRequestReadiness(null, profile, company)).toBe('signed_out');
    expect(newRequestReadiness(OWNER, null, company)).toBe('no_profile');
    expect(newRequestReadiness(OWNER, profile, null)).toBe('no_company');
    expect(newRequestReadiness(OWNER, profile, company)).toBeNull();
  });

  it('fills user and company fields from the profile and the company (02 §3)', () => {
    const ctx = requestContext({
      id: 'x',
      ownerId: OWNER,
      employeeId: 'e1',
      profile,
      company,
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    expect(ctx).toEqual({
      id: 'x',
      company_id: OWNER,
      employee_id: 'e1',
      user_name: 'Camille Martin',
      user_email: 'rh@exemple.fr',
      user_phone: null,
      company_name: 'Atelier Martin',
      company_siret: '12345678900011',
      idcc: '1486',
      created_at: '2026-11-22T10:00:00.000Z',
    });
  });

  it('maps the manual form: coverage 100, remaining 0, to_organize (02 §9)', () => {
    const ctx = requestContext({
      id: 'x',
      ownerId: OWNER,
      employeeId: 'e1',
      profile,
      company,
      createdAt: 'now',
    });
    const row = manualTrainingRequest(
      { topic: 'Excel', description: 'TCD', format: 'in_person', duration: 14, budget: 1550 },
      ctx,
    );
    expect(row).toMatchObject({
      format: 'in_person',
      duration: 14,
      cost: 1550,
      coverage_rate: 100,
      remaining_cost: 0,
      status: 'to_organize',
      funding_type: 'OPCO',
    });
  });

  it('maps a catalogue recommendation (no-break spaces in the price, partial coverage) (02 §9)', () => {
    const ctx = requestContext({
      id: 'x',
      ownerId: OWNER,
      employeeId: 'e1',
      profile,
      company,
      createdAt: 'now',
    });
    const row = recommendationToTrainingRequest(
      {
        title: 'Anglais avec certification TOEIC',
        category: 'Langues',
        description: 'Un parcours individualisé.',
        duration: '40\u00a0heures',
        format: 'Hybride',
        price: '3\u00a0200\u00a0€\u00a0HT',
        coverage: '80%',
        benefits: ['Progresser', 'Certifier'],
      },
      ctx,
    );
    expect(row).toMatchObject({
      topic: 'Anglais avec certification TOEIC',
      pedagogical_objectives: 'Un parcours individualisé.\n- Progresser\n- Certifier',
      format: 'remote',
      duration: 40,
      cost: 3200,
      coverage_rate: 80,
      remaining_cost: 640,
      business_impact: 'high',
      training_organization: 'Budget Formation',
      status: 'to_organize',
      user_name: 'Camille Martin',
      company_siret: '12345678900011',
    });
  });
});

describe('AI recommendations page', () => {
  it('reads the company siret of the navigation state (zod), ignoring anything malformed', () => {
    expect(
      recommendationsNavSiret({ company: { siret: '12345678900011', name: 'A', simulation: {} } }),
    ).toBe('12345678900011');
    expect(recommendationsNavSiret({ company: { siret: '123' } })).toBeNull();
    expect(recommendationsNavSiret({ company: 'x' })).toBeNull();
    expect(recommendationsNavSiret(null)).toBeNull();
    expect(recommendationsNavSiret(undefined)).toBeNull();
  });

  it('builds the generate-training body (02 §7.4) with the company as context', () => {
    const body = generateTrainingBody('  Mieux vendre  ', {
      name: 'Atelier Martin',
      code_naf: '10.71C',
      idcc: '1486',
      employee_range_min: 11,
      employee_range_max: 49,
      opco_name: 'Atlas',
    });
    expect(body.formData).toEqual({
      objective: 'Mieux vendre',
      teamSize: expect.stringContaining('11') as string,
      priority: '',
      searchTerm: 'Mieux vendre',
    });
    expect(body.additionalContext).toContain('Atelier Martin');
    expect(body.additionalContext).toContain('1486');
    expect(generateTrainingBody('Excel', null)).toEqual({
      formData: { objective: 'Excel', teamSize: '', priority: '', searchTerm: 'Excel' },
      additionalContext: '',
    });
    expect(generateTrainingBody('x'.repeat(5000), null).formData.searchTerm).toHaveLength(2000);
  });
});

describe('plan CSV in pieces', () => {
  const text = fc.oneof(
    fc.string(),
    fc.constantFrom('=1+1', '+33', '-x', '@a', '\tx', '\rx', 'a;b', 'a"b', 'a\nb', 'À définir'),
  );
  const employee = fc.option(
    fc.record({
      first_name: fc.option(text, { nil: null }),
      last_name: fc.option(text, { nil: null }),
      department: fc.option(fc.constantFrom('hr', 'tech', 'other', 'nope'), { nil: null }),
    }),
    { nil: null },
  );
  const date = fc.oneof(
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString()),
    fc.constantFrom(
      '2026-03-29T00:30:00Z',
      '2026-10-25T00:59:59.999Z',
      '2026-10-25T01:00:00Z',
      'junk',
      '2026-02-30T10:00:00Z',
      '',
    ),
    fc.constant(null),
  );
  const row: fc.Arbitrary<TrainingPlanCsvRow> = fc.record({
    employee,
    topic: text,
    pedagogical_objectives: fc.option(text, { nil: null }),
    business_impact: fc.option(fc.constantFrom('high', 'medium', 'low', 'x'), { nil: null }),
    format: fc.option(fc.constantFrom('remote', 'in_person', 'e_learning', 'x'), { nil: null }),
    training_organization: fc.option(text, { nil: null }),
    duration: fc.option(fc.oneof(fc.integer(), fc.double()), { nil: null }),
    cost: fc.option(fc.integer(), { nil: null }),
    funding_type: fc.option(text, { nil: null }),
    coverage_rate: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    remaining_cost: fc.option(fc.integer(), { nil: null }),
    status: fc.option(fc.constantFrom('to_organize', 'completed', 'x'), { nil: null }),
    created_at: date,
  });

  it('the memoised line builder equals the record of trainingPlanCsvRecord', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        const build = createCsvLineBuilder();
        // shared employee objects exercise the cache
        const shared = rows.map((r, i) =>
          i % 3 === 0 && rows[0] ? { ...r, employee: rows[0].employee } : r,
        );
        for (const r of shared) expect(build(r)).toBe(csvRecordLine(trainingPlanCsvRecord(r)));
      }),
      { numRuns: 200 },
    );
  });

  it('the pieces joined are the domain CSV', () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 25 }),
        fc.integer({ min: 1, max: 7 }),
        (rows, size) => {
          const now = new Date('2026-11-22T10:00:00Z');
          expect([...trainingPlanCsvChunks(rows, size)].join('')).toBe(
            buildTrainingPlanCsv(rows, now).content,
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
