// Server-side business rules (triggers): company_limit, update_limit (server-authoritative counter,
// soft delete always allowed), survey_reopen, status_readonly, response_readonly, invalid_employee,
// and the check constraints on enumerated values and lengths. Errors come as PostgREST does:
// HTTP 400 {code: 'P0001', message: '<code>'} (check violations: 400 {code: '23514'}).
import { describe, expect, it } from 'vitest';
import { createConfirmedUser } from '../../server/testing/backend';
import {
  anon,
  backend,
  employeeRow,
  publicAnswer,
  service,
  simulationRow,
  surveyResponseRow,
  teamSurveyRow,
  trainingRequestRow,
} from './helpers';

describe('company_limit: at most 3 live companies per profile', () => {
  it('refuses a 4th distinct siret, allows it again after a soft delete', async () => {
    const u = await createConfirmedUser(backend);
    const rows = [simulationRow(u.id), simulationRow(u.id), simulationRow(u.id)];
    for (const r of rows) expect((await u.client.from('simulations').insert(r)).error).toBeNull();
    const fourth = await u.client.from('simulations').insert(simulationRow(u.id));
    expect(fourth.status).toBe(400);
    expect(fourth.error).toMatchObject({ code: 'P0001', message: 'company_limit' });

    // Soft-deleting a company frees a slot.
    expect(
      (
        await u.client
          .from('simulations')
          .update({ deleted_at: new Date().toISOString() })
          .eq('id', rows[0]!.id)
      ).error,
    ).toBeNull();
    expect((await u.client.from('simulations').insert(simulationRow(u.id))).error).toBeNull();
    // Reviving the deleted one would make 4 again.
    const revive = await u.client
      .from('simulations')
      .update({ deleted_at: null })
      .eq('id', rows[0]!.id);
    expect(revive.error?.message).toBe('company_limit');
  });

  it('one live simulation per (profile, siret)', async () => {
    const u = await createConfirmedUser(backend);
    const r = simulationRow(u.id);
    expect((await u.client.from('simulations').insert(r)).error).toBeNull();
    const dup = await u.client
      .from('simulations')
      .insert({ ...simulationRow(u.id), company_siret: r.company_siret });
    expect(dup.error?.code).toBe('23505');
  });

  it('serialises concurrent inserts: never 4 companies', async () => {
    const u = await createConfirmedUser(backend);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => u.client.from('simulations').insert(simulationRow(u.id))),
    );
    expect(results.filter((r) => !r.error)).toHaveLength(3);
    expect(results.filter((r) => r.error?.message === 'company_limit')).toHaveLength(3);
  });
});

describe('update_limit: a simulation changes its budget 3 times at most', () => {
  it('counts budget changes server-side and blocks the 4th; soft delete stays possible', async () => {
    const u = await createConfirmedUser(backend);
    const r = simulationRow(u.id, { update_count: 2 });
    expect((await u.client.from('simulations').insert(r)).error).toBeNull();
    const read = async () =>
      (await u.client.from('simulations').select('update_count').eq('id', r.id).single()).data!
        .update_count;
    // The client cannot seed the counter.
    expect(await read()).toBe(0);
    // A change that is not a budget field does not count.
    expect(
      (await u.client.from('simulations').update({ company_name: 'Renommée' }).eq('id', r.id))
        .error,
    ).toBeNull();
    expect(await read()).toBe(0);
    // Nor can the client reset it.
    for (let i = 1; i <= 3; i++) {
      const res = await u.client
        .from('simulations')
        .update({ employee_range_min: 11 + i, employee_range_max: 49, update_count: 0 })
        .eq('id', r.id);
      expect(res.error).toBeNull();
      expect(await read()).toBe(i);
    }
    for (const change of [
      { idcc: '1486' },
      { budget_total: 1 },
      { taux_prise_en_charge: 50 },
      { opco_name: 'Atlas' },
    ]) {
      const blocked = await u.client.from('simulations').update(change).eq('id', r.id);
      expect(blocked.status).toBe(400);
      expect(blocked.error).toMatchObject({ code: 'P0001', message: 'update_limit' });
    }
    expect(
      (await u.client.from('simulations').update({ company_address: 'Ailleurs' }).eq('id', r.id))
        .error,
    ).toBeNull();
    const del = await u.client
      .from('simulations')
      .update({ deleted_at: new Date().toISOString(), budget_total: 99 })
      .eq('id', r.id);
    expect(del.error).toBeNull();
    expect(await read()).toBe(3);
  });

  it('operators (service role) are not limited', async () => {
    const u = await createConfirmedUser(backend);
    const r = simulationRow(u.id);
    expect((await u.client.from('simulations').insert(r)).error).toBeNull();
    expect(
      (await service().from('simulations').update({ update_count: 3 }).eq('id', r.id)).error,
    ).toBeNull();
    expect(
      (await service().from('simulations').update({ idcc: '1486', update_count: 0 }).eq('id', r.id))
        .error,
    ).toBeNull();
    expect(
      (await u.client.from('simulations').update({ idcc: '0843' }).eq('id', r.id)).error,
    ).toBeNull();
  });
});

describe('team surveys', () => {
  it('never reopen (survey_reopen)', async () => {
    const u = await createConfirmedUser(backend);
    const s = teamSurveyRow(u.id);
    expect((await u.client.from('team_surveys').insert(s)).error).toBeNull();
    expect(
      (await u.client.from('team_surveys').update({ status: 'closed' }).eq('id', s.id)).error,
    ).toBeNull();
    const reopen = await u.client.from('team_surveys').update({ status: 'active' }).eq('id', s.id);
    expect(reopen.error).toMatchObject({ code: 'P0001', message: 'survey_reopen' });
    expect(
      (await service().from('team_surveys').update({ status: 'active' }).eq('id', s.id)).error
        ?.message,
    ).toBe('survey_reopen');
  });

  it('responses: the owner may only soft-delete one (response_readonly)', async () => {
    const u = await createConfirmedUser(backend);
    const s = teamSurveyRow(u.id);
    expect((await u.client.from('team_surveys').insert(s)).error).toBeNull();
    const answer = publicAnswer(s.id);
    expect((await anon().rpc('submit_survey_response', { p_response: answer })).error).toBeNull();
    const edit = await u.client
      .from('team_survey_responses')
      .update({ first_name: 'Autre' })
      .eq('id', answer.id);
    expect(edit.error).toMatchObject({ code: 'P0001', message: 'response_readonly' });
    expect(
      (
        await u.client
          .from('team_survey_responses')
          .update({ deleted_at: new Date().toISOString() })
          .eq('id', answer.id)
      ).error,
    ).toBeNull();
  });
});

describe('unlock-budget requests: the status is the operators (status_readonly)', () => {
  it('starts pending and cannot be approved by its author; operators can', async () => {
    const u = await createConfirmedUser(backend);
    const approved = await u.client
      .from('survey_responses')
      .insert(surveyResponseRow(u.id, { status: 'approved' }));
    expect(approved.error).not.toBeNull();
    const r = surveyResponseRow(u.id);
    expect((await u.client.from('survey_responses').insert(r)).error).toBeNull();
    expect(
      (await u.client.from('survey_responses').select('status').eq('id', r.id).single()).data
        ?.status,
    ).toBe('pending');
    const self = await u.client
      .from('survey_responses')
      .update({ status: 'approved' })
      .eq('id', r.id);
    expect(self.error).toMatchObject({ code: 'P0001', message: 'status_readonly' });
    expect(
      (await service().from('survey_responses').update({ status: 'approved' }).eq('id', r.id))
        .error,
    ).toBeNull();
    // The author may still soft-delete an approved request (company deletion).
    expect(
      (
        await u.client
          .from('survey_responses')
          .update({ deleted_at: new Date().toISOString() })
          .eq('id', r.id)
      ).error,
    ).toBeNull();
  });
});

describe('training requests: the employee belongs to the same company (invalid_employee)', () => {
  it("refuses another company's employee", async () => {
    const a = await createConfirmedUser(backend);
    const b = await createConfirmedUser(backend);
    const eb = employeeRow(b.id);
    expect((await b.client.from('training_employees').insert(eb)).error).toBeNull();
    const res = await a.client
      .from('training_requests')
      .insert(trainingRequestRow(a.id, { employee_id: eb.id }));
    expect(res.error).toMatchObject({ code: 'P0001', message: 'invalid_employee' });
    const ea = employeeRow(a.id);
    expect((await a.client.from('training_employees').insert(ea)).error).toBeNull();
    expect(
      (
        await a.client
          .from('training_requests')
          .insert(trainingRequestRow(a.id, { employee_id: ea.id }))
      ).error,
    ).toBeNull();
  });
});

describe('check constraints: enumerated values and lengths', () => {
  const cases: [string, (id: string) => Record<string, unknown>][] = [
    ['simulations.budget_type', (id) => simulationRow(id, { budget_type: 'ENORME' })],
    ['simulations.siret', (id) => simulationRow(id, { company_siret: '123' })],
    [
      'simulations.range',
      (id) => simulationRow(id, { employee_range_min: 50, employee_range_max: 10 }),
    ],
    ['simulations.taux', (id) => simulationRow(id, { taux_prise_en_charge: 101 })],
    ['simulations.name length', (id) => simulationRow(id, { company_name: 'x'.repeat(301) })],
    ['training_requests.status', (id) => trainingRequestRow(id, { status: 'fini' })],
    ['training_requests.format', (id) => trainingRequestRow(id, { format: 'visio' })],
    [
      'training_requests.business_impact',
      (id) => trainingRequestRow(id, { business_impact: 'énorme' }),
    ],
    ['training_requests.cost', (id) => trainingRequestRow(id, { cost: -1 })],
    ['training_employees.department', (id) => employeeRow(id, { department: 'finance' })],
    ['training_employees.category', (id) => employeeRow(id, { category: 'stagiaire' })],
    ['training_employees.gender', (id) => employeeRow(id, { gender: 'Z' })],
    ['team_surveys.status', (id) => teamSurveyRow(id, { status: 'draft' })],
    ['team_surveys.name length', (id) => teamSurveyRow(id, { name: '' })],
    ['survey_responses.topics', (id) => surveyResponseRow(id, { topics: [] })],
  ];
  it.each(cases)('%s', async (name, make) => {
    const u = await createConfirmedUser(backend);
    const table = name.split('.')[0]!;
    const res = await u.client.from(table).insert(make(u.id));
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('23514');
  });

  it('profiles.contact_role is one of the 6 roles', async () => {
    const u = await createConfirmedUser(backend);
    const res = await u.client
      .from('profiles')
      .update({ contact_role: 'Président' })
      .eq('id', u.id);
    expect(res.error?.code).toBe('23514');
    expect(
      (await u.client.from('profiles').update({ contact_role: 'Salarié' }).eq('id', u.id)).error,
    ).toBeNull();
  });
});
