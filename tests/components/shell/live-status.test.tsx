// « En direct » (issue 18): the sync status while the engine's change signals are joined. Said only
// when the data is up to date (synced, or one of the short pulls that follow a change elsewhere),
// never before a first complete sync, never offline; every tab reads it from the leader's
// persisted status.
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { LocalDbContext, type LocalDb } from '@/db';
import { statusKey } from '@/db/replica';
import { deriveSyncView, describeSyncStatus } from '@/lib/sync';
import { SyncStatus } from '@/app/shell/sync-status';
import { useShellSyncStatus } from '@/app/shell/use-shell-sync-status';
import { dropDb, freshDb, USER } from './helpers';

const base = { pending: 0, conflicts: 0, deadLetters: 0, online: true, leader: true };
const view = (status: Record<string, unknown>, over: Partial<typeof base> = {}) =>
  deriveSyncView({ ...base, ...over, status: { lastSyncAt: Date.now(), ...status } });

describe('« En direct »', () => {
  it('is said while live and synced, and during the pulls that follow a change elsewhere', () => {
    expect(describeSyncStatus(view({ phase: 'idle', live: true }))).toBe('En direct');
    expect(describeSyncStatus(view({ phase: 'syncing', live: true }))).toBe('En direct');
    expect(describeSyncStatus(view({ phase: 'idle', live: false }))).toBe('Synchronisé');
    expect(describeSyncStatus(view({ phase: 'syncing' }))).toBe('Synchronisation…');
  });

  it('gives way to what asks something of the user: pending changes, offline, errors', () => {
    expect(describeSyncStatus(view({ phase: 'idle', live: true }, { pending: 2 }))).toBe(
      '2 modifications en attente',
    );
    expect(describeSyncStatus(view({ phase: 'idle', live: true }, { online: false }))).toBe(
      'Hors ligne',
    );
    expect(describeSyncStatus(view({ phase: 'error', error: 'server', live: true }))).toBe(
      'Erreur de synchronisation',
    );
    expect(view({ phase: 'error', error: 'server', live: true }).live).toBe(false);
  });

  it('marks the status element for the stylesheet', () => {
    render(<SyncStatus view={view({ phase: 'idle', live: true })} onOpen={() => undefined} />);
    const status = screen.getByTestId('sync-status');
    expect(status).toHaveTextContent('En direct');
    expect(status).toHaveClass('sync-status-live', 'sync-status-synced');
  });
});

describe('from the persisted status (every tab)', () => {
  let db: LocalDb;
  beforeEach(() => {
    db = freshDb();
  });
  afterEach(async () => {
    await dropDb(db);
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LocalDbContext.Provider value={db}>{children}</LocalDbContext.Provider>
  );

  /** What the leader tab persists (src/db replica saveStatus). */
  const persist = (lastSyncAt: number | null) =>
    db.sync_state.put({
      key: statusKey(USER.id),
      value: {
        phase: 'idle',
        error: null,
        lastSyncAt,
        nextRetryAt: null,
        progress: null,
        live: true,
      },
    });

  it('is said from the leader’s persisted status, but never before a first complete sync', async () => {
    await persist(null);
    const { result } = renderHook(() => useShellSyncStatus(USER.id), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('syncing'));
    expect(describeSyncStatus(result.current)).toBe('Synchronisation…');
    await persist(Date.now());
    await waitFor(() => expect(describeSyncStatus(result.current)).toBe('En direct'));
  });
});
