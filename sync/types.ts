// The replication contract shared by the engine, its ports and the server functions
// (supabase/migrations/20261122000900_sync.sql). Pure types and constants: no I/O.

/** Every table the client replicates, in pull order. */
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

/** Owner column of each table (equal to auth.uid() on the server). */
export const OWNER_COLUMN: Record<SyncTable, string> = {
  profiles: 'id',
  simulations: 'profile_id',
  survey_responses: 'profile_id',
  training_employees: 'company_id',
  training_requests: 'company_id',
  team_surveys: 'company_id',
  team_survey_responses: 'company_id',
  referrals: 'referrer_id',
  opco_confirmations: 'profile_id',
};

/** Tables the client may write, with the operations it may send. referrals are pull-only. */
export const WRITABLE_OPS: Record<SyncTable, readonly MutationOp[]> = {
  profiles: ['update'],
  simulations: ['insert', 'update', 'delete'],
  survey_responses: ['insert', 'update', 'delete'],
  training_employees: ['insert', 'update', 'delete'],
  training_requests: ['insert', 'update', 'delete'],
  team_surveys: ['insert', 'update', 'delete'],
  team_survey_responses: ['update', 'delete'],
  referrals: [],
  opco_confirmations: ['insert', 'update', 'delete'],
};

/** Columns maintained by the server: never sent in a mutation. */
export const SERVER_COLUMNS = ['sync_version', 'field_versions', 'updated_at'] as const;

export type MutationOp = 'insert' | 'update' | 'delete';
export type Row = Record<string, unknown>;

/**
 * One change as the server receives it. `fields` holds only the changed columns (all of them for
 * an insert); `base_version` is the row's server version the change was made on (0 for a row the
 * server has not sent yet).
 */
export type Mutation = {
  id: string;
  /**
   * The outbox order of this device (never reused, only grows). The server keeps the highest it
   * has processed per device: a mutation at or below it whose record was pruned (60 days) is
   * answered `expired`, never applied twice.
   */
  seq?: number;
  table: SyncTable;
  op: MutationOp;
  row_id: string;
  fields: Row;
  base_version: number;
};

/** Codes of a refused mutation: a business rule (P0001 message) or a constraint class. */
export type RejectCode =
  | 'company_limit'
  | 'update_limit'
  | 'survey_reopen'
  | 'rls'
  | 'check'
  | 'fk'
  | 'unique'
  | 'not_found'
  | 'read_only'
  | 'too_large'
  | 'invalid'
  /** Processed more than 60 days ago, its answer pruned: not applied again (check, then resend). */
  | 'expired'
  | (string & {});

/** Why a mutation is `invalid`, when the server says: `timestamp` = a date no client can read. */
export type RejectReason = 'timestamp' | (string & {});

/**
 * - `field`: the same field was changed on the server since base_version by another device; the
 *   contested fields kept the server value (`server`), the others were applied.
 * - `deleted`: the row was deleted on the server; the edit was not applied.
 * - `delete_over_edit`: our delete was applied, but another device had edited the row since
 *   base_version (`server` holds those values, kept on the soft-deleted row).
 */
export type ConflictReason = 'field' | 'deleted' | 'delete_over_edit';

export type MutationResult =
  | { id: string; status: 'applied'; version: number }
  | {
      id: string;
      status: 'conflict';
      reason: ConflictReason;
      /** Server values of the contested fields (and deleted_at for deletes). */
      server: Row;
      /** Row version on the server after this mutation. */
      version: number;
    }
  | {
      id: string;
      status: 'rejected';
      code: RejectCode;
      message?: string;
      reason?: RejectReason;
      /** The column concerned, when the server names it. */
      field?: string;
    };

/** What sync_push answers per mutation: a repeated id replays its first result. */
export type PushAnswer =
  MutationResult | { id: string; status: 'duplicate'; first: MutationResult };

/** Pull position: rows strictly after (version, id). */
export type Cursor = { version: number; id: string };
export const START_CURSOR: Cursor = { version: 0, id: '00000000-0000-0000-0000-000000000000' };

export type PullPage = {
  rows: Row[];
  /** More rows follow this page (the server pages by keyset and counts nothing). */
  more?: boolean;
};

/**
 * One pull request for several tables (sync_pull_many): a page per table read. `more: false`
 * means every table asked was read to its end (no further request needed); absent (an older
 * server), the client asks until a response brings no row.
 */
export type PullResponse = { pages: Partial<Record<SyncTable, PullPage>>; more?: boolean };
export type Cursors = Partial<Record<SyncTable, Cursor>>;

export function cursorAfter(row: Row): Cursor {
  return { version: Number(row.sync_version), id: String(row.id) };
}

export function compareCursor(a: Cursor, b: Cursor): number {
  if (a.version !== b.version) return a.version < b.version ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Where each table's pull stands once `pages` are applied: at its page's last row. Null when no
 * page has a row, or a last row has no readable position (the local store decides then).
 */
export function cursorsAfterPages(
  cursors: Cursors,
  pages: PullResponse['pages'],
  tables: readonly SyncTable[],
): Cursors | null {
  const next: Cursors = { ...cursors };
  let rows = 0;
  for (const table of tables) {
    const page = pages[table]?.rows;
    if (!page || page.length === 0) continue;
    rows += page.length;
    const last = page[page.length - 1];
    if (typeof last !== 'object' || last === null) return null;
    const at = cursorAfter(last);
    if (!Number.isSafeInteger(at.version) || at.version < 0 || at.id === '') return null;
    next[table] = at;
  }
  return rows === 0 ? null : next;
}

export function sameCursors(a: Cursors, b: Cursors): boolean {
  const tables = new Set([...Object.keys(a), ...Object.keys(b)] as SyncTable[]);
  for (const t of tables) {
    const x = a[t];
    const y = b[t];
    if (!x || !y ? x !== y : compareCursor(x, y) !== 0) return false;
  }
  return true;
}

/** Unwraps a duplicate answer into the first result (exactly-once: same effect, same answer). */
export function resolveAnswer(answer: PushAnswer): MutationResult {
  return answer.status === 'duplicate' ? { ...answer.first, id: answer.id } : answer;
}
