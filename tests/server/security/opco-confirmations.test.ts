// Issue 27 item 7: the amounts users say their OPCO confirmed (table opco_confirmations), through
// sync_push and /rest/v1 as the app and an attacker would send them, on the real embedded backend.
// Happy path and its abuse cases: another user's company or rows, forged ids, server-owned fields
// (IDCC and headcount copied from the user's company, times, versions), out-of-bounds values, an
// oversized or nested comment, a date in the future, replays. The RLS matrix (rls-matrix.test.ts)
// covers owner / another user / anonymous x select / insert / update / delete.
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../../../server/testing/backend';
import { anon, backend, opcoConfirmationRow, service, simulationRow, uuid } from '../helpers';

type Answer = {
  id: string;
  status: string;
  code?: string;
  reason?: string;
  field?: string;
  first?: Answer;
};

let A: ConfirmedUser;
let B: ConfirmedUser;
let siretA = '';
let siretB = '';

async function liveCompany(user: ConfirmedUser, over: Record<string, unknown> = {}) {
  const row = simulationRow(user.id, {
    idcc: '3127',
    employee_range_min: 11,
    employee_range_max: 49,
    ...over,
  });
  const { error } = await user.client.from('simulations').insert(row);
  if (error) throw new Error(error.message);
  return row;
}

beforeAll(async () => {
  A = await createConfirmedUser(backend);
  B = await createConfirmedUser(backend);
  siretA = (await liveCompany(A)).company_siret;
  siretB = (await liveCompany(B)).company_siret;
});

async function push(user: ConfirmedUser, mutations: unknown[]): Promise<Answer[]> {
  const { data, error } = await user.client.rpc('sync_push', {
    p_device_id: `device-${user.id.slice(0, 8)}`,
    p_mutations: mutations,
  });
  expect(error).toBeNull();
  return data as Answer[];
}

function insert(row: Record<string, unknown>, mutationId = uuid()) {
  const { id, ...fields } = row;
  return {
    id: mutationId,
    table: 'opco_confirmations',
    op: 'insert',
    row_id: id,
    fields: { id, ...fields },
    base_version: 0,
  };
}

function change(op: 'update' | 'delete', rowId: string, fields: Record<string, unknown> = {}) {
  return { id: uuid(), table: 'opco_confirmations', op, row_id: rowId, fields, base_version: 0 };
}

async function stored(id: string) {
  const { data, error } = await service()
    .from('opco_confirmations')
    .select('*')
    .eq('id', id)
    .maybeSingle();
  expect(error).toBeNull();
  return data as Record<string, unknown> | null;
}

/** yyyy-mm-dd, `days` from today in Paris. */
function parisDay(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);
}

describe('opco_confirmations: the happy path', () => {
  it('an insert pushed by the owner is applied; IDCC and headcount are the company’s, not the request’s', async () => {
    const row = opcoConfirmationRow(A.id, siretA, {
      idcc: '9999',
      employee_range_min: 300,
      employee_range_max: 5000,
      confirmed_on: parisDay(0),
    });
    const [answer] = await push(A, [insert(row)]);
    expect(answer).toMatchObject({ status: 'applied' });
    const saved = await stored(row.id);
    expect(saved).toMatchObject({
      profile_id: A.id,
      company_siret: siretA,
      idcc: '3127',
      employee_range_min: 11,
      employee_range_max: 49,
      opco_name: 'OPCO EP',
      amount_cents: 480000,
      amount_basis: 'HT',
      confirmed_on: parisDay(0),
      comment: 'Confirmé par téléphone',
      deleted_at: null,
    });
    expect(Number(saved!.sync_version)).toBeGreaterThan(0);
  });

  it('the owner pulls their confirmations, every column but field_versions, and only theirs', async () => {
    const mine = opcoConfirmationRow(A.id, siretA);
    const theirs = opcoConfirmationRow(B.id, siretB);
    expect((await push(A, [insert(mine)]))[0]!.status).toBe('applied');
    expect((await push(B, [insert(theirs)]))[0]!.status).toBe('applied');
    const { data, error } = await A.client.rpc('sync_pull', { p_table: 'opco_confirmations' });
    expect(error).toBeNull();
    const rows = (typeof data === 'string' ? JSON.parse(data) : data).rows as Array<
      Record<string, unknown>
    >;
    expect(rows.map((r) => r.id)).toContain(mine.id);
    expect(rows.every((r) => r.profile_id === A.id)).toBe(true);
    const pulled = rows.find((r) => r.id === mine.id)!;
    expect(pulled).not.toHaveProperty('field_versions');
    expect(pulled).toMatchObject({ amount_cents: 480000, confirmed_on: '2026-11-12' });
  });

  it('the owner corrects, then deletes (soft) a confirmation', async () => {
    const row = opcoConfirmationRow(A.id, siretA);
    expect((await push(A, [insert(row)]))[0]!.status).toBe('applied');
    const [edit] = await push(A, [
      change('update', row.id, { amount_cents: 600000, amount_basis: 'TTC', comment: null }),
    ]);
    expect(edit).toMatchObject({ status: 'applied' });
    expect(await stored(row.id)).toMatchObject({
      amount_cents: 600000,
      amount_basis: 'TTC',
      comment: null,
    });
    expect((await push(A, [change('delete', row.id)]))[0]).toMatchObject({ status: 'applied' });
    expect((await stored(row.id))!.deleted_at).not.toBeNull();
  });
});

describe('opco_confirmations: abuse', () => {
  it('another user’s company (their SIRET) is refused: company_not_found, nothing stored', async () => {
    const row = opcoConfirmationRow(A.id, siretB);
    const [answer] = await push(A, [insert(row)]);
    expect(answer).toMatchObject({ status: 'rejected', code: 'company_not_found' });
    expect(await stored(row.id)).toBeNull();
    // Same through /rest/v1.
    const rest = opcoConfirmationRow(A.id, siretB);
    const { error } = await A.client.from('opco_confirmations').insert(rest);
    expect(error?.message).toBe('company_not_found');
    expect(await stored(rest.id)).toBeNull();
  });

  it('a deleted company takes no new confirmation', async () => {
    const company = await liveCompany(A);
    await service()
      .from('simulations')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', company.id);
    const row = opcoConfirmationRow(A.id, company.company_siret);
    expect((await push(A, [insert(row)]))[0]).toMatchObject({ code: 'company_not_found' });
  });

  it('a row owned by another user (their id as owner) is refused by RLS', async () => {
    const row = opcoConfirmationRow(B.id, siretB);
    const [answer] = await push(A, [insert(row)]);
    expect(answer).toMatchObject({ status: 'rejected', code: 'rls' });
    expect(await stored(row.id)).toBeNull();
  });

  it('forged ids: another user’s row cannot be changed or deleted; a non-uuid id is invalid', async () => {
    const theirs = opcoConfirmationRow(B.id, siretB);
    expect((await push(B, [insert(theirs)]))[0]!.status).toBe('applied');
    const before = await stored(theirs.id);
    const answers = await push(A, [
      change('update', theirs.id, { amount_cents: 1 }),
      change('delete', theirs.id),
      { ...change('update', 'not-a-uuid', { amount_cents: 1 }) },
      { ...insert(opcoConfirmationRow(A.id, siretA)), id: 'forged-mutation-id' },
    ]);
    expect(answers[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
    expect(answers[1]).toMatchObject({ status: 'rejected', code: 'not_found' });
    expect(answers[2]).toMatchObject({ status: 'rejected', code: 'invalid' });
    expect(answers[3]).toMatchObject({ status: 'rejected', code: 'invalid' });
    expect(await stored(theirs.id)).toEqual(before);
    // REST: nothing visible, nothing changed.
    const upd = await A.client
      .from('opco_confirmations')
      .update({ amount_cents: 1 })
      .eq('id', theirs.id)
      .select();
    expect(upd.data ?? []).toEqual([]);
    expect(await stored(theirs.id)).toEqual(before);
  });

  it('server-owned fields: times are the server’s, versions are refused, company fields never move', async () => {
    const startedAt = Date.now();
    const row = opcoConfirmationRow(A.id, siretA, {
      created_at: '2001-01-01T00:00:00Z',
      deleted_at: null,
    });
    expect((await push(A, [insert(row)]))[0]!.status).toBe('applied');
    const saved = (await stored(row.id))!;
    expect(Date.parse(String(saved.created_at))).toBeGreaterThanOrEqual(startedAt - 60_000);
    for (const field of ['sync_version', 'field_versions', 'updated_at']) {
      const [answer] = await push(A, [change('update', row.id, { [field]: 1 })]);
      expect(answer, field).toMatchObject({ status: 'rejected', code: 'invalid' });
    }
    // The company, its IDCC and headcount stay what the server derived.
    const otherCompany = await liveCompany(A, { idcc: '1486' });
    const [moved] = await push(A, [
      change('update', row.id, {
        company_siret: otherCompany.company_siret,
        idcc: '1486',
        employee_range_min: 0,
        employee_range_max: 0,
        amount_cents: 123400,
      }),
    ]);
    expect(moved).toMatchObject({ status: 'applied' });
    expect(await stored(row.id)).toMatchObject({
      company_siret: siretA,
      idcc: '3127',
      employee_range_min: 11,
      employee_range_max: 49,
      amount_cents: 123400,
    });
    // Nor the owner (the id and owner columns are immutable in sync_push; RLS through REST).
    const [owner] = await push(A, [change('update', row.id, { profile_id: B.id })]);
    expect(owner).toMatchObject({ status: 'rejected', code: 'invalid' });
    const rest = await A.client
      .from('opco_confirmations')
      .update({ profile_id: B.id })
      .eq('id', row.id);
    expect(rest.error).not.toBeNull();
    expect((await stored(row.id))!.profile_id).toBe(A.id);
  });

  it.each([
    ['an oversized comment (501 characters)', { comment: 'x'.repeat(501) }, 'check'],
    ['a nested comment over 500 characters', { comment: { a: ['x'.repeat(600)] } }, 'check'],
    ['a negative amount', { amount_cents: -1 }, 'check'],
    ['an amount over 10,000,000 €', { amount_cents: 1_000_000_001 }, 'check'],
    ['a fractional number of cents', { amount_cents: 12.5 }, 'invalid'],
    ['an amount as text', { amount_cents: 'beaucoup' }, 'invalid'],
    ['an unknown basis', { amount_basis: 'HTVA' }, 'check'],
    ['an OPCO that is not one of the 11', { opco_name: 'OPCO Pirate' }, 'check'],
    ['a date before the OPCOs existed', { confirmed_on: '2019-03-31' }, 'check'],
    ['a date in the future', { confirmed_on: parisDay(5) }, 'confirmation_date'],
    ['an infinite date', { confirmed_on: 'infinity' }, 'confirmation_date'],
    ['no date', { confirmed_on: null }, 'invalid'],
    ['a column that does not exist', { is_admin: true }, 'invalid'],
  ])('%s is refused (%s), nothing stored', async (_what, over, code) => {
    const row = opcoConfirmationRow(A.id, siretA, over);
    const [answer] = await push(A, [insert(row)]);
    expect(answer).toMatchObject({ status: 'rejected', code });
    expect(await stored(row.id)).toBeNull();
  });

  it('a nested comment is kept as plain text (what every column of sync_push does), never as structure', async () => {
    const row = opcoConfirmationRow(A.id, siretA, { comment: { html: '<b>x</b>' } });
    expect((await push(A, [insert(row)]))[0]).toMatchObject({ status: 'applied' });
    const comment = (await stored(row.id))!.comment;
    expect(typeof comment).toBe('string');
    expect(JSON.parse(String(comment))).toEqual({ html: '<b>x</b>' });
  });

  it('an oversized comment through /rest/v1 is a 400, never a 500', async () => {
    const row = opcoConfirmationRow(A.id, siretA, { comment: 'é'.repeat(5000) });
    const { error, status } = await A.client.from('opco_confirmations').insert(row);
    expect(status).toBe(400);
    expect(error).not.toBeNull();
    expect(await stored(row.id)).toBeNull();
  });

  it('a date in the future is refused on update too; tomorrow in Paris is accepted (time zones)', async () => {
    const row = opcoConfirmationRow(A.id, siretA, { confirmed_on: parisDay(1) });
    expect((await push(A, [insert(row)]))[0]).toMatchObject({ status: 'applied' });
    const [later] = await push(A, [change('update', row.id, { confirmed_on: parisDay(3) })]);
    expect(later).toMatchObject({ status: 'rejected', code: 'confirmation_date' });
    expect((await stored(row.id))!.confirmed_on).toBe(parisDay(1));
  });

  it('replay: the same mutation answers its first result; the same row under a new id is refused', async () => {
    const row = opcoConfirmationRow(A.id, siretA);
    const mutation = insert(row);
    const [first] = await push(A, [mutation]);
    expect(first).toMatchObject({ status: 'applied' });
    const [again] = await push(A, [mutation]);
    expect(again).toMatchObject({ status: 'duplicate', first: { status: 'applied' } });
    const [copy] = await push(A, [insert(row)]);
    expect(copy).toMatchObject({ status: 'rejected', code: 'unique' });
    const { data } = await service().from('opco_confirmations').select('id').eq('id', row.id);
    expect(data).toHaveLength(1);
  });

  it('anonymous: no read, no write, no pull', async () => {
    const row = opcoConfirmationRow(A.id, siretA);
    const ins = await anon().from('opco_confirmations').insert(row);
    expect(ins.error).not.toBeNull();
    const sel = await anon().from('opco_confirmations').select('*');
    if (!sel.error) expect(sel.data).toEqual([]);
    const pull = await anon().rpc('sync_pull', { p_table: 'opco_confirmations' });
    expect(pull.error).not.toBeNull();
    expect(await stored(row.id)).toBeNull();
  });
});
