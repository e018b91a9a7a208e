// Issue 14 item 8: bad input at the door. 10,000-deep JSON in an RPC, in sign-up metadata or in
// survey answers, and an array sent to a text column, were answered 500 ("Maximum call stack size
// exceeded", "Invalid input for string type"). Each is now a 400 with a clear message, in the shape
// the route's clients read, and the server keeps serving.
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, uniqueEmail } from '../../../server/testing/backend';
import { MAX_JSON_DEPTH, jsonDepth } from '../../../server/http/json-guard';
import { anon, backend, publicAnswer, uuid } from '../helpers';
import { authHeaders } from './support';

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

async function post(path: string, body: string, token?: string, method = 'POST') {
  const res = await fetch(`${backend.url}${path}`, {
    method,
    headers: authHeaders(backend, token),
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function stillServing() {
  const res = await fetch(`${backend.url}/`);
  expect(res.status).toBe(200);
  const { data, error } = await anon().rpc('profile_exists_for_email', { p_email: 'x@y.fr' });
  expect(error).toBeNull();
  expect(data).toBe(false);
}

describe('bad input at the door', () => {
  it('10,000-deep JSON in an RPC argument is a 400 (PostgREST shape), and the server keeps serving', async () => {
    for (const deep of [deepArray(10_000), deepObject(10_000)]) {
      const res = await post('/rest/v1/rpc/profile_exists_for_email', `{"p_email": ${deep}}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'PGRST102' });
      expect(String(res.body.message)).toContain('trop imbriquée');
    }
    await stillServing();
  });

  it('10,000-deep sign-up metadata is a 400 (GoTrue shape) and creates no account', async () => {
    const email = uniqueEmail('deep-meta');
    const res = await post(
      '/auth/v1/signup',
      `{"email":"${email}","password":"Tres-profond-mais-non-1","data":{"x":${deepArray(10_000)}}}`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_code: 'bad_json' });
    // The honest path: the same sign-up with ordinary metadata goes through.
    const ok = await anon().auth.signUp({
      email,
      password: 'Tres-profond-mais-non-1',
      options: { data: { contact_name: 'Ordinaire' } },
    });
    expect(ok.error).toBeNull();
    await stillServing();
  });

  it('10,000-deep survey answers are a 400; an ordinary answer is recorded', async () => {
    const owner = await createConfirmedUser(backend);
    const survey = { id: uuid(), company_id: owner.id, name: 'Sondage', status: 'active' };
    expect((await owner.client.from('team_surveys').insert(survey)).error).toBeNull();
    const answer = publicAnswer(survey.id);
    const deep = JSON.stringify({ ...answer, responses: { x: 0 } }).replace(
      '{"x":0}',
      deepObject(10_000),
    );
    const res = await post('/rest/v1/rpc/submit_survey_response', `{"p_response": ${deep}}`);
    expect(res.status).toBe(400);
    const ok = await anon().rpc('submit_survey_response', { p_response: answer });
    expect(ok.error).toBeNull();
    await stillServing();
  });

  it('an array or an object sent to a text column is a 400, not a 500', async () => {
    const user = await createConfirmedUser(backend);
    for (const value of [['a', 'b'], { a: 1 }]) {
      const res = await post(
        `/rest/v1/profiles?id=eq.${user.id}`,
        JSON.stringify({ contact_name: value }),
        user.accessToken,
        'PATCH',
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('22P02');
    }
    // The honest path: a text is saved.
    const ok = await user.client
      .from('profiles')
      .update({ contact_name: 'Nom normal' })
      .eq('id', user.id)
      .select('contact_name')
      .single();
    expect(ok.data?.contact_name).toBe('Nom normal');
    await stillServing();
  });

  it('the depth scan ignores brackets inside strings and stops early', () => {
    expect(jsonDepth('{"a":"[[[[[[[[","b":[1,{"c":2}]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(jsonDepth(deepArray(MAX_JSON_DEPTH))).toBe(MAX_JSON_DEPTH);
    expect(jsonDepth(deepArray(100_000), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });
});
