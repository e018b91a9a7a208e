// The app wiring (src/lib/sync): startSync with injected ports, the status hook every tab reads,
// sign-out with pending changes, persistent storage.
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDbContext, requestPersistentStorage } from '@/db';
import {
  clearLocalUserData,
  describeSyncStatus,
  syncBeforeSignOut,
  unsyncedSummary,
  useSyncStatus,
} from '@/lib/sync';
import { startSync, type SyncHandle } from '@/lib/sync/start-sync';
import { FakeServer, fakeRemote, testToken } from '../../sync/testing/fake-server';
import { FaultInjector, faultyRemote } from '../../sync/testing/faults';
import { manualEnv, soleLeader } from '../../sync';
import { FAST_BACKOFF, newDevice, until, uuid } from './helpers';

const handles: SyncHandle[] = [];
afterEach(async () => {
  for (const h of handles.splice(0)) await h.stop();
});

describe('sync wiring', () => {
  it('startSync: status for the UI, sign-out with pending changes offers to sync first', async () => {
    const server = new FakeServer();
    const user = uuid();
    server.adminUpsert('profiles', {
      id: user,
      contact_name: 'P',
      contact_email: 'p@example.test',
    });
    const token = testToken(user);
    const device = newDevice();
    const faults = new FaultInjector();
    const env = manualEnv({ online: false });
    const handle = startSync({
      userId: user,
      getSession: async () => ({ access_token: token }),
      refreshSession: async () => ({ access_token: token }),
      onUnauthorized: () => undefined,
      db: device.db,
      remote: faultyRemote(fakeRemote(server), faults),
      env,
      leader: soleLeader,
      options: { debounceMs: 5, backoff: FAST_BACKOFF },
      persistStorage: false,
    });
    handles.push(handle);
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(LocalDbContext.Provider, { value: device.db }, children);
    const status = renderHook(() => useSyncStatus(), { wrapper });

    await device.repos.createTeamSurvey(user, 'A');
    await device.repos.createTeamSurvey(user, 'B');
    await waitFor(() =>
      expect(status.result.current).toMatchObject({ state: 'offline', pending: 2 }),
    );
    expect(describeSyncStatus(status.result.current)).toBe(
      'Hors ligne · 2 modifications en attente',
    );

    // Signing out now would lose 2 changes: the summary says so; "sync first" fails while offline.
    expect(await unsyncedSummary(device.db, user)).toEqual({
      pending: 2,
      conflicts: 0,
      deadLetters: 0,
    });
    expect(await syncBeforeSignOut(handle, device.db)).toEqual({ ok: false, pending: 2 });

    env.goOnline();
    await until(async () => (await device.db.outbox.count()) === 0, 'synced');
    await handle.engine.idle();
    await waitFor(() =>
      expect(status.result.current).toMatchObject({ state: 'synced', pending: 0, leader: true }),
    );
    expect(status.result.current.lastSyncAt).toBeGreaterThan(0);
    expect(describeSyncStatus(status.result.current)).toBe('Synchronisé');
    expect(await syncBeforeSignOut(handle, device.db)).toEqual({ ok: true, pending: 0 });

    await handle.stop();
    // What the user typed in the settings and did not save leaves with the rest (issue 29 item 4).
    await device.db.reference_cache.put({
      key: `settings-draft:${user}`,
      value: { contact_name: 'P', contact_email: 'p@example.test', contact_phone: '' },
      fetched_at: new Date().toISOString(),
    });
    await device.db.reference_cache.put({ key: 'idcc-labels', value: [], fetched_at: '' });
    await clearLocalUserData(device.db, user);
    expect(await device.db.reference_cache.get(`settings-draft:${user}`)).toBeUndefined();
    expect(await device.db.reference_cache.get('idcc-labels')).toBeDefined();
    expect(await device.db.team_surveys.count()).toBe(0);
    expect(await device.db.profiles.count()).toBe(0);
    expect(await device.db.sync_state.filter((s) => s.key.startsWith(user)).count()).toBe(0);
  });

  it('a restarted engine (reload, offline) still says when the device last synced', async () => {
    const server = new FakeServer();
    const user = uuid();
    server.adminUpsert('profiles', {
      id: user,
      contact_name: 'P',
      contact_email: 'p@example.test',
    });
    const token = testToken(user);
    const device = newDevice();
    const start = (online: boolean) => {
      const handle = startSync({
        userId: user,
        getSession: async () => ({ access_token: token }),
        refreshSession: async () => ({ access_token: token }),
        onUnauthorized: () => undefined,
        db: device.db,
        remote: fakeRemote(server),
        env: manualEnv({ online }),
        leader: soleLeader,
        options: { debounceMs: 5, backoff: FAST_BACKOFF },
        persistStorage: false,
      });
      handles.push(handle);
      return handle;
    };
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(LocalDbContext.Provider, { value: device.db }, children);

    const first = start(true);
    await first.syncNow();
    const status = renderHook(() => useSyncStatus(), { wrapper });
    await waitFor(() => expect(status.result.current.lastSyncAt).toBeGreaterThan(0));
    const lastSyncAt = status.result.current.lastSyncAt;
    await first.stop();

    // The page reloads with no network: the new engine goes offline without erasing the time.
    const second = start(false);
    await waitFor(() =>
      expect(status.result.current).toMatchObject({ state: 'offline', leader: true }),
    );
    await second.engine.idle();
    expect(status.result.current.lastSyncAt).toBe(lastSyncAt);
  });

  it('asks the browser to keep the data', async () => {
    let asked = 0;
    const storage = {
      persisted: async () => false,
      persist: async () => {
        asked++;
        return true;
      },
    };
    expect(await requestPersistentStorage(storage)).toBe('persisted');
    expect(asked).toBe(1);
    expect(
      await requestPersistentStorage({ persisted: async () => true, persist: async () => false }),
    ).toBe('persisted');
    expect(
      await requestPersistentStorage({ persisted: async () => false, persist: async () => false }),
    ).toBe('denied');
    expect(await requestPersistentStorage(undefined)).toBe('unsupported');
  });
});
