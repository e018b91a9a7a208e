// The IndexedDB schema (Dexie 4), versioned. Replicated tables carry the server's names and
// columns; local tables hold the outbox, server shadows, conflict notices, dead letters, sync
// state, caches and the respondent-side queue.
//
// Versioning: never edit a published version's stores; add `this.version(n + 1).stores({...})`
// with an `.upgrade()` when data must move (Dexie keeps older versions' declarations).
import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
import type { ConflictReason, Cursor, MutationOp, Row, SyncTable } from './meta';
import { DEFAULT_DB_NAME } from './meta';
import type { RespondentAnswer, SurveyAnswerStatus } from './respondent-store';
import type {
  OpcoConfirmationRow,
  ProfileRow,
  ReferralRow,
  SimulationRow,
  SurveyResponseRow,
  TeamSurveyResponseRow,
  TeamSurveyRow,
  TrainingEmployeeRow,
  TrainingRequestRow,
} from './rows';

/** One pending change, in write order (seq). */
export type OutboxEntry = {
  seq?: number;
  /** Client-generated mutation id: the server applies it exactly once. */
  id: string;
  owner_id: string;
  table: SyncTable;
  op: MutationOp;
  row_id: string;
  /** Changed columns only (all of them for an insert). */
  fields: Row;
  /** Server version of the row the change was made on (0: the server has not sent it yet). */
  base_version: number;
  created_at: string;
};

/** Last known server state of a row with pending changes (null: not on the server yet). */
export type ShadowRow = { table: SyncTable; id: string; row: Row | null };

/** A change that lost to another device, kept and shown (accept / restore mine). */
export type ConflictNotice = {
  /** Id of the mutation that lost. */
  id: string;
  owner_id: string;
  table: SyncTable;
  row_id: string;
  reason: ConflictReason;
  /** My values (contested fields, or every field of my edit for 'deleted'). */
  mine: Row;
  /** The server's values that won (and deleted_at for deletes). */
  theirs: Row;
  /** Row version on the server when the conflict was found (base of a restore). */
  server_version: number;
  created_at: string;
  /**
   * (issue 29) Ids of this device's earlier mutations of the same fields that lost too, whose
   * notices this one replaces (src/db/conflict-fold.ts).
   */
  superseded?: string[];
};

/** A change the server refused (business rule, RLS, constraint), shown with retry and discard. */
export type DeadLetter = {
  id: string;
  owner_id: string;
  table: SyncTable;
  op: MutationOp;
  row_id: string;
  fields: Row;
  base_version: number;
  /** Server code: company_limit, update_limit, survey_reopen, rls, check, fk, unique, ... */
  code: string;
  message: string | null;
  /** Why, when the server says (e.g. `timestamp`: a date no client can read). */
  reason?: string | null;
  /** The column concerned, when the server names it. */
  field?: string | null;
  created_at: string;
};

/**
 * A pulled row this version of the app cannot read (a value its schema refuses), kept aside so
 * that the pull goes on past it; shown in the sync panel; read again at the next start and when
 * the server sends a newer version of the row.
 */
export type QuarantinedRow = {
  table: SyncTable;
  id: string;
  owner_id: string;
  /** The row as received (null when it was not this owner's: never kept). */
  row: unknown;
  /** What could not be read (technical, never shown). */
  message: string;
  sync_version: number;
  created_at: string;
};

export type SyncStateEntry = { key: string; value: unknown };

export type BudgetCacheEntry = { key: string; value: unknown; fetched_at: string };

export type { SurveyAnswerStatus };

/**
 * Respondent-side queue of public survey answers, as earlier versions kept it (table survey_outbox,
 * kept in schema v1), with the same rows as the respondent store's. Not written any more: the
 * respondent's page has its own small database (src/db/respondent-store.ts), which moves what is
 * left here on its first opening.
 */
export type SurveyOutboxEntry = RespondentAnswer;

export type ReferenceCacheEntry = { key: string; value: unknown; fetched_at: string };

export type { Cursor };

export class LocalDb extends Dexie {
  profiles!: EntityTable<ProfileRow, 'id'>;
  simulations!: EntityTable<SimulationRow, 'id'>;
  survey_responses!: EntityTable<SurveyResponseRow, 'id'>;
  training_employees!: EntityTable<TrainingEmployeeRow, 'id'>;
  training_requests!: EntityTable<TrainingRequestRow, 'id'>;
  team_surveys!: EntityTable<TeamSurveyRow, 'id'>;
  team_survey_responses!: EntityTable<TeamSurveyResponseRow, 'id'>;
  referrals!: EntityTable<ReferralRow, 'id'>;
  opco_confirmations!: EntityTable<OpcoConfirmationRow, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  server_rows!: Table<ShadowRow, [SyncTable, string]>;
  conflicts!: EntityTable<ConflictNotice, 'id'>;
  dead_letters!: EntityTable<DeadLetter, 'id'>;
  sync_state!: EntityTable<SyncStateEntry, 'key'>;
  budget_cache!: EntityTable<BudgetCacheEntry, 'key'>;
  survey_outbox!: EntityTable<SurveyOutboxEntry, 'id'>;
  reference_cache!: EntityTable<ReferenceCacheEntry, 'key'>;
  quarantine!: Table<QuarantinedRow, [SyncTable, string]>;

  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
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
    // v2: pulled rows the app cannot read, kept aside (issue 14 item 7).
    this.version(2).stores({ quarantine: '[table+id], owner_id' });
    // v3: the amounts users say their OPCO confirmed (issue 27 item 7), replicated.
    this.version(3).stores({
      opco_confirmations: 'id, [profile_id+created_at], [profile_id+company_siret]',
    });
  }

  /** The replicated table of that name. */
  synced(table: SyncTable): Table<Row, string> {
    return this.table(table) as unknown as Table<Row, string>;
  }
}

export { DEFAULT_DB_NAME };

/** Opens (lazily) a local database; tests pass their own name and indexedDB/IDBKeyRange. */
export function createLocalDb(name: string = DEFAULT_DB_NAME, options?: DexieOptions): LocalDb {
  return new LocalDb(name, options);
}
