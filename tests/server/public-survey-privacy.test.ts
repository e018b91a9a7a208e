// Issue 29, migration 20261129000100: the public survey says whose it is (the company's name and
// nothing else of the owner), asks about the employer's own departments, takes answers without a
// name, and erases a deleted answer; a training request's stake may be not filled.
import { beforeAll, describe, expect, it } from 'vitest';
import { publicSurveySchema } from '../../src/domain/contracts';
import { createConfirmedUser, type ConfirmedUser } from '../../server/testing/backend';
import {
  anon,
  backend,
  publicAnswer,
  service,
  simulationRow,
  teamSurveyRow,
  trainingRequestRow,
  uuid,
} from './helpers';

let owner: ConfirmedUser;
let other: ConfirmedUser;

const BAKERY = [
  { label: 'Fournil et laboratoire', set: 'other' },
  { label: 'Vente en boutique', set: 'other' },
  { label: 'Administratif / Finance', set: 'admin' },
];

async function survey(user: ConfirmedUser, over: Record<string, unknown> = {}) {
  const row = teamSurveyRow(user.id, { name: 'Besoins 2027', ...over });
  const { error } = await user.client.from('team_surveys').insert(row);
  expect(error).toBeNull();
  return row.id as string;
}

beforeAll(async () => {
  owner = await createConfirmedUser(backend, undefined, undefined, {
    company_name: 'Nom donné à l’inscription',
  });
  other = await createConfirmedUser(backend);
});

describe('get_public_survey: the company name, nothing else of the owner', () => {
  it('returns the survey’s company name and departments, and no other field', async () => {
    const id = await survey(owner, { company_name: 'Boulangerie Martin', departments: BAKERY });
    const { data, error } = await anon().rpc('get_public_survey', { p_survey_id: id });
    expect(error).toBeNull();
    expect(Object.keys(data as object).sort()).toEqual(
      ['company_name', 'departments', 'id', 'name', 'question_sets', 'status'].sort(),
    );
    const parsed = publicSurveySchema.parse(data);
    expect(parsed.company_name).toBe('Boulangerie Martin');
    expect(parsed.departments).toEqual(BAKERY);
    // Nothing that identifies the owner's account leaks: e-mail, user id, contact name.
    const text = JSON.stringify(data);
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain(owner.id);
    expect(text).not.toContain('Nom donné à l’inscription');
  });

  it('without its own company name: the owner’s latest company, else the one given at sign-up', async () => {
    const bare = await survey(owner);
    const first = await anon().rpc('get_public_survey', { p_survey_id: bare });
    expect(publicSurveySchema.parse(first.data).company_name).toBe('Nom donné à l’inscription');
    const sim = simulationRow(owner.id, { company_name: 'Atelier Martin' });
    expect((await owner.client.from('simulations').insert(sim)).error).toBeNull();
    const second = await anon().rpc('get_public_survey', { p_survey_id: bare });
    const parsed = publicSurveySchema.parse(second.data);
    expect(parsed.company_name).toBe('Atelier Martin');
    expect(parsed.departments).toBeNull();
    expect(JSON.stringify(second.data)).not.toContain(sim.company_siret as string);
  });

  it('each survey shows its own company only; unknown, deleted and closed surveys show none', async () => {
    const mine = await survey(owner, { company_name: 'Boulangerie Martin' });
    const theirs = await survey(other, { company_name: 'Garage Durand' });
    const a = await anon().rpc('get_public_survey', { p_survey_id: mine });
    const b = await anon().rpc('get_public_survey', { p_survey_id: theirs });
    expect(JSON.stringify(a.data)).not.toContain('Garage Durand');
    expect(JSON.stringify(b.data)).not.toContain('Boulangerie Martin');
    const unknown = await anon().rpc('get_public_survey', { p_survey_id: uuid() });
    expect(unknown.data).toBeNull();
    expect(JSON.stringify(unknown.error)).not.toMatch(/Boulangerie|Garage/);
    await owner.client.from('team_surveys').update({ status: 'closed' }).eq('id', mine);
    const closed = await anon().rpc('get_public_survey', { p_survey_id: mine });
    expect(closed.error?.message).toBe('survey_closed');
    expect(JSON.stringify(closed)).not.toContain('Boulangerie Martin');
    // And the anonymous role still reads no survey row directly.
    expect(
      (await anon().from('team_surveys').select('company_name').eq('id', theirs)).data ?? [],
    ).toEqual([]);
  });
});

describe('team_surveys.departments: a list the employer chose, checked by the database', () => {
  const bad: [string, unknown][] = [
    ['an empty list', []],
    [
      '13 departments',
      Array.from({ length: 13 }, (_, i) => ({ label: `Service ${i}`, set: 'other' })),
    ],
    [
      'a label repeated (case-insensitive)',
      [
        { label: 'Vente', set: 'other' },
        { label: 'vente', set: 'commercial' },
      ],
    ],
    ['a label of 61 characters', [{ label: 'x'.repeat(61), set: 'other' }]],
    ['a blank label', [{ label: '   ', set: 'other' }]],
    ['an untrimmed label', [{ label: ' Vente', set: 'other' }]],
    ['an unknown question set', [{ label: 'Vente', set: 'finance' }]],
    ['another key', [{ label: 'Vente', set: 'other', questions: [] }]],
    ['not a list', { label: 'Vente', set: 'other' }],
    ['a list of texts', ['Vente']],
  ];
  it.each(bad)('refuses %s', async (_, departments) => {
    const row = teamSurveyRow(owner.id, { departments });
    const { error } = await owner.client.from('team_surveys').insert(row);
    expect(error?.code).toBe('23514');
  });

  it('accepts 12 departments, and no list (the generic ones)', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ label: `Service ${i}`, set: 'other' }));
    await survey(owner, { departments: twelve });
    await survey(owner, { departments: null });
  });
});

describe('submit_survey_response: optional names, the survey’s departments', () => {
  it('records an answer without a name (absent, null or blank: empty)', async () => {
    const id = await survey(owner);
    const answers = [
      publicAnswer(id, { first_name: undefined, last_name: undefined }),
      publicAnswer(id, { first_name: null, last_name: null }),
      publicAnswer(id, { first_name: '  ', last_name: '' }),
    ];
    for (const a of answers) {
      const res = await anon().rpc('submit_survey_response', { p_response: a });
      expect(res.data).toEqual({ status: 'recorded', id: a.id });
    }
    const rows = (await owner.client.from('team_survey_responses').select('*').eq('survey_id', id))
      .data!;
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r).toMatchObject({ first_name: '', last_name: '' });
  });

  it.each([
    ['first_name', { first_name: 42 }],
    ['first_name', { first_name: 'x'.repeat(101) }],
    ['last_name', { last_name: ['Durand'] }],
  ])(
    'still refuses a name that is not a text of at most 100 characters (%s)',
    async (field, over) => {
      const id = await survey(owner);
      const res = await anon().rpc('submit_survey_response', {
        p_response: publicAnswer(id, over),
      });
      expect(res.error).toMatchObject({
        code: 'P0001',
        message: 'invalid_response',
        details: field,
      });
    },
  );

  it('keeps the department the respondent chose among the survey’s own', async () => {
    const id = await survey(owner, { departments: BAKERY });
    const answer = publicAnswer(id, {
      department: 'other',
      department_label: 'Vente en boutique',
      responses: { role: 'Vendeuse' },
    });
    expect((await anon().rpc('submit_survey_response', { p_response: answer })).data).toEqual({
      status: 'recorded',
      id: answer.id,
    });
    const { data } = await owner.client
      .from('team_survey_responses')
      .select('department, department_label')
      .eq('id', answer.id)
      .single();
    expect(data).toEqual({ department: 'other', department_label: 'Vente en boutique' });
    // A page from before the survey had its own list: kept, under its generic department.
    const legacy = publicAnswer(id);
    expect((await anon().rpc('submit_survey_response', { p_response: legacy })).data).toEqual({
      status: 'recorded',
      id: legacy.id,
    });
  });

  it.each([
    [
      'a department the survey does not have',
      { department: 'other', department_label: 'Livraison' },
    ],
    [
      'the right label with another question set',
      { department: 'commercial', department_label: 'Vente en boutique' },
    ],
    ['a label of 61 characters', { department: 'other', department_label: 'x'.repeat(61) }],
    ['a label that is not a text', { department: 'other', department_label: { label: 'Vente' } }],
  ])('refuses %s (forged), recording nothing', async (_, over) => {
    const id = await survey(owner, { departments: BAKERY });
    const res = await anon().rpc('submit_survey_response', { p_response: publicAnswer(id, over) });
    expect(res.error).toMatchObject({ message: 'invalid_response', details: 'department_label' });
    expect(
      (await service().from('team_survey_responses').select('id').eq('survey_id', id)).data,
    ).toEqual([]);
  });

  it('refuses a label on a survey without its own list', async () => {
    const id = await survey(owner);
    const res = await anon().rpc('submit_survey_response', {
      p_response: publicAnswer(id, { department_label: 'Commercial / Ventes' }),
    });
    expect(res.error).toMatchObject({ message: 'invalid_response', details: 'department_label' });
  });
});

describe('a deleted answer is erased; the owner changes nothing else of it', () => {
  it('soft delete empties the name, the answers and the suggestion', async () => {
    const id = await survey(owner, { departments: BAKERY });
    const answer = publicAnswer(id, { department: 'other', department_label: 'Vente en boutique' });
    await anon().rpc('submit_survey_response', { p_response: answer });
    const relabel = await owner.client
      .from('team_survey_responses')
      .update({ department_label: 'Fournil et laboratoire' })
      .eq('id', answer.id);
    expect(relabel.error?.message).toBe('response_readonly');
    const del = await owner.client
      .from('team_survey_responses')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', answer.id);
    expect(del.error).toBeNull();
    const { data } = await service()
      .from('team_survey_responses')
      .select('first_name, last_name, responses, improvement_suggestion, deleted_at')
      .eq('id', answer.id)
      .single();
    expect(data).toMatchObject({
      first_name: '',
      last_name: '',
      responses: {},
      improvement_suggestion: null,
    });
    expect(data?.deleted_at).not.toBeNull();
    // Another user cannot delete (or erase) it.
    const second = publicAnswer(id);
    await anon().rpc('submit_survey_response', { p_response: second });
    await other.client
      .from('team_survey_responses')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', second.id);
    const kept = await service()
      .from('team_survey_responses')
      .select('first_name, deleted_at')
      .eq('id', second.id)
      .single();
    expect(kept.data).toEqual({ first_name: 'Camille', deleted_at: null });
  });
});

describe('training_requests.business_impact: not filled until chosen', () => {
  it('is null when not given, and still only high, medium or low otherwise', async () => {
    const { business_impact: _, ...row } = trainingRequestRow(owner.id);
    expect((await owner.client.from('training_requests').insert(row)).error).toBeNull();
    const { data } = await owner.client
      .from('training_requests')
      .select('business_impact')
      .eq('id', row.id)
      .single();
    expect(data).toEqual({ business_impact: null });
    const set = await owner.client
      .from('training_requests')
      .update({ business_impact: 'low' })
      .eq('id', row.id);
    expect(set.error).toBeNull();
    const wrong = await owner.client
      .from('training_requests')
      .update({ business_impact: 'énorme' })
      .eq('id', row.id);
    expect(wrong.error?.code).toBe('23514');
  });
});
