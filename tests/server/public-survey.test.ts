// Public survey RPCs (security definer), reached anonymously exactly as the respondent's browser:
// get_public_survey and submit_survey_response, parsed with the app's zod schemas.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEPARTMENTS,
  publicSurveyAnswerSchema,
  publicSurveySchema,
  submitSurveyResultSchema,
  SURVEY_ERROR_CODES,
} from '../../src/domain/contracts';
import { createConfirmedUser, type ConfirmedUser } from '../../server/testing/backend';
import { anon, backend, publicAnswer, service, teamSurveyRow, uuid } from './helpers';

let owner: ConfirmedUser;
async function newSurvey(status: 'active' | 'closed' = 'active') {
  const s = teamSurveyRow(owner.id, { name: 'Besoins 2027' });
  expect((await owner.client.from('team_surveys').insert(s)).error).toBeNull();
  if (status === 'closed')
    expect(
      (await owner.client.from('team_surveys').update({ status: 'closed' }).eq('id', s.id)).error,
    ).toBeNull();
  return s.id;
}

beforeAll(async () => {
  owner = await createConfirmedUser(backend);
});

describe('get_public_survey', () => {
  it('returns an active survey with the 8 question sets, as publicSurveySchema', async () => {
    const id = await newSurvey();
    const { data, error } = await anon().rpc('get_public_survey', { p_survey_id: id });
    expect(error).toBeNull();
    const survey = publicSurveySchema.parse(data);
    expect(survey).toMatchObject({ id, name: 'Besoins 2027', status: 'active' });
    expect(survey.question_sets.map((q) => q.department)).toEqual([...DEPARTMENTS]);
    const ids = new Set(survey.question_sets.flatMap((q) => q.questions.map((x) => x.id)));
    for (const expected of ['skills', 'challenges', 'priorities', 'additional', 'contact', 'role'])
      expect(ids.has(expected)).toBe(true);
    const types = new Set(survey.question_sets.flatMap((q) => q.questions.map((x) => x.type)));
    expect(types).toEqual(new Set(['checkbox', 'radio', 'text']));
    const other = survey.question_sets.find((q) => q.department === 'other')!;
    expect(other.questions).toHaveLength(3);
    expect(other.questions.every((q) => q.type === 'text')).toBe(true);
    for (const set of survey.question_sets) {
      expect(set.label.length).toBeGreaterThan(2);
      for (const q of set.questions)
        if (q.type !== 'text') expect(q.options.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('answers survey_not_found for an unknown or deleted survey, survey_closed for a closed one', async () => {
    const unknown = await anon().rpc('get_public_survey', { p_survey_id: uuid() });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: 'P0001', message: SURVEY_ERROR_CODES.notFound });
    const deleted = await newSurvey();
    await owner.client
      .from('team_surveys')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', deleted);
    expect((await anon().rpc('get_public_survey', { p_survey_id: deleted })).error?.message).toBe(
      'survey_not_found',
    );
    const closed = await newSurvey('closed');
    expect((await anon().rpc('get_public_survey', { p_survey_id: closed })).error?.message).toBe(
      SURVEY_ERROR_CODES.closed,
    );
    const malformed = await anon().rpc('get_public_survey', { p_survey_id: 'pas-un-uuid' });
    expect(malformed.error).not.toBeNull();
    expect(malformed.status).toBe(400);
  });
});

describe('submit_survey_response', () => {
  it('records an answer once (idempotent on the client id), copying company_id from the survey', async () => {
    const id = await newSurvey();
    const answer = publicAnswerSchemaChecked(publicAnswer(id));
    const first = await anon().rpc('submit_survey_response', { p_response: answer });
    expect(first.error).toBeNull();
    expect(submitSurveyResultSchema.parse(first.data)).toEqual({
      status: 'recorded',
      id: answer.id,
    });
    const again = await anon().rpc('submit_survey_response', {
      p_response: { ...answer, first_name: 'Changé' },
    });
    expect(submitSurveyResultSchema.parse(again.data)).toEqual({
      status: 'duplicate',
      id: answer.id,
    });
    const rows = (await owner.client.from('team_survey_responses').select('*').eq('survey_id', id))
      .data!;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      company_id: owner.id,
      first_name: 'Camille',
      department: 'commercial',
      tools_satisfaction: 'partially',
    });
    expect(rows[0]!.responses).toEqual(answer.responses);

    // Still a duplicate (and nothing changes) once the survey is closed.
    await owner.client.from('team_surveys').update({ status: 'closed' }).eq('id', id);
    const late = await anon().rpc('submit_survey_response', { p_response: answer });
    expect(late.data).toEqual({ status: 'duplicate', id: answer.id });
    // A new answer is refused.
    const closed = await anon().rpc('submit_survey_response', { p_response: publicAnswer(id) });
    expect(closed.error).toMatchObject({ code: 'P0001', message: 'survey_closed' });
  });

  it('signed-in users may answer too', async () => {
    const id = await newSurvey();
    const other = await createConfirmedUser(backend);
    const res = await other.client.rpc('submit_survey_response', { p_response: publicAnswer(id) });
    expect(res.data?.status).toBe('recorded');
    // ...but do not see the owner's responses.
    expect(
      (await other.client.from('team_survey_responses').select('id').eq('survey_id', id)).data,
    ).toEqual([]);
  });

  it('survey_not_found for an unknown survey', async () => {
    const res = await anon().rpc('submit_survey_response', { p_response: publicAnswer(uuid()) });
    expect(res.error?.message).toBe('survey_not_found');
  });

  const invalid: [string, Record<string, unknown>][] = [
    ['id', { id: 'x' }],
    ['survey_id', { survey_id: 42 }],
    ['department', { department: 'finance' }],
    ['first_name', { first_name: 7 }],
    ['last_name', { last_name: 'x'.repeat(101) }],
    ['tools_satisfaction', { tools_satisfaction: 'maybe' }],
    ['improvement_suggestion', { improvement_suggestion: 'x'.repeat(5001) }],
    ['responses', { responses: ['pas', 'un', 'objet'] }],
    ['responses', { responses: { skills: [1, 2] } }],
    ['responses', { responses: { skills: 'x'.repeat(5001) } }],
    [
      'responses',
      { responses: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`q${i}`, 'x'])) },
    ],
    ['responses', { responses: { [`${'k'.repeat(51)}`]: 'x' } }],
  ];
  it.each(invalid)('invalid_response (%s) changes nothing', async (field, over) => {
    const id = await newSurvey();
    const answer = { ...publicAnswer(id), ...over };
    const res = await anon().rpc('submit_survey_response', { p_response: answer });
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: 'P0001', message: 'invalid_response', details: field });
    expect(
      (await service().from('team_survey_responses').select('id').eq('survey_id', id)).data,
    ).toEqual([]);
  });

  it('refuses a non-object payload and an oversized one', async () => {
    const id = await newSurvey();
    // PostgREST passes the JSON string to the function (invalid_response); lite rejects it earlier
    // (22P02): a 400 either way.
    const text = await anon().rpc('submit_survey_response', { p_response: 'texte' });
    expect(text.status).toBe(400);
    expect(text.error).not.toBeNull();
    const big = {
      ...publicAnswer(id),
      responses: { a: 'x'.repeat(4000), b: 'x'.repeat(4000) },
      extra: 'y'.repeat(200_000),
    };
    const res = await anon().rpc('submit_survey_response', { p_response: big });
    expect(res.error).not.toBeNull();
    expect(
      (await service().from('team_survey_responses').select('id').eq('survey_id', id)).data,
    ).toEqual([]);
  });

  it('the anonymous role cannot read or write responses directly', async () => {
    const id = await newSurvey();
    const direct = await anon()
      .from('team_survey_responses')
      .insert({ ...publicAnswer(id), company_id: owner.id });
    expect(direct.error).not.toBeNull();
    const read = await anon().from('team_surveys').select('*').eq('id', id);
    expect(read.data ?? []).toEqual([]);
  });
});

function publicAnswerSchemaChecked<T>(answer: T): T {
  // The payload the app sends is exactly the schema the server validates.
  publicSurveyAnswerSchema.parse(answer);
  return answer;
}
