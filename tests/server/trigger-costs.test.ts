// 20261123000700_per_row_trigger_costs.sql (issue 17): what every inserted row pays. The end-user
// check of sync.stamp is inlined (no function call per row), and the employee guard runs only for
// rows with an employee, where it still refuses another company's employee. Read from the plans
// (EXPLAIN ANALYZE lists each trigger with its number of calls), on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend } from './helpers';
import { openSqlAccess, type SqlAccess } from './sql-access';

let db: SqlAccess;
beforeAll(async () => {
  db = await openSqlAccess(backend);
});
afterAll(async () => {
  await db?.close();
});

type Plan = { Plan: { Plans?: unknown[] }; Triggers?: { 'Trigger Name': string; Calls: number }[] };

/** Inserts `rows` training requests as `user` (RLS applies); each trigger's number of calls. */
async function insertCalls(user: string, employeeId: string | null, rows = 3) {
  const data = Array.from({ length: rows }, (_, i) => ({
    id: randomUUID(),
    company_id: user,
    employee_id: employeeId,
    topic: `Coût ${i}`,
    format: 'remote',
    duration: 7,
    cost: 1000,
    status: 'to_organize',
  }));
  const [row] = await db.asUser<{ 'QUERY PLAN': Plan[] | string }>(
    user,
    `explain (analyze, costs off, timing off, format json)
     insert into public.training_requests (id, company_id, employee_id, topic, format, duration, cost, status)
     select id, company_id, employee_id, topic, format, duration, cost, status
       from jsonb_populate_recordset(null::public.training_requests, $1::text::jsonb)`,
    [JSON.stringify(data)],
  );
  const out = row!['QUERY PLAN'];
  const plan = typeof out === 'string' ? (JSON.parse(out) as Plan[]) : out;
  return Object.fromEntries((plan[0]!.Triggers ?? []).map((t) => [t['Trigger Name'], t.Calls]));
}

async function newEmployee(company: string): Promise<string> {
  const id = randomUUID();
  await db.asUser(
    company,
    `insert into public.training_employees (id, company_id, first_name, last_name)
     values ($1, $2, 'Camille', 'Martin')`,
    [id, company],
  );
  return id;
}

describe('per-row trigger costs', () => {
  it('stamps every row, and calls the employee guard only for rows with an employee', async () => {
    const user = await db.newUser();
    expect(await insertCalls(user, null)).toMatchObject({ zz_sync_stamp: 3 });
    expect(await insertCalls(user, null)).not.toHaveProperty('training_requests_employee_guard');

    const employee = await newEmployee(user);
    expect(await insertCalls(user, employee)).toMatchObject({
      zz_sync_stamp: 3,
      training_requests_employee_guard: 3,
    });
  });

  it("still refuses another company's employee (forged id)", async () => {
    const [victim, attacker] = [await db.newUser(), await db.newUser()];
    const theirs = await newEmployee(victim);
    await expect(insertCalls(attacker, theirs, 1)).rejects.toThrow(/invalid_employee/);
  });

  it('the end-user check is inlined: no function call left in the expression', async () => {
    const user = await db.newUser();
    const [row] = await db.asUser<{ 'QUERY PLAN': unknown }>(
      user,
      'explain (verbose, costs off, format json) select public.is_end_user_request() as x',
    );
    const text = JSON.stringify(row!['QUERY PLAN']);
    expect(text).toContain('current_setting');
    expect(text).not.toContain('is_end_user_request');
    expect(text).not.toContain('request_role');
    // And it still tells an end user from the server.
    const [asUser] = await db.asUser<{ x: boolean }>(
      user,
      'select public.is_end_user_request() as x',
    );
    expect(asUser!.x).toBe(true);
    const [asOwner] = await db.admin<{ x: boolean }>('select public.is_end_user_request() as x');
    expect(asOwner!.x).toBe(false);
  });

  it('per-call functions of the push and the pull carry no SET clause (each call would save and restore it)', async () => {
    const rows = await db.admin<{ name: string; config: string[] | null }>(
      `select p.oid::regprocedure::text as name, p.proconfig as config from pg_catalog.pg_proc p
        where p.oid in ('public.request_role()'::regprocedure, 'public.is_end_user_request()'::regprocedure,
          'sync.pull_page(text, bigint, bigint, uuid, integer)'::regprocedure)`,
    );
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.config, r.name).toBeNull();
  });
});
