// The local store's side of issue 27 item 7: an amount confirmed by the OPCO is written with its
// outbox mutation in one transaction, only for a live company of the owner, deleted with its
// company, read back by the live hook's query; the schema upgrade (v2 → v3) keeps what a device
// already holds.
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createLocalDb, LocalStoreError, parseRow } from '@/db';
import { newDevice, siret as siretOf, uuid } from './helpers';

const user = uuid();
let sirets = 0;
const siret = () => siretOf(++sirets);

function company(s: string) {
  return {
    company_name: 'Boulangerie du Marché',
    company_siret: s,
    idcc: '0843',
    employee_range_min: 1,
    employee_range_max: 10,
  };
}

const input = (s: string) => ({
  company_siret: s,
  opco_name: 'OPCO EP',
  amount_cents: 480_050,
  amount_basis: 'HT' as const,
  confirmed_on: '2026-11-12',
  comment: 'Par téléphone',
});

describe('amounts confirmed by the OPCO (local store)', () => {
  it('records the row with the company’s IDCC and headcount, and its mutation, in one transaction', async () => {
    const { db, repos } = newDevice();
    const s = siret();
    await repos.saveSimulation(user, company(s));
    await db.outbox.clear();
    const id = await repos.recordOpcoConfirmation(user, input(s));
    const row = await db.opco_confirmations.get(id);
    expect(row).toMatchObject({
      id,
      profile_id: user,
      company_siret: s,
      idcc: '0843',
      employee_range_min: 1,
      employee_range_max: 10,
      amount_cents: 480_050,
      amount_basis: 'HT',
      confirmed_on: '2026-11-12',
      comment: 'Par téléphone',
      sync_version: 0,
      deleted_at: null,
    });
    // What the pull would bring back reads with the row schema.
    expect(parseRow('opco_confirmations', row).ok).toBe(true);
    const [mutation] = await db.outbox.toArray();
    expect(mutation).toMatchObject({ table: 'opco_confirmations', op: 'insert', row_id: id });
    expect(mutation!.fields).toMatchObject({ profile_id: user, amount_cents: 480_050 });
    expect(await repos.listOpcoConfirmations(user)).toHaveLength(1);
    expect(await repos.listOpcoConfirmations(uuid())).toEqual([]);
  });

  it('refuses a company the owner does not have (nothing written)', async () => {
    const { db, repos } = newDevice();
    await expect(repos.recordOpcoConfirmation(user, input(siret()))).rejects.toBeInstanceOf(
      LocalStoreError,
    );
    expect(await db.opco_confirmations.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('deleting the company deletes its confirmations (and no other company’s)', async () => {
    const { db, repos } = newDevice();
    const [a, b] = [siret(), siret()];
    await repos.saveSimulation(user, company(a));
    await repos.saveSimulation(user, company(b));
    const ofA = await repos.recordOpcoConfirmation(user, input(a));
    const ofB = await repos.recordOpcoConfirmation(user, input(b));
    await repos.deleteCompany(user, a);
    expect((await db.opco_confirmations.get(ofA))!.deleted_at).not.toBeNull();
    expect((await db.opco_confirmations.get(ofB))!.deleted_at).toBeNull();
    const deletes = (await db.outbox.toArray()).filter(
      (m) => m.table === 'opco_confirmations' && m.op === 'delete',
    );
    expect(deletes.map((m) => m.row_id)).toEqual([ofA]);
  });

  it('a pulled row that is not readable (a basis this version does not know) is refused by the schema', () => {
    const now = new Date().toISOString();
    const row = {
      id: uuid(),
      profile_id: user,
      company_siret: siret(),
      idcc: '0843',
      employee_range_min: 1,
      employee_range_max: 10,
      opco_name: null,
      amount_cents: 100,
      amount_basis: 'HTVA',
      confirmed_on: '2026-11-12',
      comment: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      sync_version: 12,
    };
    expect(parseRow('opco_confirmations', row).ok).toBe(false);
    expect(parseRow('opco_confirmations', { ...row, amount_basis: 'TTC' }).ok).toBe(true);
  });

  it('upgrading a device from schema v2 keeps its data and adds the table', async () => {
    const factory = new IDBFactory();
    const name = `upgrade-${uuid()}`;
    // The app's database as version 2 left it (same stores, no opco_confirmations).
    const old = new Dexie(name, { indexedDB: factory, IDBKeyRange });
    old.version(1).stores({
      profiles: 'id',
      simulations: 'id, [profile_id+company_siret], [profile_id+created_at]',
      survey_responses: 'id, [profile_id+created_at], [profile_id+company_siret]',
      training_employees: 'id, [company_id+created_at]',
      training_requests: 'id, [company_id+created_at], [company_id+company_siret]',
      team_surveys: 'id, [company_id+created_at]',
      team_survey_responses: 'id, company_id, [survey_id+created_at]',
      referrals: 'id, [referrer_id+created_at]',
      outbox: '++seq, &id, owner_id, [table+row_id]',
      server_rows: '[table+id], table',
      conflicts: 'id, owner_id, [table+row_id]',
      dead_letters: 'id, owner_id, [table+row_id]',
      sync_state: 'key',
      budget_cache: 'key, fetched_at',
      survey_outbox: 'id, status, survey_id',
      reference_cache: 'key',
    });
    old.version(2).stores({ quarantine: '[table+id], owner_id' });
    await old.open();
    await old.table('team_surveys').put({ id: 'kept', company_id: user, name: 'Équipe' });
    old.close();

    const db = createLocalDb(name, { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(3);
    expect(await db.team_surveys.get('kept')).toMatchObject({ name: 'Équipe' });
    expect(await db.opco_confirmations.count()).toBe(0);
    db.close();
  });
});
