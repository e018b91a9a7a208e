// Respondent side of public team surveys (anonymous): an answer is stored on the device first,
// with its response id, then sent by the survey sender (sync/survey-sender.ts) until the server
// answers. Statuses: waiting (not accepted yet), sent (recorded), closed / not_found (final).
import { liveQuery } from 'dexie';
import type { LocalDb, SurveyAnswerStatus, SurveyOutboxEntry } from '../database';
import { guardQuota } from '../errors';
import type { Row } from '../meta';
import { newId } from '../write';

export type SurveyAnswerInput = {
  department: string;
  first_name: string;
  last_name: string;
  responses: Record<string, unknown>;
  tools_satisfaction: 'yes' | 'partially' | 'no' | 'unknown';
  improvement_suggestion?: string | null;
};

export function surveyQueueRepository(db: LocalDb, opts: { now?: () => Date } = {}) {
  const now = () => (opts.now ?? (() => new Date()))().toISOString();
  return {
    /** Stores the answer locally and returns its response id (the sender sends it). */
    async queueSurveyAnswer(surveyId: string, answer: SurveyAnswerInput): Promise<string> {
      const id = newId();
      const at = now();
      await guardQuota(() =>
        db.survey_outbox.add({
          id,
          survey_id: surveyId,
          payload: { ...answer } as Row,
          status: 'waiting',
          attempts: 0,
          last_error: null,
          created_at: at,
          updated_at: at,
        }),
      );
      return id;
    },
    getSurveyAnswer: (id: string): Promise<SurveyOutboxEntry | undefined> =>
      db.survey_outbox.get(id),

    /** The port of the survey sender. */
    port: {
      async listWaiting() {
        const rows = await db.survey_outbox.where('status').equals('waiting').sortBy('created_at');
        return rows.map((r) => ({
          id: r.id,
          survey_id: r.survey_id,
          payload: r.payload,
          status: r.status,
          attempts: r.attempts,
        }));
      },
      async setOutcome(
        id: string,
        status: SurveyAnswerStatus,
        attempts: number,
        error: string | null,
      ) {
        await db.survey_outbox.update(id, {
          status,
          attempts,
          last_error: error,
          updated_at: now(),
        });
      },
      subscribe(listener: () => void) {
        let last: number | null = null;
        const sub = liveQuery(() =>
          db.survey_outbox.where('status').equals('waiting').count(),
        ).subscribe({
          next: (n) => {
            if (last !== null && n > last) listener();
            last = n;
          },
          error: () => undefined,
        });
        return () => sub.unsubscribe();
      },
    },
  };
}
