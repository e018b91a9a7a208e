// Row-level security matrix: every table x {owner, another user, anonymous} x {select, insert,
// update, delete}, through supabase-js exactly as the app. Zero leaks; each refusal asserted.
// Isolation: this file creates its own users; RLS keeps other files' rows invisible anyway.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../../server/testing/backend';
import {
  anon,
  backend,
  employeeRow,
  opcoConfirmationRow,
  publicAnswer,
  service,
  simulationRow,
  siret,
  surveyResponseRow,
  teamSurveyRow,
  trainingRequestRow,
  uuid,
} from './helpers';

type Row = Record<string, unknown> & { id: string };
type Actor = 'owner' | 'other' | 'anon';

let A: ConfirmedUser;
let B: ConfirmedUser;
const clients = (): Record<Actor, SupabaseClient> => ({
  owner: A.client,
  other: B.client,
  anon: anon(),
});

/** How each user table is owned and written. */
type TableSpec = {
  table: string;
  /** A new row owned by `ownerId`, as its owner would insert it. */
  make: (ownerId: string) => Row;
  /** A row owned by A, created the way the product creates it (owner insert or privileged path). */
  seed: () => Promise<Row>;
  /** A harmless change for the update test. */
  change: Record<string, unknown>;
  ownerColumn: string;
  ownerCan: { insert: boolean; update: boolean; delete: boolean };
};

async function serviceInsert(table: string, row: Row): Promise<Row> {
  const { data, error } = await service().from(table).insert(row).select().single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as Row;
}

async function activeSurveyOfA(): Promise<string> {
  const s = teamSurveyRow(A.id);
  const { error } = await A.client.from('team_surveys').insert(s);
  if (error) throw new Error(error.message);
  return s.id;
}

const TABLES: TableSpec[] = [
  {
    table: 'profiles',
    // A second profile for the same user cannot exist (primary key = user id): the owner-insert case
    // uses a user whose trigger-made profile was removed first (see the dedicated test below).
    make: (ownerId) => ({
      id: ownerId,
      contact_name: 'X',
      contact_email: `${uuid()}@example.test`,
    }),
    seed: async () => ({ id: A.id }),
    change: { contact_phone: '06 12 34 56 78' },
    ownerColumn: 'id',
    ownerCan: { insert: false, update: true, delete: false },
  },
  {
    table: 'simulations',
    make: (o) => simulationRow(o),
    seed: async () => {
      const r = simulationRow(A.id);
      const { error } = await A.client.from('simulations').insert(r);
      if (error) throw new Error(error.message);
      return r;
    },
    change: { company_name: 'Nouveau nom' },
    ownerColumn: 'profile_id',
    ownerCan: { insert: true, update: true, delete: true },
  },
  {
    table: 'referrals',
    make: (o) => ({ id: uuid(), referrer_id: o, status: 'registered' }),
    seed: () =>
      serviceInsert('referrals', {
        id: uuid(),
        referrer_id: A.id,
        status: 'registered',
        referred_company_name: 'Filleul',
      }),
    change: { status: 'training_completed', commission_amount: 500 },
    ownerColumn: 'referrer_id',
    ownerCan: { insert: false, update: false, delete: false },
  },
  {
    table: 'survey_responses',
    make: (o) => surveyResponseRow(o),
    seed: async () => {
      const r = surveyResponseRow(A.id);
      const { error } = await A.client.from('survey_responses').insert(r);
      if (error) throw new Error(error.message);
      return r;
    },
    change: { rhythm: 'monthly' },
    ownerColumn: 'profile_id',
    ownerCan: { insert: true, update: true, delete: true },
  },
  {
    table: 'training_employees',
    make: (o) => employeeRow(o),
    seed: async () => {
      const r = employeeRow(A.id);
      const { error } = await A.client.from('training_employees').insert(r);
      if (error) throw new Error(error.message);
      return r;
    },
    change: { first_name: 'Alex' },
    ownerColumn: 'company_id',
    ownerCan: { insert: true, update: true, delete: true },
  },
  {
    table: 'training_requests',
    make: (o) => trainingRequestRow(o),
    seed: async () => {
      const r = trainingRequestRow(A.id);
      const { error } = await A.client.from('training_requests').insert(r);
      if (error) throw new Error(error.message);
      return r;
    },
    change: { status: 'in_progress' },
    ownerColumn: 'company_id',
    ownerCan: { insert: true, update: true, delete: true },
  },
  {
    table: 'team_surveys',
    make: (o) => teamSurveyRow(o),
    seed: async () => ({ id: await activeSurveyOfA() }),
    change: { name: 'Renommé' },
    ownerColumn: 'company_id',
    ownerCan: { insert: true, update: true, delete: true },
  },
  {
    table: 'team_survey_responses',
    // Written only through submit_survey_response (security definer): direct inserts are refused.
    make: (o) => ({ ...publicAnswer(uuid()), company_id: o }),
    seed: async () => {
      const answer = publicAnswer(await activeSurveyOfA());
      const { error } = await anon().rpc('submit_survey_response', { p_response: answer });
      if (error) throw new Error(error.message);
      return { id: answer.id };
    },
    change: { deleted_at: new Date().toISOString() },
    ownerColumn: 'company_id',
    ownerCan: { insert: false, update: true, delete: true },
  },
  {
    table: 'opco_confirmations',
    // The amount the OPCO confirmed, for one of the owner's companies (CONFIRMED_SIRET, made live
    // before each case below).
    make: (o) => opcoConfirmationRow(o, CONFIRMED_SIRET),
    seed: async () => {
      const r = opcoConfirmationRow(A.id, CONFIRMED_SIRET);
      const { error } = await A.client.from('opco_confirmations').insert(r);
      if (error) throw new Error(error.message);
      return r;
    },
    change: { amount_cents: 520000, amount_basis: 'TTC', comment: 'Corrigé' },
    ownerColumn: 'profile_id',
    ownerCan: { insert: true, update: true, delete: true },
  },
];

/** The company of A whose confirmed amounts the opco_confirmations cases record. */
const CONFIRMED_SIRET = siret();

/** Reference tables: nobody but the service role reads or writes them directly. */
const REFERENCE_TABLES: { table: string; key: string; sample: Record<string, unknown> }[] = [
  { table: 'idcc', key: 'idcc', sample: { idcc: '9990', libelle: 'Test' } },
  { table: 'idcc_opco', key: 'idcc', sample: { idcc: '9990', opco: 'AKTO' } },
  { table: 'naf', key: 'code', sample: { code: '99.99Z', label: 'Test' } },
  { table: 'naf_idcc', key: 'naf', sample: { naf: '62.01Z', idcc: '9990', proba: 50 } },
  {
    table: 'budget_rules',
    key: 'idcc',
    sample: { idcc: '1486', min_employees: 5000, max_employees: 6000 },
  },
  {
    table: 'registry_companies',
    key: 'siren',
    sample: { siren: '123456789', denomination: 'X', search_text: 'x' },
  },
  {
    table: 'funding_criteria',
    key: 'line',
    sample: {
      line: 9999,
      opco: 'AKTO',
      branch: 'x',
      scope: 'branch',
      fund: 'total',
      salary_covered: 'no',
      source_url: 'https://x.test',
      reliability: 'press',
      notes: 'x',
    },
  },
  {
    table: 'reference_datasets',
    key: 'dataset',
    sample: { dataset: 'x', source: 'import', version: '1', row_count: 1 },
  },
];

async function fetchAsService(table: string, id: string, key = 'id') {
  const { data, error } = await service().from(table).select('*').eq(key, id).maybeSingle();
  if (error) throw new Error(error.message);
  return data as Record<string, unknown> | null;
}

/** A refused write: an RLS / privilege error, never a success. */
function expectRefused(error: { code?: string; message: string } | null, status: number) {
  expect(error, 'the write must be refused').not.toBeNull();
  expect(['42501', 'PGRST301', 'PGRST116']).toContain(error!.code ?? String(status));
}

beforeAll(async () => {
  A = await createConfirmedUser(backend);
  B = await createConfirmedUser(backend);
});

describe.each(TABLES)('$table', (spec) => {
  if (spec.table === 'simulations') {
    // At most 3 live companies per profile (company_limit): start each case with none.
    beforeEach(async () => {
      const { error } = await service()
        .from('simulations')
        .update({ deleted_at: new Date().toISOString() })
        .eq('profile_id', A.id)
        .is('deleted_at', null);
      if (error) throw new Error(error.message);
    });
  }
  if (spec.table === 'opco_confirmations') {
    // One live company of A, the one the confirmations name (the others made above are gone).
    beforeEach(async () => {
      const gone = await service()
        .from('simulations')
        .update({ deleted_at: new Date().toISOString() })
        .eq('profile_id', A.id)
        .is('deleted_at', null);
      if (gone.error) throw new Error(gone.error.message);
      const made = await service()
        .from('simulations')
        .insert(simulationRow(A.id, { company_siret: CONFIRMED_SIRET }));
      if (made.error) throw new Error(made.error.message);
    });
  }
  describe('select', () => {
    it('owner reads their row', async () => {
      const row = await spec.seed();
      const { data, error } = await A.client.from(spec.table).select('*').eq('id', row.id);
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
    });
    it.each(['other', 'anon'] as const)('%s reads nothing of it', async (actor) => {
      const row = await spec.seed();
      const { data, error } = await clients()[actor].from(spec.table).select('*').eq('id', row.id);
      // Either no row (RLS) or a privilege error: never the row.
      if (error) expect(error.code).toBe('42501');
      else expect(data).toEqual([]);
      // Nor any row of the table at all for anon; only their own for another user.
      const all = await clients()[actor].from(spec.table).select(spec.ownerColumn);
      if (!all.error) {
        for (const r of all.data as unknown as Record<string, unknown>[]) {
          expect(actor).toBe('other');
          expect(r[spec.ownerColumn]).toBe(B.id);
        }
      }
    });
  });

  describe('insert', () => {
    it(
      spec.ownerCan.insert ? 'owner inserts their own row' : 'owner cannot insert directly',
      async () => {
        const row = spec.make(A.id);
        const { error, status } = await A.client.from(spec.table).insert(row);
        if (spec.ownerCan.insert) {
          expect(error).toBeNull();
          expect(await fetchAsService(spec.table, row.id)).not.toBeNull();
        } else if (spec.table === 'profiles') {
          // The profile already exists (made by the sign-up trigger): no second one.
          expect(error).not.toBeNull();
        } else {
          expectRefused(error, status);
          expect(await fetchAsService(spec.table, row.id)).toBeNull();
        }
      },
    );
    it.each(['other', 'anon'] as const)(
      '%s cannot insert a row owned by the owner',
      async (actor) => {
        const row = spec.make(A.id);
        if (spec.table === 'profiles') row.id = uuid(); // not an existing profile: only RLS can refuse it
        if (spec.table === 'profiles') row[spec.ownerColumn] = row.id;
        const { error, status } = await clients()[actor].from(spec.table).insert(row);
        expect(error, 'insert must be refused').not.toBeNull();
        if (spec.table !== 'profiles') expectRefused(error, status);
        expect(await fetchAsService(spec.table, row.id)).toBeNull();
      },
    );
  });

  describe('update', () => {
    it(spec.ownerCan.update ? 'owner updates their row' : 'owner cannot update it', async () => {
      const row = await spec.seed();
      const before = await fetchAsService(spec.table, row.id);
      const { data, error } = await A.client
        .from(spec.table)
        .update(spec.change)
        .eq('id', row.id)
        .select();
      const after = await fetchAsService(spec.table, row.id);
      if (spec.ownerCan.update) {
        expect(error).toBeNull();
        expect(data).toHaveLength(1);
        for (const [k, v] of Object.entries(spec.change)) {
          if (k.endsWith('_at')) expect(after?.[k]).not.toBeNull();
          else expect(after?.[k]).toEqual(v);
        }
      } else {
        if (!error) expect(data).toEqual([]);
        expect(after).toEqual(before);
      }
    });
    it.each(['other', 'anon'] as const)('%s cannot update it', async (actor) => {
      const row = await spec.seed();
      const before = await fetchAsService(spec.table, row.id);
      const client = clients()[actor];
      const { data, error } = await client
        .from(spec.table)
        .update(spec.change)
        .eq('id', row.id)
        .select();
      if (!error) expect(data).toEqual([]);
      expect(await fetchAsService(spec.table, row.id)).toEqual(before);
    });
    if (spec.ownerCan.update) {
      it('owner cannot give their row to another user', async () => {
        const row = await spec.seed();
        const { error, status } = await A.client
          .from(spec.table)
          .update({ [spec.ownerColumn]: B.id })
          .eq('id', row.id);
        expect(error).not.toBeNull();
        // team survey responses: the guard trigger refuses any change but the soft delete.
        if (spec.table === 'team_survey_responses')
          expect(error!.message).toBe('response_readonly');
        else if (spec.table !== 'profiles') expectRefused(error, status);
        expect((await fetchAsService(spec.table, row.id))?.[spec.ownerColumn]).toBe(A.id);
      });
    }
  });

  describe('delete', () => {
    it(spec.ownerCan.delete ? 'owner deletes their row' : 'owner cannot delete it', async () => {
      const row = await spec.seed();
      const { data, error } = await A.client.from(spec.table).delete().eq('id', row.id).select();
      if (spec.ownerCan.delete) {
        expect(error).toBeNull();
        expect(data).toHaveLength(1);
        expect(await fetchAsService(spec.table, row.id)).toBeNull();
      } else {
        if (!error) expect(data).toEqual([]);
        expect(await fetchAsService(spec.table, row.id)).not.toBeNull();
      }
    });
    it.each(['other', 'anon'] as const)('%s cannot delete it', async (actor) => {
      const row = await spec.seed();
      const client = clients()[actor];
      const { data, error } = await client.from(spec.table).delete().eq('id', row.id).select();
      if (!error) expect(data).toEqual([]);
      expect(await fetchAsService(spec.table, row.id)).not.toBeNull();
    });
  });
});

describe('profiles: owner insert', () => {
  it('a user without a profile may create their own, and only their own', async () => {
    const C = await createConfirmedUser(backend);
    await service().from('profiles').delete().eq('id', C.id);
    const other = await C.client
      .from('profiles')
      .insert({ id: B.id, contact_email: `${uuid()}@example.test` });
    expect(other.error).not.toBeNull();
    const own = await C.client
      .from('profiles')
      .insert({ id: C.id, contact_name: 'C', contact_email: C.email });
    expect(own.error).toBeNull();
    expect(await fetchAsService('profiles', C.id)).not.toBeNull();
  });
});

describe('survey_question_sets (reference, signed-in read only)', () => {
  it('authenticated users read the 8 question sets; anon reads nothing', async () => {
    const { data, error } = await A.client.from('survey_question_sets').select('department');
    expect(error).toBeNull();
    expect(data).toHaveLength(8);
    const a = await anon().from('survey_question_sets').select('department');
    if (a.error) expect(a.error.code).toBe('42501');
    else expect(a.data).toEqual([]);
  });
  it.each(['owner', 'anon'] as const)('%s cannot write them', async (actor) => {
    const c = clients()[actor];
    const ins = await c
      .from('survey_question_sets')
      .insert({ department: 'other', label: 'X', position: 99, questions: [] });
    expect(ins.error).not.toBeNull();
    const upd = await c
      .from('survey_question_sets')
      .update({ label: 'Piraté' })
      .eq('department', 'tech')
      .select();
    if (!upd.error) expect(upd.data).toEqual([]);
    const del = await c.from('survey_question_sets').delete().eq('department', 'tech').select();
    if (!del.error) expect(del.data).toEqual([]);
    const { data } = await service()
      .from('survey_question_sets')
      .select('label')
      .eq('department', 'tech')
      .single();
    expect(data?.label).toBe('Technique / Informatique');
  });
});

describe.each(REFERENCE_TABLES)('reference table $table', ({ table, key, sample }) => {
  it.each(['owner', 'other', 'anon'] as const)(
    '%s: no select, insert, update or delete',
    async (actor) => {
      const c = clients()[actor];
      const sel = await c.from(table).select('*').limit(5);
      if (sel.error) expect(sel.error.code).toBe('42501');
      else expect(sel.data).toEqual([]);
      const ins = await c.from(table).insert(sample);
      expect(ins.error).not.toBeNull();
      const upd = await c
        .from(table)
        .update({ [key]: sample[key] })
        .neq(key, '__none__')
        .select();
      if (!upd.error) expect(upd.data).toEqual([]);
      const del = await c.from(table).delete().neq(key, '__none__').select();
      if (!del.error) expect(del.data).toEqual([]);
      // The service role sees the data (the seed loaded it), untouched.
      const svc = await service().from(table).select('*', { count: 'exact', head: true });
      expect(svc.error).toBeNull();
      if (table !== 'reference_datasets') expect(svc.count ?? 0).toBeGreaterThan(0);
    },
  );
});

// The registry's search functions (20261123000410) are the registry handler's, over the service
// key: a signed-in or anonymous caller of the data API gets nothing from them.
describe('registry search functions', () => {
  it.each(['owner', 'other', 'anon'] as const)('%s: no rows', async (actor) => {
    const c = clients()[actor];
    const names = await c.rpc('registry_search_names', { p_tokens: ['boulangerie'], p_limit: 5 });
    if (names.error) expect(['42501', 'PGRST202']).toContain(names.error.code);
    else expect(names.data).toEqual([]);
    const numbers = await c.rpc('registry_search_numbers', { p_digits: '905578', p_limit: 5 });
    if (numbers.error) expect(['42501', 'PGRST202']).toContain(numbers.error.code);
    else expect(numbers.data).toEqual([]);
    // The service role (the edge function's key) finds them.
    const svc = await service().rpc('registry_search_names', {
      p_tokens: ['boulangerie'],
      p_limit: 5,
    });
    expect(svc.error).toBeNull();
    expect((svc.data as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('keyless requests (lite admin mode off)', () => {
  it('get no more than the anonymous role', async () => {
    const row = simulationRow(A.id);
    expect((await A.client.from('simulations').insert(row)).error).toBeNull();
    for (const path of [
      '/rest/v1/simulations?select=*',
      '/rest/v1/profiles?select=*',
      '/rest/v1/idcc?select=*',
    ]) {
      const res = await fetch(`${backend.url}${path}`);
      const body = await res.text();
      expect(
        res.status === 401 || body === '[]',
        `${path}: ${res.status} ${body.slice(0, 100)}`,
      ).toBe(true);
    }
    const rpc = await fetch(`${backend.url}/rest/v1/rpc/profile_exists_for_email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ p_email: A.email }),
    });
    expect([401, 200]).toContain(rpc.status);
    const ins = await fetch(`${backend.url}/rest/v1/simulations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(simulationRow(A.id)),
    });
    expect(ins.status).toBeGreaterThanOrEqual(400);
    const del = await fetch(`${backend.url}/rest/v1/simulations?id=eq.${row.id}`, {
      method: 'DELETE',
    });
    expect(del.status === 401 || del.status === 204 || del.status === 200).toBe(true);
    expect(await fetchAsService('simulations', row.id)).not.toBeNull();
  });
  it('an unknown or forged api key is refused', async () => {
    // A character inside the signature: the last base64url one holds 2 padding bits, so changing
    // it can leave the signature's bytes (and the key) valid.
    const forged = backend.anonKey.replace(
      /.(.{4})$/,
      (c, rest: string) => (c[0] === 'A' ? 'B' : 'A') + rest,
    );
    for (const key of ['sb_publishable_nope', forged, 'garbage']) {
      const res = await fetch(`${backend.url}/rest/v1/simulations?select=*`, {
        headers: { apikey: key },
      });
      expect(res.status).toBe(401);
    }
  });
});

/**
 * Sync bookkeeping (issue 14 item 6): no table of the sync schema is reachable through the REST
 * API, for anyone but the database itself. The old public table is gone; the schema is not exposed
 * (hosted Supabase exposes public and graphql_public); the service role reads the records only
 * through the service-only function sync_applied_records.
 */
describe.each([
  { schema: 'public', table: 'sync_applied_mutations' },
  { schema: 'sync', table: 'applied_mutations' },
  { schema: 'sync', table: 'devices' },
])('sync bookkeeping $schema.$table', ({ schema, table }) => {
  it.each(['owner', 'other', 'anon', 'service'] as const)(
    '%s: no select, insert, update or delete through /rest/v1',
    async (actor) => {
      const c = actor === 'service' ? service() : clients()[actor];
      const from = () => (schema === 'public' ? c.from(table) : c.schema(schema).from(table));
      const row = { user_id: A.id, mutation_id: uuid(), device_id: 'x', result: {} };
      const sel = await from().select('*').limit(1);
      expect(sel.error, 'select').not.toBeNull();
      const ins = await from().insert(row);
      expect(ins.error, 'insert').not.toBeNull();
      const upd = await from()
        .update({ result: { status: 'applied' } })
        .eq('user_id', A.id);
      expect(upd.error, 'update').not.toBeNull();
      const del = await from().delete().eq('user_id', A.id);
      expect(del.error, 'delete').not.toBeNull();
    },
  );
});

describe('sync bookkeeping records (service-only function)', () => {
  it.each(['owner', 'other', 'anon'] as const)('%s cannot call sync_applied_records', async (a) => {
    const { error } = await clients()[a].rpc('sync_applied_records', { p_user_id: A.id });
    expect(error).not.toBeNull();
  });
  it('the service role reads one user’s records', async () => {
    const { data, error } = await service().rpc('sync_applied_records', { p_user_id: A.id });
    expect(error).toBeNull();
    expect(Array.isArray(data)).toBe(true);
  });
});
