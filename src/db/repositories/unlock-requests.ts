// Unlock-budget requests (table survey_responses, 02 §2.9): created 'pending'; the status is the
// operator's (pulled).
import type { LocalDb } from '../database';
import type { WriteOptions } from '../write';
import { liveRows, rowRepository } from './common';

export type UnlockRequestInput = {
  company_siret: string | null;
  company_name: string | null;
  objective: string;
  target: string;
  topics: string[];
  rhythm: string;
  /** yyyy-mm-dd, optional. */
  start_date?: string | null;
};

export function unlockRequestsRepository(db: LocalDb, opts: WriteOptions = {}) {
  const rows = rowRepository(db, opts);
  return {
    createUnlockRequest: (ownerId: string, input: UnlockRequestInput) =>
      rows.insertRow(ownerId, 'survey_responses', {
        start_date: null,
        ...input,
        status: 'pending',
      }),
    deleteUnlockRequest: (ownerId: string, id: string) =>
      rows.softDeleteRow(ownerId, 'survey_responses', id),
    listUnlockRequests: (ownerId: string) => liveRows(db, 'survey_responses', ownerId),
  };
}
