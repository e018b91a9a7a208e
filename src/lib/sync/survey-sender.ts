// Respondent side: sends queued public-survey answers (anonymous) until the server answers.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getAppDb, surveyQueueRepository, type LocalDb } from '@/db';
import { config } from '@/lib/config';
import {
  browserEnv,
  createSurveySubmitRemote,
  SurveySender,
  type EnvPort,
  type SurveySubmitPort,
} from '../../../sync';

export function defaultAnonClient(fetch: typeof globalThis.fetch): SupabaseClient {
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch },
  });
}

export function startSurveySender(
  opts: {
    db?: LocalDb;
    supabaseClientFactory?: (fetch: typeof globalThis.fetch) => SupabaseClient;
    fetch?: typeof globalThis.fetch;
    env?: EnvPort;
    remote?: SurveySubmitPort;
  } = {},
): SurveySender {
  const db = opts.db ?? getAppDb();
  const sender = new SurveySender({
    queue: surveyQueueRepository(db).port,
    remote:
      opts.remote ??
      createSurveySubmitRemote({
        createClient: opts.supabaseClientFactory ?? defaultAnonClient,
        fetch: opts.fetch,
      }),
    env: opts.env ?? browserEnv(window),
  });
  sender.start();
  return sender;
}
