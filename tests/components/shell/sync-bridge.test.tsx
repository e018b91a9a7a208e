import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthModule from '@/lib/auth';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import type { SyncHandle } from '@/lib/sync';
import { authStore } from '@/lib/auth';
import { SyncBridge } from '@/app/sync-bridge';
import { useSyncController, type SyncStarter } from '@/app/shell/sync-controller';
import { createRepositories, type LocalDb } from '@/db';
import { markIntentionalSignOut } from '@/app/shell/sync-controller';
import {
  company,
  dropDb,
  freshDb,
  LocationProbe,
  resetUiState,
  signIn,
  USER,
  withDb,
} from './helpers';

const auth = vi.hoisted(() => ({ signOut: vi.fn() }));
vi.mock('@/lib/auth', async (importOriginal) => {
  const actual = await importOriginal<typeof AuthModule>();
  auth.signOut.mockImplementation(async (beforeClear?: () => Promise<void>) => {
    if (beforeClear) await beforeClear();
    actual.authStore.setUser(null);
    return { ok: true, data: null };
  });
  return { ...actual, signOutEverywhere: auth.signOut };
});

type Fake = {
  starter: SyncStarter;
  events: string[];
  unauthorized: Map<string, () => void>;
  handles: SyncHandle[];
};

function fakeStarter(): Fake {
  const events: string[] = [];
  const unauthorized = new Map<string, () => void>();
  const handles: SyncHandle[] = [];
  const starter: SyncStarter = async (userId, onUnauthorized) => {
    events.push(`start ${userId}`);
    unauthorized.set(userId, onUnauthorized);
    const handle = {
      userId,
      engine: {} as SyncHandle['engine'],
      syncNow: vi.fn(),
      stop: vi.fn(async () => {
        await new Promise((r) => setTimeout(r, 10)); // an async stop: the next start must wait
        events.push(`stop ${userId}`);
      }),
    } as unknown as SyncHandle;
    handles.push(handle);
    return handle;
  };
  return { starter, events, unauthorized, handles };
}

function renderBridge(starter: SyncStarter, strict = false, db?: LocalDb) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <SyncBridge starter={starter} />
            <Outlet />
          </>
        ),
        children: [
          { path: '/dashboard', element: <LocationProbe name="dashboard" /> },
          { path: '/login', element: <LocationProbe name="login" /> },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const inner = (
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
  const tree = db ? withDb(db, inner) : inner;
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

beforeEach(() => {
  resetUiState();
  auth.signOut.mockClear();
  useSyncController.setState({ handle: null, expiredUserId: null });
});
afterEach(() => {
  authStore.setUser(null);
});

describe('sync wiring', () => {
  it('starts replication for the signed-in user and stops it on sign-out', async () => {
    const fake = fakeStarter();
    signIn();
    renderBridge(fake.starter);
    await waitFor(() => expect(useSyncController.getState().handle?.userId).toBe(USER.id));
    act(() => authStore.setUser(null));
    await waitFor(() => expect(fake.events).toEqual([`start ${USER.id}`, `stop ${USER.id}`]));
    expect(useSyncController.getState().handle).toBeNull();
  });

  it('does not start without a user', async () => {
    const fake = fakeStarter();
    renderBridge(fake.starter);
    await act(async () => new Promise((r) => setTimeout(r, 30)));
    expect(fake.events).toEqual([]);
  });

  it('under StrictMode, a stop always finishes before the next start: one engine runs', async () => {
    const fake = fakeStarter();
    signIn();
    renderBridge(fake.starter, true);
    await waitFor(() => expect(fake.events.at(-1)).toBe(`start ${USER.id}`));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    const starts = fake.events.filter((e) => e.startsWith('start')).length;
    const stops = fake.events.filter((e) => e.startsWith('stop')).length;
    expect(starts - stops).toBe(1);
    for (let i = 1; i < fake.events.length; i++)
      expect(fake.events[i]).not.toBe(fake.events[i - 1]);
    expect(useSyncController.getState().handle).toBe(fake.handles.at(-1));
  });

  it('switches engines when another user signs in', async () => {
    const fake = fakeStarter();
    signIn();
    renderBridge(fake.starter);
    await waitFor(() => expect(fake.events).toEqual([`start ${USER.id}`]));
    const other = { ...USER, id: '22222222-2222-4222-8222-222222222222' };
    act(() => authStore.setUser(other));
    await waitFor(() =>
      expect(fake.events).toEqual([`start ${USER.id}`, `stop ${USER.id}`, `start ${other.id}`]),
    );
  });

  it('retries loading the engine when the connection comes back', async () => {
    let fail = true;
    const fake = fakeStarter();
    const starter: SyncStarter = async (userId, onUnauthorized) => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return fake.starter(userId, onUnauthorized);
    };
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    renderBridge(starter);
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(useSyncController.getState().handle).toBeNull();
    fail = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(useSyncController.getState().handle?.userId).toBe(USER.id));
    error.mockRestore();
  });
});

describe('session that cannot be renewed (issue 4)', () => {
  it('asks to sign in again, keeps the local data, and goes away once signed in again', async () => {
    const fake = fakeStarter();
    signIn();
    renderBridge(fake.starter);
    await waitFor(() => expect(fake.unauthorized.has(USER.id)).toBe(true));
    act(() => fake.unauthorized.get(USER.id)!());
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Session expirée : reconnectez-vous pour synchroniser');
    expect(banner).toHaveTextContent(
      'Votre session a expiré. Reconnectez-vous : vos modifications sont conservées.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Se reconnecter' }));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('login'));
    // signed out WITHOUT clearing the local data (no beforeClear): the outbox waits for the user
    expect(auth.signOut).toHaveBeenCalledWith();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Se reconnecter' })).toBeNull();
    act(() => signIn());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('session lost without signing out (supabase-js could not renew it)', () => {
  let db: LocalDb;
  beforeEach(() => {
    db = freshDb();
  });
  afterEach(async () => {
    await dropDb(db);
  });

  it('asks to sign in again when this device still holds the user’s changes', async () => {
    await createRepositories(db).saveSimulation(USER.id, company('Alpha', '11111111100011'));
    signIn();
    renderBridge(fakeStarter().starter, false, db);
    act(() => authStore.setUser(null));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Session expirée : reconnectez-vous pour synchroniser',
    );
    expect(await db.outbox.count()).toBe(1);
  });

  it('still asks when the session was dropped before this (lazily loaded) bridge mounted', async () => {
    await createRepositories(db).saveSimulation(USER.id, company('Alpha', '11111111100011'));
    signIn();
    act(() => authStore.setUser(null));
    renderBridge(fakeStarter().starter, false, db);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Session expirée : reconnectez-vous pour synchroniser',
    );
  });

  it('says nothing when nothing is waiting, or when the user chose to sign out', async () => {
    signIn();
    renderBridge(fakeStarter().starter, false, db);
    act(() => authStore.setUser(null));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('alert')).toBeNull();

    await createRepositories(db).saveSimulation(USER.id, company('Alpha', '11111111100011'));
    act(() => signIn());
    markIntentionalSignOut();
    act(() => authStore.setUser(null));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('full disk', () => {
  it('turns a QuotaExceededError anywhere into the French message', async () => {
    renderBridge(fakeStarter().starter);
    const event = Object.assign(new Event('unhandledrejection'), {
      reason: new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
      promise: Promise.resolve(),
    });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(
      await screen.findByText(
        "Espace de stockage plein : libérez de l'espace sur l'appareil. Votre dernière modification n'a pas été enregistrée.",
      ),
    ).toBeInTheDocument();
  });
});
