// The respondent's side of the public survey against the real embedded backend: the app's fetch
// client of get_public_survey / submit_survey_response (src/features/public-survey), and the
// device queue + survey sender delivering answers (active, closed, not found, duplicate id,
// malformed payloads, a dropped connection, two senders at once: recorded exactly once).
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../../server/testing/backend';
import { config } from '../../src/lib/config';
import { RespondentStore, type SurveyAnswerInput } from '../../src/db/respondent-store';
import {
  fetchPublicSurvey,
  submitSurveyAnswer,
} from '../../src/features/public-survey/hooks/public-survey-api';
import { manualEnv, SurveySender } from '../../sync';
import { isRemoteError } from '../../sync/errors';
import { backend, publicAnswer, service, teamSurveyRow, uuid } from './helpers';

let owner: ConfirmedUser;

/** The app's requests, sent to the test backend (its port and keys) instead of the default ones. */
let dropped = false;
const toBackend: typeof fetch = (input, init) => {
  if (dropped) return Promise.reject(new TypeError('Failed to fetch'));
  const url = String(input).replace(config.supabaseUrl, backend.url);
  const headers = new Headers(init?.headers);
  headers.set('apikey', backend.anonKey);
  headers.set('Authorization', `Bearer ${backend.anonKey}`);
  return fetch(url, { ...init, headers });
};

async function newSurvey(status: 'active' | 'closed' = 'active'): Promise<string> {
  const s = teamSurveyRow(owner.id, { name: 'Besoins 2027' });
  expect((await owner.client.from('team_surveys').insert(s)).error).toBeNull();
  if (status === 'closed')
    expect(
      (await owner.client.from('team_surveys').update({ status: 'closed' }).eq('id', s.id)).error,
    ).toBeNull();
  return s.id;
}

async function responsesOf(surveyId: string) {
  const { data, error } = await service()
    .from('team_survey_responses')
    .select('*')
    .eq('survey_id', surveyId);
  expect(error).toBeNull();
  return data ?? [];
}

beforeAll(async () => {
  owner = await createConfirmedUser(backend);
});

afterEach(() => {
  dropped = false;
});

describe('fetchPublicSurvey (no account)', () => {
  it('an active survey comes with the question sets of the eight departments', async () => {
    const id = await newSurvey();
    const result = await fetchPublicSurvey(id, { fetchImpl: toBackend });
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.survey).toMatchObject({ id, name: 'Besoins 2027', status: 'active' });
    expect(result.survey.question_sets).toHaveLength(8);
  });

  it('closed, not found, deleted, and no network', async () => {
    expect(await fetchPublicSurvey(await newSurvey('closed'), { fetchImpl: toBackend })).toEqual({
      kind: 'closed',
    });
    expect(await fetchPublicSurvey(uuid(), { fetchImpl: toBackend })).toEqual({
      kind: 'not_found',
    });
    const deleted = await newSurvey();
    await owner.client
      .from('team_surveys')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', deleted);
    expect(await fetchPublicSurvey(deleted, { fetchImpl: toBackend })).toEqual({
      kind: 'not_found',
    });
    dropped = true;
    expect(await fetchPublicSurvey(uuid(), { fetchImpl: toBackend })).toEqual({
      kind: 'unavailable',
    });
  });
});

describe('submitSurveyAnswer (no account)', () => {
  it('records an active survey answer once: the same response id again is a duplicate', async () => {
    const id = await newSurvey();
    const answer = publicAnswer(id);
    expect(await submitSurveyAnswer(answer, { fetchImpl: toBackend })).toBe('recorded');
    expect(await submitSurveyAnswer(answer, { fetchImpl: toBackend })).toBe('duplicate');
    const rows = await responsesOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: answer.id,
      company_id: owner.id,
      first_name: 'Camille',
      department: 'commercial',
    });
  });

  it("'closed' for a closed survey, 'not_found' for an unknown one; nothing recorded", async () => {
    const closed = await newSurvey('closed');
    expect(await submitSurveyAnswer(publicAnswer(closed), { fetchImpl: toBackend })).toBe('closed');
    expect(await responsesOf(closed)).toEqual([]);
    expect(await submitSurveyAnswer(publicAnswer(uuid()), { fetchImpl: toBackend })).toBe(
      'not_found',
    );
  });

  it.each<[string, Record<string, unknown>]>([
    ['a first name that is not a text', { first_name: 7 }],
    ['unknown department', { department: 'finance' }],
    ['unknown tools answer', { tools_satisfaction: 'peut-être' }],
    ['responses not an object', { responses: ['a'] }],
    ['a response id that is not a uuid', { id: 'abc' }],
  ])("'invalid' for a malformed payload (%s), recorded nothing", async (_name, over) => {
    const id = await newSurvey();
    expect(await submitSurveyAnswer(publicAnswer(id, over), { fetchImpl: toBackend })).toBe(
      'invalid',
    );
    expect(await responsesOf(id)).toEqual([]);
  });

  it('a dropped connection is transient: it throws so that the sender keeps the answer', async () => {
    dropped = true;
    const error = await submitSurveyAnswer(publicAnswer(uuid()), { fetchImpl: toBackend }).catch(
      (e: unknown) => e,
    );
    expect(isRemoteError(error) && error.kind).toBe('offline');
  });
});

describe('device queue and sender against the backend', () => {
  let repo: RespondentStore;
  let n = 0;
  afterEach(async () => {
    await repo.close();
    indexedDB.deleteDatabase(repo.name);
  });

  const senderFor = (store: RespondentStore, env: ReturnType<typeof manualEnv>) =>
    new SurveySender({
      queue: store.port,
      remote: { submit: (response) => submitSurveyAnswer(response, { fetchImpl: toBackend }) },
      env,
      backoff: { baseMs: 20, maxMs: 100, factor: 2 },
    });

  it('an answer queued offline is sent once the network returns, recorded exactly once even with two senders', async () => {
    repo = new RespondentStore({ name: `survey-client-${++n}` });
    const id = await newSurvey();
    const { survey_id: _s, id: _i, ...fields } = publicAnswer(id);
    const responseId = await repo.queueSurveyAnswer(id, fields as SurveyAnswerInput);

    const env = manualEnv({ online: false });
    const a = senderFor(repo, env);
    const b = senderFor(repo, env);
    await a.flush();
    expect((await repo.getSurveyAnswer(responseId))?.status).toBe('waiting');
    expect(await responsesOf(id)).toEqual([]);

    env.goOnline();
    await Promise.all([a.flush(), b.flush()]);
    a.stop();
    b.stop();
    expect((await repo.getSurveyAnswer(responseId))?.status).toBe('sent');
    const rows = await responsesOf(id);
    expect(rows.map((r) => r.id)).toEqual([responseId]);
  });

  it('a survey closed before the answer could leave marks it closed (final), recording nothing', async () => {
    repo = new RespondentStore({ name: `survey-client-${++n}` });
    const id = await newSurvey();
    const { survey_id: _s, id: _i, ...fields } = publicAnswer(id);
    const responseId = await repo.queueSurveyAnswer(id, fields as SurveyAnswerInput);
    await owner.client.from('team_surveys').update({ status: 'closed' }).eq('id', id);
    const sender = senderFor(repo, manualEnv());
    await sender.flush();
    sender.stop();
    expect((await repo.getSurveyAnswer(responseId))?.status).toBe('closed');
    expect(await responsesOf(id)).toEqual([]);
  });
});
