// `npm run data:reports` (issue 27 item 7): the amounts users recorded through the API, exported
// from the database (PGlite folder or PostgreSQL) and through the data API with the service key,
// without personal data; the command line on the PGlite folder. On a PRIVATE backend (its own
// folder: the command line needs it unlocked, and the export must see exactly these rows).
// With TEST_DATABASE_URL (PostgreSQL leg), it needs TEST_DATABASE_URL_PRIVATE (another database).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/start/config';
import { exportOpcoReports } from '../../server/apis/opco-reports';
import {
  createConfirmedUser,
  startTestBackendWithInternals,
  type ConfirmedUser,
  type TestBackend,
} from '../../server/testing/backend';
import type { Backend } from '../../server/start/backend';
import { opcoConfirmationRow, simulationRow } from './helpers';

const privateUrl = process.env.TEST_DATABASE_URL
  ? process.env.TEST_DATABASE_URL_PRIVATE
  : undefined;
const skip = !!process.env.TEST_DATABASE_URL && !privateUrl;

let shared: (TestBackend & { backend: Backend }) | null = null;
let dir = '';
const secrets: string[] = [];

async function company(user: ConfirmedUser, over: Record<string, unknown>) {
  const row = simulationRow(user.id, over);
  const { error } = await user.client.from('simulations').insert(row);
  if (error) throw new Error(error.message);
  secrets.push(user.id, String(row.company_siret));
  return String(row.company_siret);
}

async function record(user: ConfirmedUser, siret: string, over: Record<string, unknown>) {
  const row = opcoConfirmationRow(user.id, siret, over);
  const { error } = await user.client.from('opco_confirmations').insert(row);
  if (error) throw new Error(error.message);
  secrets.push(row.id);
  return row;
}

const EXPECTED = [
  {
    idcc: '0573',
    headcount_min: '11',
    headcount_max: '49',
    opco: 'AKTO',
    amount_eur: '6000.00',
    amount_basis: 'HT',
    confirmed_on: '2026-11-02',
  },
  {
    idcc: '2941',
    headcount_min: '1',
    headcount_max: '10',
    opco: 'UNIFORMATION',
    amount_eur: '2500.50',
    amount_basis: 'TTC',
    confirmed_on: '2026-10-15',
  },
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bf-reports-'));
  if (skip) return;
  shared = await startTestBackendWithInternals({ databaseUrl: privateUrl });
  const A = await createConfirmedUser(shared);
  const B = await createConfirmedUser(shared);
  const wholesale = await company(A, {
    idcc: '0573',
    employee_range_min: 11,
    employee_range_max: 49,
  });
  const homeCare = await company(B, {
    idcc: '2941',
    employee_range_min: 1,
    employee_range_max: 10,
  });
  await record(A, wholesale, {
    opco_name: 'AKTO',
    amount_cents: 600_000,
    confirmed_on: '2026-11-02',
    comment: 'Mme Durand, conseillère AKTO, au 01 02 03 04 05',
  });
  await record(B, homeCare, {
    opco_name: 'UNIFORMATION',
    amount_cents: 250_050,
    amount_basis: 'TTC',
    confirmed_on: '2026-10-15',
    comment: null,
  });
  // Withdrawn by its author: never exported.
  const withdrawn = await record(A, wholesale, { amount_cents: 1, confirmed_on: '2026-09-01' });
  const { error } = await A.client
    .from('opco_confirmations')
    .update({ deleted_at: new Date().toISOString() })
    .eq('id', withdrawn.id);
  if (error) throw new Error(error.message);
}, 120_000);

afterAll(async () => {
  await shared?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function expectReport(csv: string) {
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data).toEqual(EXPECTED);
  for (const secret of [...secrets, 'Durand', '01 02 03 04 05']) expect(csv).not.toContain(secret);
}

describe.skipIf(skip)('npm run data:reports', () => {
  it('from the database: every user’s live reports, without personal data', async () => {
    const result = await exportOpcoReports({ kind: 'db', db: shared!.backend.db });
    expect(result).toMatchObject({ rows: 2, unreadable: 0 });
    expectReport(result.csv);
  });

  it('through the data API with the service key; the anon key gets nothing', async () => {
    const result = await exportOpcoReports({
      kind: 'api',
      url: shared!.url,
      serviceKey: shared!.serviceKey,
    });
    expectReport(result.csv);
    // Refused (a 4xx) or empty (RLS, as the embedded API answers a revoked table): never a row.
    const anon = await exportOpcoReports({
      kind: 'api',
      url: shared!.url,
      serviceKey: shared!.anonKey,
    }).catch((e: Error) => e);
    if (anon instanceof Error) expect(anon.message).toMatch(/HTTP 4\d\d/);
    else expect(anon.rows).toBe(0);
  });

  it('the command line on the PGlite folder: to a file, or to the standard output', async () => {
    if (privateUrl) return; // the PGlite folder is PGlite-only
    const { config } = shared!.backend;
    await shared!.backend.close();
    const env = { ...process.env, LITE_DATA_DIR: config.dataDir, DATABASE_URL: '' };
    const file = join(dir, 'rapports.csv');
    const toFile = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/data-reports.ts', '--', file],
      { cwd: PROJECT_ROOT, env, encoding: 'utf8' },
    );
    expect(toFile.status, toFile.stderr).toBe(0);
    expect(toFile.stdout).toMatch(/2 rapport\(s\) exporté\(s\)/);
    expectReport(readFileSync(file, 'utf8'));
    const toStdout = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/data-reports.ts'], {
      cwd: PROJECT_ROOT,
      env,
      encoding: 'utf8',
    });
    expect(toStdout.status, toStdout.stderr).toBe(0);
    expectReport(toStdout.stdout);
  }, 120_000);
});
