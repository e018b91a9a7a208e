// The respondent's own store (src/db/respondent-store.ts: raw IndexedDB, no Dexie) on
// fake-indexeddb: what the public survey keeps on the device, the answer queue as the survey sender
// sees it, atomic writes and a full disk, change notices (this tab and another), and the one-time
// move of what earlier versions left in the app's Dexie database.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { createLocalDb, LocalStoreError } from '@/db';
import { RespondentStore, type SurveyAnswerInput } from '@/db/respondent-store';
import { LEGACY_RESPONDENT_SOURCE } from '@/db/survey-device-store';
import { surveyCacheKey, surveyDraftKey } from '@/domain/public-survey-draft';
import { until, uuid } from './helpers';

const answer: SurveyAnswerInput = {
  department: 'commercial',
  first_name: 'Léa',
  last_name: 'Martin',
  responses: { skills: ['Négociation'] },
  tools_satisfaction: 'partially',
  improvement_suggestion: null,
};

const opened: RespondentStore[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const s of opened.splice(0)) await s.close();
});

/** A store on a device of its own (or another tab of `device`). */
function storeOn(device: { factory: IDBFactory; name: string }, now?: () => Date) {
  const store = new RespondentStore({ name: device.name, indexedDB: device.factory, now });
  opened.push(store);
  return store;
}
const newDevice = () => ({ factory: new IDBFactory(), name: `respondent-${uuid()}` });

/** A clock that advances one second per call. */
function ticking(start = '2026-11-22T10:00:00.000Z') {
  let t = Date.parse(start);
  return () => new Date((t += 1000));
}

describe('respondent store: what the page keeps', () => {
  it('keeps a value with the date it was written, and reads it back after reopening', async () => {
    const device = newDevice();
    const store = storeOn(device, () => new Date('2026-11-22T10:00:00.000Z'));
    expect(await store.getCachedReference('survey:x')).toBeUndefined();
    await store.putCachedReference('survey:x', { name: 'Besoins 2027' });
    await store.close();
    const again = storeOn(device);
    expect(await again.getCachedReference('survey:x')).toEqual({
      value: { name: 'Besoins 2027' },
      fetchedAt: '2026-11-22T10:00:00.000Z',
    });
  });

  it('the last write of a key wins', async () => {
    const store = storeOn(newDevice());
    await store.putCachedReference('k', 1);
    await store.putCachedReference('k', 2);
    expect((await store.getCachedReference('k'))?.value).toBe(2);
  });
});

describe('respondent store: the answer queue', () => {
  it('queues an answer as waiting with a new response id, and the draft in the same write', async () => {
    const store = storeOn(newDevice());
    const id = await store.queueSurveyAnswer('s1', answer, (responseId) => ({
      key: surveyDraftKey('s1'),
      value: { submitted_id: responseId },
    }));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await store.getSurveyAnswer(id)).toMatchObject({
      id,
      survey_id: 's1',
      payload: answer,
      status: 'waiting',
      attempts: 0,
      last_error: null,
    });
    expect((await store.getCachedReference(surveyDraftKey('s1')))?.value).toEqual({
      submitted_id: id,
    });
    const other = await store.queueSurveyAnswer('s1', answer);
    expect(other).not.toBe(id);
  });

  it('a full disk writes neither the answer nor the draft, and says quota', async () => {
    const store = storeOn(newDevice());
    await store.putCachedReference(surveyDraftKey('s1'), { submitted_id: null });
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      if (this.name === 'kept') throw new DOMException('full', 'QuotaExceededError');
      return put.apply(this, args);
    });
    const failure = await store
      .queueSurveyAnswer('s1', answer, (id) => ({
        key: surveyDraftKey('s1'),
        value: { submitted_id: id },
      }))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LocalStoreError);
    expect((failure as LocalStoreError).code).toBe('quota');
    vi.restoreAllMocks();
    expect(await store.listAnswers()).toEqual([]);
    expect((await store.getCachedReference(surveyDraftKey('s1')))?.value).toEqual({
      submitted_id: null,
    });
  });

  it("gives the sender the waiting answers oldest first, and records each answer's outcome", async () => {
    const store = storeOn(newDevice(), ticking());
    const first = await store.queueSurveyAnswer('s1', answer);
    const second = await store.queueSurveyAnswer('s2', answer);
    const third = await store.queueSurveyAnswer('s3', answer);
    await store.port.setOutcome(second, 'sent', 1, null);
    await store.port.setOutcome(third, 'waiting', 2, 'offline');
    const waiting = await store.port.listWaiting();
    expect(waiting.map((w) => [w.id, w.survey_id, w.attempts])).toEqual([
      [first, 's1', 0],
      [third, 's3', 2],
    ]);
    expect(waiting[0]!.payload).toEqual(answer);
    const updated = await store.getSurveyAnswer(third);
    expect(updated).toMatchObject({ status: 'waiting', attempts: 2, last_error: 'offline' });
    expect(updated!.updated_at > updated!.created_at).toBe(true);
    expect((await store.getSurveyAnswer(second))?.status).toBe('sent');
    // An outcome for an answer the device does not have changes nothing.
    await store.port.setOutcome(uuid(), 'sent', 1, null);
    expect(await store.listAnswers()).toHaveLength(3);
  });
});

describe('respondent store: change notices', () => {
  it('wakes the sender on a new answer only; the page hears every change', async () => {
    const store = storeOn(newDevice());
    const sender = vi.fn();
    const page = vi.fn();
    const offSender = store.port.subscribe(sender);
    const offPage = store.onAnswersChange(page);
    const id = await store.queueSurveyAnswer('s1', answer);
    expect(sender).toHaveBeenCalledTimes(1);
    expect(page).toHaveBeenCalledTimes(1);
    await store.port.setOutcome(id, 'waiting', 1, 'offline');
    expect(sender).toHaveBeenCalledTimes(1); // a retry waits for its backoff
    expect(page).toHaveBeenCalledTimes(2);
    offSender();
    offPage();
    await store.queueSurveyAnswer('s1', answer);
    expect(sender).toHaveBeenCalledTimes(1);
    expect(page).toHaveBeenCalledTimes(2);
  });

  it("another tab's new answer and outcomes reach this tab", async () => {
    const device = newDevice();
    const here = storeOn(device);
    const there = storeOn(device);
    const sender = vi.fn();
    const page = vi.fn();
    here.port.subscribe(sender);
    here.onAnswersChange(page);
    const id = await there.queueSurveyAnswer('s1', answer);
    await until(async () => sender.mock.calls.length === 1, 'new answer heard');
    await there.port.setOutcome(id, 'sent', 1, null);
    await until(async () => page.mock.calls.length === 2, 'outcome heard');
    expect(sender).toHaveBeenCalledTimes(1);
    expect((await here.getSurveyAnswer(id))?.status).toBe('sent');
  });
});

describe("respondent store: what earlier versions left in the app's database", () => {
  async function legacyDevice() {
    const factory = new IDBFactory();
    const app = createLocalDb(LEGACY_RESPONDENT_SOURCE.dbName, { indexedDB: factory, IDBKeyRange });
    const at = '2026-11-01T08:00:00.000Z';
    const waiting = {
      id: uuid(),
      survey_id: 's1',
      payload: { ...answer },
      status: 'waiting' as const,
      attempts: 3,
      last_error: 'offline',
      created_at: at,
      updated_at: at,
    };
    await app.survey_outbox.add(waiting);
    await app.reference_cache.bulkPut([
      { key: surveyCacheKey('s1'), value: { id: 's1' }, fetched_at: at },
      { key: surveyDraftKey('s1'), value: { submitted_id: waiting.id }, fetched_at: at },
      { key: 'idcc:1486', value: { label: 'Syntec' }, fetched_at: at },
    ]);
    return { factory, app, waiting };
  }

  it('moves the waiting answer and the survey entries once, leaving the rest of the app alone', async () => {
    const { factory, app, waiting } = await legacyDevice();
    app.close();
    const store = new RespondentStore({
      name: `respondent-${uuid()}`,
      indexedDB: factory,
      legacy: LEGACY_RESPONDENT_SOURCE,
    });
    opened.push(store);
    expect(await store.port.listWaiting()).toEqual([
      { id: waiting.id, survey_id: 's1', payload: answer, status: 'waiting', attempts: 3 },
    ]);
    expect((await store.getCachedReference(surveyDraftKey('s1')))?.value).toEqual({
      submitted_id: waiting.id,
    });
    expect((await store.getCachedReference(surveyCacheKey('s1')))?.value).toEqual({ id: 's1' });
    expect(await store.getCachedReference('idcc:1486')).toBeUndefined();

    await app.open();
    expect(await app.survey_outbox.count()).toBe(0);
    expect((await app.reference_cache.toArray()).map((e) => e.key)).toEqual(['idcc:1486']);
    app.close();
  });

  it('keeps what the new store already has when the same entry is found in both', async () => {
    const { factory, app } = await legacyDevice();
    app.close();
    const name = `respondent-${uuid()}`;
    const plain = new RespondentStore({ name, indexedDB: factory });
    await plain.putCachedReference(surveyDraftKey('s1'), { submitted_id: 'newer' });
    await plain.close();
    const store = new RespondentStore({
      name,
      indexedDB: factory,
      legacy: LEGACY_RESPONDENT_SOURCE,
    });
    opened.push(store);
    expect((await store.getCachedReference(surveyDraftKey('s1')))?.value).toEqual({
      submitted_id: 'newer',
    });
  });

  it("does not create the app's database when the device never had it", async () => {
    const factory = new IDBFactory();
    const store = new RespondentStore({ indexedDB: factory, legacy: LEGACY_RESPONDENT_SOURCE });
    opened.push(store);
    await store.putCachedReference('k', 1);
    const names = (await factory.databases()).map((d) => d.name);
    expect(names).toEqual([store.name]);
  });
});
