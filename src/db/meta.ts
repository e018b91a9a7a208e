// Replication metadata of the local store. It mirrors sync/types.ts (the wire contract) because
// src/db imports nothing of sync/; src/lib/sync checks at compile time that both agree.

export const SYNC_TABLES = [
  'profiles',
  'simulations',
  'survey_responses',
  'training_employees',
  'training_requests',
  'team_surveys',
  'team_survey_responses',
  'referrals',
  'opco_confirmations',
] as const;
export type SyncTable = (typeof SYNC_TABLES)[number];

export const OWNER_COLUMN = {
  profiles: 'id',
  simulations: 'profile_id',
  survey_responses: 'profile_id',
  training_employees: 'company_id',
  training_requests: 'company_id',
  team_surveys: 'company_id',
  team_survey_responses: 'company_id',
  referrals: 'referrer_id',
  opco_confirmations: 'profile_id',
} as const satisfies Record<SyncTable, string>;

export type MutationOp = 'insert' | 'update' | 'delete';
export type Row = Record<string, unknown>;

/** Columns the server maintains: never part of a local change. */
export const SERVER_MAINTAINED = new Set([
  'sync_version',
  'field_versions',
  'updated_at',
  'update_count',
]);
/** Columns an update never changes (identity, owner, creation date). */
export const IMMUTABLE = new Set(['id', 'created_at', ...Object.values(OWNER_COLUMN)]);

export type Mutation = {
  id: string;
  seq?: number;
  table: SyncTable;
  op: MutationOp;
  row_id: string;
  fields: Row;
  base_version: number;
};

export type ConflictReason = 'field' | 'deleted' | 'delete_over_edit';

export type MutationResult =
  | { id: string; status: 'applied'; version: number }
  | { id: string; status: 'conflict'; reason: ConflictReason; server: Row; version: number }
  | {
      id: string;
      status: 'rejected';
      code: string;
      message?: string;
      reason?: string;
      field?: string;
    };

export type Cursor = { version: number; id: string };
export const START_CURSOR: Cursor = { version: 0, id: '00000000-0000-0000-0000-000000000000' };

/** Pending local change re-applied on top of a server row. */
export function applyChange(base: Row | null, change: { op: MutationOp; fields: Row }): Row | null {
  if (change.op === 'insert') return { ...(base ?? {}), ...change.fields };
  if (base === null) return null;
  return { ...base, ...change.fields };
}

export function overlay(
  server: Row | null,
  changes: ReadonlyArray<{ op: MutationOp; fields: Row }>,
): Row | null {
  let row = server;
  for (const change of changes) row = applyChange(row, change);
  if (row && server) row = { ...row, sync_version: server.sync_version };
  return row;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a ?? null) === null || (b ?? null) === null) return (a ?? null) === (b ?? null);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The app's IndexedDB database (Dexie, src/db/database.ts). */
export const DEFAULT_DB_NAME = 'budget-formation';
