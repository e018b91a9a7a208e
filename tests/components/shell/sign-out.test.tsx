import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthModule from '@/lib/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRepositories, type LocalDb } from '@/db';
import type { SyncHandle } from '@/lib/sync';
import { AppLayout } from '@/app/layouts/app-layout';
import { useSyncController } from '@/app/shell/sync-controller';
import {
  company,
  dropDb,
  freshDb,
  LocationProbe,
  renderRoutes,
  resetUiState,
  seedCompanies,
  signIn,
  USER,
} from './helpers';

const auth = vi.hoisted(() => ({ signOut: vi.fn() }));
vi.mock('@/lib/auth', async (importOriginal) => {
  const actual = await importOriginal<typeof AuthModule>();
  auth.signOut.mockImplementation(async (beforeClear?: () => Promise<void>) => {
    if (beforeClear) await beforeClear();
    window.localStorage.clear();
    actual.authStore.setUser(null);
    return { ok: true, data: null };
  });
  return { ...actual, signOutEverywhere: auth.signOut };
});

const routes = () => [
  {
    element: <AppLayout />,
    children: [{ path: '/dashboard', element: <LocationProbe name="dashboard" /> }],
  },
  { path: '/login', element: <LocationProbe name="login" /> },
];

function fakeHandle(sync: () => Promise<void>): SyncHandle {
  return {
    userId: USER.id,
    engine: {} as SyncHandle['engine'],
    syncNow: vi.fn(async () => {
      await sync();
      return {} as Awaited<ReturnType<SyncHandle['syncNow']>>;
    }),
    stop: vi.fn(async () => undefined),
  };
}

let db: LocalDb;
beforeEach(() => {
  resetUiState();
  auth.signOut.mockClear();
  useSyncController.setState({ handle: null, expiredUserId: null });
  db = freshDb();
  signIn();
});
afterEach(async () => {
  await dropDb(db);
});

describe("'Se déconnecter' (02 §4, §8; issue 4)", () => {
  it('with nothing pending: clears this user’s local data and goes to /login', async () => {
    await seedCompanies(db, USER.id, [company('Alpha', '11111111100011')]);
    await db.outbox.clear();
    renderRoutes(db, routes(), ['/dashboard']);
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('login'));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(await db.simulations.count()).toBe(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('with pending changes: warns, and Annuler keeps everything', async () => {
    await seedCompanies(db, USER.id, [
      company('Alpha', '11111111100011'),
      company('Beta', '22222222200022'),
    ]);
    renderRoutes(db, routes(), ['/dashboard']);
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Modifications non synchronisées',
    });
    expect(dialog).toHaveTextContent(
      "2 modifications n'ont pas encore été envoyées. Si vous vous déconnectez maintenant, elles seront perdues.",
    );
    expect(
      within(dialog).getByRole('button', { name: 'Synchroniser puis se déconnecter' }),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(2);
  });

  it("'Se déconnecter quand même' signs out and drops the pending changes", async () => {
    await seedCompanies(db, USER.id, [company('Alpha', '11111111100011')]);
    renderRoutes(db, routes(), ['/dashboard']);
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Se déconnecter quand même',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('login'));
    expect(await db.outbox.count()).toBe(0);
  });

  it("'Synchroniser puis se déconnecter': syncs, stops the engine, then signs out", async () => {
    await seedCompanies(db, USER.id, [company('Alpha', '11111111100011')]);
    const handle = fakeHandle(async () => {
      await db.outbox.clear(); // the server accepted everything
    });
    useSyncController.setState({ handle });
    renderRoutes(db, routes(), ['/dashboard']);
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Synchroniser puis se déconnecter',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('login'));
    expect(handle.syncNow).toHaveBeenCalledTimes(1);
    expect(handle.stop).toHaveBeenCalledTimes(1);
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });

  it('a sync that does not finish keeps the user signed in, with their changes', async () => {
    await seedCompanies(db, USER.id, [company('Alpha', '11111111100011')]);
    const handle = fakeHandle(async () => undefined);
    useSyncController.setState({ handle });
    renderRoutes(db, routes(), ['/dashboard']);
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Synchroniser puis se déconnecter' }),
    );
    expect(
      await screen.findByText(
        "La synchronisation n'a pas abouti. Vos modifications sont toujours sur cet appareil.",
      ),
    ).toBeInTheDocument();
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(1);
  });

  it('warns about refused changes and conflicts too', async () => {
    const repos = createRepositories(db);
    const { id } = await repos.saveSimulation(USER.id, company('Alpha', '11111111100011'));
    await db.outbox.clear();
    await db.dead_letters.add({
      id: 'd1',
      owner_id: USER.id,
      table: 'simulations',
      op: 'update',
      row_id: id,
      fields: { company_name: 'x' },
      base_version: 1,
      code: 'check',
      message: null,
      created_at: new Date().toISOString(),
    });
    renderRoutes(db, routes(), ['/dashboard']);
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('1 modification refusée par le serveur sera perdue.');
    expect(
      within(dialog).queryByRole('button', { name: 'Synchroniser puis se déconnecter' }),
    ).toBeNull();
  });

  it("a failed sign-out says 'Une erreur est survenue lors de la déconnexion' and still goes to /login", async () => {
    auth.signOut.mockImplementationOnce(async (beforeClear?: () => Promise<void>) => {
      if (beforeClear) await beforeClear();
      const { authStore } = await import('@/lib/auth');
      authStore.setUser(null);
      return { ok: false, code: 'unknown', message: 'boom' };
    });
    renderRoutes(db, routes(), ['/dashboard']);
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(
      await screen.findByText('Une erreur est survenue lors de la déconnexion'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('login'));
  });
});
