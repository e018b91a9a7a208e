// Repositories bound to the database of the current LocalDbContext (the app's by default), so a
// component tested with its own database writes where it reads.
import { useMemo } from 'react';
import { useLocalDb } from '../context';
import { createRepositories, type Repositories } from '../repositories';

export function useRepositories(): Repositories {
  const db = useLocalDb();
  return useMemo(() => createRepositories(db), [db]);
}
