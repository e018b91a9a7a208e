// Sync wiring for the app. This entry is light (status hook, labels, sign-out helpers); load the
// engine itself lazily: `const { startSync } = await import('@/lib/sync/start-sync')` (it pulls in
// supabase-js).
export {
  useSyncStatus,
  describeSyncStatus,
  describeSyncError,
  deriveSyncView,
  syncStatusStore,
} from './status-store';
export type { SyncState, SyncStatusView } from './status-store';
export {
  describeConflict,
  describeDeadLetter,
  deadLetterReason,
  describeQuarantinedRow,
  describeSurveyAnswer,
  type ConflictView,
  type DeadLetterView,
  type NoticeAction,
} from './notices';
export { describeSyncValue, syncFieldLabel, type SyncValueContext } from './values';
export { recordName } from './record-name';
export {
  unsyncedSummary,
  syncBeforeSignOut,
  clearLocalUserData,
  type UnsyncedSummary,
} from './sign-out';
export type { StartSyncOptions, SyncHandle, SyncSession } from './start-sync';
// Runtime: import('@/lib/sync/start-sync') for startSync, supabaseSessionBridge, defaultLeader.
