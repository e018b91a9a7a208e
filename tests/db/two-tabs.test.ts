// Two tabs of one browser: one sync leader; both views (live queries) updated by a write in either
// tab and by a pull.
import { createElement, type ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDbContext, useTeamSurveys, usePendingCount, type LocalDb } from '@/db';
import { deriveSyncView } from '@/lib/sync/status-store';
import { describeSyncStatus } from '@/lib/sync';
import { FakeServer, fakeRemote, testToken } from '../../sync/testing/fake-server';
import { createMemoryLocks } from '../../sync/testing/locks';
import { webLocksLeader, type RemotePort, type SyncEngine } from '../../sync';
import { newDevice, newEngine, openTab, until, uuid } from './helpers';

const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop();
});

const wrapperFor = (db: LocalDb) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return createElement(LocalDbContext.Provider, { value: db }, children);
  };

describe('two tabs', () => {
  it('one leader syncs; both views see every change', async () => {
    const server = new FakeServer();
    const user = uuid();
    const token = testToken(user);
    const tab1 = newDevice();
    const tab2 = openTab(tab1);
    const locks = createMemoryLocks();
    const pushes = { tab1: 0, tab2: 0 };
    const remote = (tab: 'tab1' | 'tab2'): RemotePort => ({
      push: async (ctx, m) => {
        pushes[tab]++;
        return fakeRemote(server).push(ctx, m);
      },
      pull: (ctx, c, l) => fakeRemote(server).pull(ctx, c, l),
    });
    const e1 = newEngine(tab1, user, remote('tab1'), {
      token: () => token,
      leader: webLocksLeader(locks, 'sync'),
    }).engine;
    const e2 = newEngine(tab2, user, remote('tab2'), {
      token: () => token,
      leader: webLocksLeader(locks, 'sync'),
    }).engine;
    engines.push(e1, e2);
    e1.start();
    e2.start();
    await until(() => e1.isLeader, 'tab 1 leads');
    expect(e2.isLeader).toBe(false);

    const view1 = renderHook(() => useTeamSurveys(user), { wrapper: wrapperFor(tab1.db) });
    const view2 = renderHook(() => useTeamSurveys(user), { wrapper: wrapperFor(tab2.db) });
    const pending2 = renderHook(() => usePendingCount(user), { wrapper: wrapperFor(tab2.db) });
    await waitFor(() => expect(view1.result.current).toEqual([]));
    await waitFor(() => expect(view2.result.current).toEqual([]));

    // A write in the follower tab: both views show it; the leader pushes it.
    await act(() => tab2.repos.createTeamSurvey(user, 'Écrit dans le 2e onglet'));
    await waitFor(() =>
      expect(view1.result.current?.map((s) => s.name)).toEqual(['Écrit dans le 2e onglet']),
    );
    await waitFor(() =>
      expect(view2.result.current?.map((s) => s.name)).toEqual(['Écrit dans le 2e onglet']),
    );
    await until(async () => (await tab1.db.outbox.count()) === 0, 'leader pushed');
    await waitFor(() => expect(pending2.result.current).toBe(0));
    expect(pushes).toEqual({ tab1: 1, tab2: 0 });

    // A change from another device, pulled by the leader: both views show it.
    server.adminUpsert('team_surveys', {
      id: uuid(),
      company_id: user,
      name: 'Autre appareil',
      status: 'active',
    });
    await act(() => e1.syncNow());
    await waitFor(() => expect(view1.result.current).toHaveLength(2));
    await waitFor(() => expect(view2.result.current).toHaveLength(2));
    expect(pushes.tab2).toBe(0);
  });

  it('every tab shows the same status line', () => {
    const base = { pending: 0, conflicts: 0, deadLetters: 0, online: true, leader: false };
    expect(describeSyncStatus(deriveSyncView({ ...base, status: { phase: 'idle' } }))).toBe(
      'Synchronisé',
    );
    expect(
      describeSyncStatus(deriveSyncView({ ...base, status: { phase: 'idle' }, pending: 3 })),
    ).toBe('3 modifications en attente');
    expect(
      describeSyncStatus(deriveSyncView({ ...base, status: { phase: 'idle' }, pending: 1 })),
    ).toBe('1 modification en attente');
    expect(describeSyncStatus(deriveSyncView({ ...base, status: null, online: false }))).toBe(
      'Hors ligne',
    );
    expect(
      describeSyncStatus(deriveSyncView({ ...base, status: { phase: 'error', error: 'server' } })),
    ).toBe('Erreur de synchronisation');
    expect(deriveSyncView({ ...base, status: { phase: 'auth_required' } }).state).toBe(
      'auth_required',
    );
  });
});
