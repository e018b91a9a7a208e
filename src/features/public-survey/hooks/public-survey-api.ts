// The two public functions of a team survey, called with fetch and the anon key (no supabase-js:
// this route must stay light for phones on a weak connection). Every answer is zod-validated.
//   rpc get_public_survey(p_survey_id)   -> the survey and its question sets (active only)
//   rpc submit_survey_response(p_response) -> {status: recorded | duplicate, id}
import type { z } from 'zod/mini';
import {
  isSurveyId,
  publicSurveySchema,
  submitSurveyResultSchema,
  SURVEY_ERROR_CODES,
  type PublicSurvey,
} from '@/domain/public-survey-contracts';
import { config } from '@/lib/config';
import { fetchJson, type HttpResult } from '@/lib/http';
import { RemoteError } from '../../../../sync/errors';

export type SurveyLookup =
  | { kind: 'ok'; survey: PublicSurvey }
  | { kind: 'not_found' }
  | { kind: 'closed' }
  /** No answer usable now (offline, timeout, server error): try again later. */
  | { kind: 'unavailable' };

/** Final outcome of one submission (the survey sender's SubmitOutcome). */
export type SubmitOutcome = 'recorded' | 'duplicate' | 'closed' | 'not_found' | 'invalid';

type Fetch = typeof globalThis.fetch;

function callRpc<T>(
  name: string,
  args: Record<string, unknown>,
  schema: z.ZodMiniType<T>,
  opts: { fetchImpl?: Fetch; signal?: AbortSignal; timeoutMs: number },
): Promise<HttpResult<T>> {
  return fetchJson(`${config.supabaseUrl}/rest/v1/rpc/${name}`, schema, {
    method: 'POST',
    body: args,
    headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` },
    signal: opts.signal,
    timeoutMs: opts.timeoutMs,
    ...(opts.fetchImpl ? { fetchImpl: opts.fetchImpl } : {}),
  });
}

const mentions = (message: string | undefined, code: string): boolean =>
  typeof message === 'string' && message.includes(code);

export async function fetchPublicSurvey(
  surveyId: string,
  opts: { fetchImpl?: Fetch; signal?: AbortSignal } = {},
): Promise<SurveyLookup> {
  // A link whose id cannot be a survey's: « Sondage non trouvé » at once, without the request the
  // database would refuse (a 400, which the browser logs as an error).
  if (!isSurveyId(surveyId)) return { kind: 'not_found' };
  const res = await callRpc('get_public_survey', { p_survey_id: surveyId }, publicSurveySchema, {
    ...opts,
    timeoutMs: 15_000,
  });
  if (res.ok)
    return res.data.status === 'closed' ? { kind: 'closed' } : { kind: 'ok', survey: res.data };
  if (mentions(res.message, SURVEY_ERROR_CODES.closed)) return { kind: 'closed' };
  if (mentions(res.message, SURVEY_ERROR_CODES.notFound)) return { kind: 'not_found' };
  // A malformed id is refused by the database (400): no survey can have it.
  if (res.code === 'bad_request') return { kind: 'not_found' };
  return { kind: 'unavailable' };
}

/**
 * Sends one queued answer. Final outcomes are returned; a transient failure (no network, timeout,
 * server error, rate limit) throws so that the sender keeps the answer and retries later.
 */
export async function submitSurveyAnswer(
  payload: Record<string, unknown>,
  opts: { fetchImpl?: Fetch; signal?: AbortSignal } = {},
): Promise<SubmitOutcome> {
  const res = await callRpc(
    'submit_survey_response',
    { p_response: payload },
    submitSurveyResultSchema,
    {
      ...opts,
      timeoutMs: 30_000,
    },
  );
  if (res.ok) return res.data.status;
  if (mentions(res.message, SURVEY_ERROR_CODES.closed)) return 'closed';
  if (mentions(res.message, SURVEY_ERROR_CODES.notFound)) return 'not_found';
  if (res.code === 'bad_request') return 'invalid';
  const kind =
    res.code === 'offline' || res.code === 'timeout' || res.code === 'rate_limited'
      ? res.code
      : 'server';
  throw new RemoteError(kind, res.message ?? res.code, {
    status: res.status ?? 0,
  });
}
