// Plugs the Dexie replica (src/db) into the engine's LocalStorePort (sync/). The two sides keep
// their own copies of the contract types; these assignments make the compiler check they agree.
import { createReplicaStore, type LocalDb } from '@/db';
import type {
  Cursor as DbCursor,
  Mutation as DbMutation,
  MutationResult as DbResult,
  SyncTable as DbTable,
} from '@/db/meta';
import type { Cursor, LocalStorePort, Mutation, MutationResult, SyncTable } from '../../../sync';
import type { Same } from '@/lib/same-type';

const contractChecks: [
  Same<DbTable, SyncTable>,
  Same<DbCursor, Cursor>,
  Same<DbMutation, Mutation>,
  Same<DbResult, MutationResult>,
] = [true, true, true, true];
void contractChecks;

export function createLocalStore(db: LocalDb, ownerId: string): LocalStorePort {
  const replica = createReplicaStore(db, ownerId);
  return {
    getDeviceId: replica.getDeviceId,
    peekOutbox: replica.peekOutbox,
    countPending: replica.countPending,
    applyPushResults: replica.applyPushResults,
    getCursor: replica.getCursor,
    applyPullPage: replica.applyPullPage,
    rereadQuarantine: replica.rereadQuarantine,
    saveStatus: replica.saveStatus,
    loadStatus: replica.loadStatus,
    subscribeOutbox: replica.subscribeOutbox,
  };
}
