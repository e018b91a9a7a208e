// The anonymous respondent side: answers to a public team survey are stored locally first (with
// their response id), then sent through the public submit function, retried until the server
// answers. 'closed' and 'not found' are final; the server is idempotent on the response id, so an
// answer sent twice (lost acknowledgement, two tabs) is recorded once.
import { retryDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { isRemoteError, RemoteError } from './errors';
import type { EnvPort } from './ports';
import type { Row } from './types';
import { createRpcCaller, type SupabaseRemoteOptions } from './supabase-remote';

export type SurveyAnswerStatus = 'waiting' | 'sent' | 'closed' | 'not_found' | 'invalid';

export type QueuedSurveyAnswer = {
  id: string;
  survey_id: string;
  payload: Row;
  status: SurveyAnswerStatus;
  attempts: number;
};

export interface SurveyQueuePort {
  listWaiting(): Promise<QueuedSurveyAnswer[]>;
  setOutcome(
    id: string,
    status: SurveyAnswerStatus,
    attempts: number,
    error: string | null,
  ): Promise<void>;
  subscribe(listener: () => void): () => void;
}

/** Final outcome of one submission; transient failures throw a RemoteError. */
export type SubmitOutcome = 'recorded' | 'duplicate' | 'closed' | 'not_found' | 'invalid';

export interface SurveySubmitPort {
  submit(response: Row): Promise<SubmitOutcome>;
}

const FINAL: Record<SubmitOutcome, SurveyAnswerStatus> = {
  recorded: 'sent',
  duplicate: 'sent',
  closed: 'closed',
  not_found: 'not_found',
  invalid: 'invalid',
};

/** The public submit function over supabase-js (anon key or the user's session: both allowed). */
export function createSurveySubmitRemote(opts: SupabaseRemoteOptions): SurveySubmitPort {
  const call = createRpcCaller(opts);
  return {
    async submit(response) {
      try {
        const data = await call<{ status?: string } | null>(
          'submit_survey_response',
          { p_response: response },
          null,
        );
        return data?.status === 'duplicate' ? 'duplicate' : 'recorded';
      } catch (e) {
        if (isRemoteError(e) && e.kind === 'bad_request') {
          if (/survey_closed/.test(e.message)) return 'closed';
          if (/survey_not_found/.test(e.message)) return 'not_found';
          return 'invalid';
        }
        if (isRemoteError(e) && e.kind === 'not_deployed' && /survey_not_found/.test(e.message))
          return 'not_found';
        throw e;
      }
    },
  };
}

export class SurveySender {
  readonly #queue: SurveyQueuePort;
  readonly #remote: SurveySubmitPort;
  readonly #env: EnvPort;
  readonly #backoff: BackoffOptions;
  #attempt = 0;
  #timer: unknown = null;
  #running: Promise<void> | null = null;
  #again = false;
  #unsub: Array<() => void> = [];
  #started = false;

  constructor(deps: {
    queue: SurveyQueuePort;
    remote: SurveySubmitPort;
    env: EnvPort;
    backoff?: BackoffOptions;
  }) {
    this.#queue = deps.queue;
    this.#remote = deps.remote;
    this.#env = deps.env;
    this.#backoff = deps.backoff ?? DEFAULT_BACKOFF;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#unsub.push(
      this.#queue.subscribe(() => this.flushSoon()),
      this.#env.onOnline(() => this.flushSoon()),
      this.#env.onVisible(() => this.flushSoon()),
    );
    this.flushSoon();
  }

  stop(): void {
    this.#started = false;
    for (const u of this.#unsub.splice(0)) u();
    if (this.#timer !== null) this.#env.clearTimeout(this.#timer);
    this.#timer = null;
  }

  flushSoon(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.flush().finally(() => {
      this.#running = null;
      if (this.#again && this.#started) {
        this.#again = false;
        this.flushSoon();
      }
    });
  }

  /** Sends every waiting answer once; on a transient failure, schedules a retry and stops. */
  async flush(): Promise<void> {
    if (this.#timer !== null) {
      this.#env.clearTimeout(this.#timer);
      this.#timer = null;
    }
    const waiting = await this.#queue.listWaiting();
    for (const answer of waiting) {
      const attempts = answer.attempts + 1;
      try {
        if (!this.#env.isOnline()) throw new RemoteError('offline', 'offline');
        const outcome = await this.#remote.submit({
          ...answer.payload,
          id: answer.id,
          survey_id: answer.survey_id,
        });
        await this.#queue.setOutcome(answer.id, FINAL[outcome], attempts, null);
        this.#attempt = 0;
      } catch (e) {
        await this.#queue.setOutcome(
          answer.id,
          'waiting',
          attempts,
          e instanceof Error ? e.message : String(e),
        );
        if (!this.#started) return;
        const retryAfter = isRemoteError(e) ? e.retryAfterMs : null;
        const delay = retryDelay(
          this.#attempt++,
          retryAfter,
          () => this.#env.random(),
          this.#backoff,
        );
        this.#timer = this.#env.setTimeout(() => {
          this.#timer = null;
          this.flushSoon();
        }, delay);
        return;
      }
    }
  }
}
