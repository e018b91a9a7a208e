// The anonymous respondent side against the real backend: an answer stored locally first, sent
// through the public submit function until accepted, recorded once however often it is sent;
// 'closed' and 'not found' are final.
import { afterEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { RespondentStore } from '@/db/respondent-store';
import { describeSurveyAnswer } from '@/lib/sync/notices';
import { createSurveySubmitRemote, manualEnv, SurveySender } from '../../sync';
import { FaultInjector, faultyFetch } from '../../sync/testing/faults';
import { serviceClient } from '../../server/testing/backend';
import { FAST_BACKOFF, until, uuid } from '../db/helpers';
import { backend, newUser, supabaseFor, syncedDevice, type SyncedDevice } from './helpers';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

function respondent() {
  // The respondent's own store (survey.html), on a device of its own.
  const queue = new RespondentStore({ name: `respondent-${uuid()}`, indexedDB: new IDBFactory() });
  const faults = new FaultInjector();
  faults.targets = ['survey'];
  const sender = new SurveySender({
    queue: queue.port,
    remote: createSurveySubmitRemote({
      createClient: (f) => supabaseFor(f),
      fetch: faultyFetch(fetch, faults),
    }),
    env: manualEnv(),
    backoff: FAST_BACKOFF,
  });
  cleanup.push(async () => {
    sender.stop();
    await queue.close();
  });
  return { faults, queue, sender };
}

const answer = {
  department: 'commercial',
  first_name: 'Camille',
  last_name: 'Martin',
  responses: { skills: ['Négociation'], challenges: 'Prospection' },
  tools_satisfaction: 'partially' as const,
  improvement_suggestion: 'Plus de formations courtes',
};

async function ownerWithSurvey(): Promise<{
  owner: SyncedDevice;
  userId: string;
  surveyId: string;
}> {
  const user = await newUser();
  const owner = syncedDevice(user);
  cleanup.push(async () => {
    await owner.engine.stop();
    owner.db.close();
  });
  const surveyId = await owner.repos.createTeamSurvey(user.id, 'Besoins 2027');
  owner.engine.start();
  await until(async () => {
    await owner.engine.syncNow();
    return (await owner.db.outbox.count()) === 0;
  }, 'survey pushed');
  return { owner, userId: user.id, surveyId };
}

async function responsesOnServer(surveyId: string) {
  const { data, error } = await serviceClient(backend)
    .from('team_survey_responses')
    .select('id')
    .eq('survey_id', surveyId);
  if (error) throw new Error(error.message);
  return data;
}

describe('public survey answers (respondent side)', () => {
  it('a public answer submitted five times is recorded once', async () => {
    const { owner, userId, surveyId } = await ownerWithSurvey();
    const r = respondent();
    // The first four deliveries reach the server and commit, but their answers are lost.
    r.faults.next(...Array.from({ length: 4 }, () => ({ kind: 'timeout_after_commit' as const })));
    const id = await r.queue.queueSurveyAnswer(surveyId, answer);
    expect(await r.queue.getSurveyAnswer(id)).toMatchObject({ status: 'waiting' });
    r.sender.start();
    await until(
      async () => (await r.queue.getSurveyAnswer(id))?.status === 'sent',
      'answer accepted',
    );
    expect(r.faults.log.filter((l) => l.target === 'survey').map((l) => l.fault)).toEqual([
      'timeout_after_commit',
      'timeout_after_commit',
      'timeout_after_commit',
      'timeout_after_commit',
      'ok',
    ]);
    expect(await r.queue.getSurveyAnswer(id)).toMatchObject({ status: 'sent', attempts: 5 });
    expect(await responsesOnServer(surveyId)).toEqual([{ id }]);
    // The owner pulls it, once.
    await owner.engine.syncNow();
    const pulled = await owner.repos.listTeamSurveyResponses(userId, surveyId);
    expect(pulled.map((x) => [x.id, x.first_name, x.tools_satisfaction])).toEqual([
      [id, 'Camille', 'partially'],
    ]);
    expect(describeSurveyAnswer('sent')).toBe('Merci pour votre participation !');
  });

  it('a closed survey and an unknown survey are final answers, shown and not retried', async () => {
    const { owner, userId, surveyId } = await ownerWithSurvey();
    await owner.repos.closeTeamSurvey(userId, surveyId);
    await owner.engine.syncNow();
    const r = respondent();
    const closed = await r.queue.queueSurveyAnswer(surveyId, answer);
    const unknown = await r.queue.queueSurveyAnswer(uuid(), answer);
    r.sender.start();
    await until(
      async () => (await r.queue.getSurveyAnswer(unknown))?.status === 'not_found',
      'not found',
    );
    await until(async () => (await r.queue.getSurveyAnswer(closed))?.status === 'closed', 'closed');
    await r.sender.flush();
    expect(await r.queue.getSurveyAnswer(closed)).toMatchObject({ status: 'closed', attempts: 1 });
    expect(await r.queue.getSurveyAnswer(unknown)).toMatchObject({
      status: 'not_found',
      attempts: 1,
    });
    expect(describeSurveyAnswer('closed')).toBe('Ce sondage est clôturé');
    expect(describeSurveyAnswer('not_found')).toBe('Sondage non trouvé');
    expect(await responsesOnServer(surveyId)).toEqual([]);
  });

  it('offline: the answer waits on the device and is sent when the network is back', async () => {
    const { surveyId } = await ownerWithSurvey();
    const r = respondent();
    r.faults.offline = true;
    const id = await r.queue.queueSurveyAnswer(surveyId, answer);
    r.sender.start();
    await until(
      async () => ((await r.queue.getSurveyAnswer(id))?.attempts ?? 0) >= 2,
      'retried while offline',
    );
    expect(await r.queue.getSurveyAnswer(id)).toMatchObject({ status: 'waiting' });
    r.faults.offline = false;
    await until(
      async () => (await r.queue.getSurveyAnswer(id))?.status === 'sent',
      'sent when online',
    );
    expect(await responsesOnServer(surveyId)).toEqual([{ id }]);
  });
});
