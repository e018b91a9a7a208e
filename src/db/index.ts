// The local store (IndexedDB through Dexie): the only writer of IndexedDB. See docs/local-store.md.
//
//   import { saveSimulation, useCompanies } from '@/db';
//   await saveSimulation(user.id, input);           // local first; synced in the background
//   const companies = useCompanies(user.id);        // live in every tab
import { getAppDb } from './context';
import type { LocalDb } from './database';
import { createRepositories, type Repositories } from './repositories';

export { createRepositories, type Repositories };

/** The app's database and repositories. */
export const db: LocalDb = getAppDb();
export const repositories: Repositories = createRepositories(db);
export const {
  insertRow,
  updateRow,
  softDeleteRow,
  updateProfile,
  getProfile,
  listReferrals,
  saveSimulation,
  deleteCompany,
  listSimulations,
  listCompanies,
  createUnlockRequest,
  deleteUnlockRequest,
  listUnlockRequests,
  createTrainingRequest,
  updateTrainingRequest,
  editTrainingRequest,
  setTrainingRequestStatus,
  deleteTrainingRequest,
  ensurePlaceholderEmployee,
  createTrainingEmployee,
  updateTrainingEmployee,
  deleteTrainingEmployee,
  listTrainingRequests,
  listTrainingEmployees,
  createTeamSurvey,
  renameTeamSurvey,
  closeTeamSurvey,
  reopenTeamSurvey,
  deleteTeamSurvey,
  deleteTeamSurveyResponse,
  recordOpcoConfirmation,
  deleteOpcoConfirmation,
  listOpcoConfirmations,
  listTeamSurveys,
  getTeamSurvey,
  listTeamSurveyResponses,
  listConflicts,
  listDeadLetters,
  acceptConflict,
  restoreMine,
  retryDeadLetter,
  discardDeadLetter,
  getCachedBudget,
  putCachedBudget,
  getCachedReference,
  putCachedReference,
} = repositories;

export { createLocalDb, LocalDb, DEFAULT_DB_NAME } from './database';
export type {
  OutboxEntry,
  ConflictNotice,
  DeadLetter,
  QuarantinedRow,
  SurveyOutboxEntry,
  SurveyAnswerStatus,
  BudgetCacheEntry,
} from './database';
export { LocalDbContext, useLocalDb, getAppDb } from './context';
export { LocalStoreError, isQuotaError, type LocalErrorCode } from './errors';
export { SYNC_TABLES, OWNER_COLUMN, type SyncTable, type Row } from './meta';
export * from './rows';
export {
  deriveCompanies,
  MAX_COMPANIES,
  MAX_SIMULATION_UPDATES,
  type Company,
  type SimulationInput,
} from './repositories/simulations';
export {
  PLACEHOLDER_EMPLOYEE,
  isPlaceholderEmployee,
  type TrainingRequestInput,
  type TrainingRequestPatch,
  type TrainingEmployeeInput,
} from './repositories/training';
export type { UnlockRequestInput } from './repositories/unlock-requests';
export type { TeamSurveyExtras } from './repositories/team-surveys';
export type { OpcoConfirmationInput } from './repositories/opco-confirmations';
export type { ProfilePatch } from './repositories/profiles';
export type { Cached } from './repositories/caches';
export { createReplicaStore, getDeviceId, type ReplicaStore } from './replica';
export { applyLocalChanges, type LocalChange } from './write';
export { requestPersistentStorage, type StoragePersistence } from './persistence';
export * from './hooks/data';
export * from './hooks/sync';
export { useSyncedRow, useTableSyncStates, type TableSyncStates } from './hooks/table-sync-states';
export { useRepositories } from './hooks/repositories';
