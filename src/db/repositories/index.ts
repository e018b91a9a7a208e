// All repositories over one database.
import type { LocalDb } from '../database';
import type { WriteOptions } from '../write';
import { cachesRepository } from './caches';
import { rowRepository } from './common';
import { opcoConfirmationsRepository } from './opco-confirmations';
import { profilesRepository } from './profiles';
import { simulationsRepository } from './simulations';
import { syncIssuesRepository } from './sync-issues';
import { teamSurveysRepository } from './team-surveys';
import { trainingRepository } from './training';
import { unlockRequestsRepository } from './unlock-requests';

export function createRepositories(db: LocalDb, opts: WriteOptions = {}) {
  return {
    ...rowRepository(db, opts),
    ...profilesRepository(db, opts),
    ...simulationsRepository(db, opts),
    ...unlockRequestsRepository(db, opts),
    ...trainingRepository(db, opts),
    ...teamSurveysRepository(db, opts),
    ...opcoConfirmationsRepository(db, opts),
    ...syncIssuesRepository(db, opts),
    ...cachesRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
