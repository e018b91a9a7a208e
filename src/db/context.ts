// Which local database the hooks read: the app's singleton unless a provider gives another one
// (tests, storybook-like fixtures).
import { createContext, useContext } from 'react';
import { createLocalDb, type LocalDb } from './database';

let appDb: LocalDb | null = null;

/** The app's local database (opened lazily on first use). */
export function getAppDb(): LocalDb {
  appDb ??= createLocalDb();
  return appDb;
}

export const LocalDbContext = createContext<LocalDb | null>(null);

export function useLocalDb(): LocalDb {
  return useContext(LocalDbContext) ?? getAppDb();
}
