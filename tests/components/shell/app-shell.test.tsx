import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import type { LocalDb } from '@/db';
import { statusKey } from '@/db/replica';
import { DEFAULT_RDV_IDCC_LIST } from '@/domain/opco';
import { syncStatusStore } from '@/lib/sync';
import { AppLayout } from '@/app/layouts/app-layout';
import { usePwaStore, type BeforeInstallPromptEvent } from '@/lib/pwa/pwa-store';
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

const ELIGIBLE = DEFAULT_RDV_IDCC_LIST[0]!;
const A = company('Alpha Conseil', '11111111100011', { idcc: ELIGIBLE });
const B = company('Bêta Industrie', '22222222200022', { idcc: '9999' });
const C = company('Gamma Services', '33333333300033');

function routes() {
  return [
    {
      element: <AppLayout />,
      children: [
        { path: '/dashboard', element: <LocationProbe name="dashboard" /> },
        { path: '/dashboard/companies', element: <LocationProbe name="companies" /> },
        { path: '*', element: <Outlet /> },
      ],
    },
    { path: '/rechercher-entreprise', element: <LocationProbe name="step1" /> },
  ];
}

let db: LocalDb;
beforeEach(() => {
  resetUiState();
  db = freshDb();
  signIn();
});
afterEach(async () => {
  syncStatusStore.getState().detach();
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
  await dropDb(db);
});

function nav() {
  return screen.getByRole('navigation', { name: 'Navigation principale' });
}

describe('sidebar navigation (02 §2.2)', () => {
  it('lists the entries in order, Parrainage tagged New, Paramètres and Se déconnecter', async () => {
    await seedCompanies(db, USER.id, [A]);
    renderRoutes(db, routes(), ['/dashboard']);
    await waitFor(() => expect(within(nav()).getAllByRole('link')).toHaveLength(9));
    const labels = within(nav())
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(labels).toEqual([
      'Mon budget',
      'Trouver ma formation',
      'Projet de formation',
      'Sonder mon équipe',
      'Fonctionnement',
      'Les experts',
      'ParrainageNew',
      'Prendre RDV',
      'Mes demandes',
    ]);
    expect(within(nav()).getByRole('link', { name: 'Projet de formation' })).toHaveAttribute(
      'href',
      '/training-plan',
    );
    expect(within(nav()).getByRole('link', { name: /Parrainage/ })).toHaveAttribute(
      'href',
      '/referral',
    );
    expect(within(nav()).getByRole('link', { name: 'Mon budget' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('button', { name: 'Paramètres' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('« Projet de formation » is the current entry on the plan and on a new request (issue 29)', async () => {
    await seedCompanies(db, USER.id, [A]);
    renderRoutes(db, routes(), ['/training/new']);
    const entry = await within(nav()).findByRole('link', { name: 'Projet de formation' });
    expect(entry).toHaveAttribute('aria-current', 'page');
    expect(entry).toHaveClass('active');
    expect(within(nav()).getByRole('link', { name: 'Trouver ma formation' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it("offers 'Installer l'application' in the sidebar once the browser allows it (issue 10)", async () => {
    await seedCompanies(db, USER.id, [A]);
    renderRoutes(db, routes(), ['/dashboard']);
    await waitFor(() => expect(within(nav()).getAllByRole('link')).toHaveLength(9));
    expect(screen.queryByRole('button', { name: "Installer l'application" })).toBeNull();
    const prompt = vi.fn(async () => {});
    act(() =>
      usePwaStore.setState({
        installEvent: Object.assign(new Event('beforeinstallprompt'), {
          prompt,
          userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
        }) as BeforeInstallPromptEvent,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: "Installer l'application" }));
    await waitFor(() => expect(prompt).toHaveBeenCalled());
    await waitFor(() => expect(usePwaStore.getState().installEvent).toBeNull());
  });

  it('shows Prendre RDV only for a current company with an eligible IDCC, and follows the switcher', async () => {
    await seedCompanies(db, USER.id, [A, B]);
    renderRoutes(db, routes(), ['/dashboard']);
    // newest (B, IDCC 9999) is current by default
    await screen.findByRole('button', { name: /entreprise sélectionnée : Bêta Industrie/ });
    expect(within(nav()).queryByRole('link', { name: 'Prendre RDV' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Changer d'entreprise/ }));
    fireEvent.click(screen.getByRole('button', { name: /Alpha Conseil/ }));
    await screen.findByRole('button', { name: /entreprise sélectionnée : Alpha Conseil/ });
    expect(within(nav()).getByRole('link', { name: 'Prendre RDV' })).toHaveAttribute(
      'href',
      '/meetings',
    );
    expect(window.localStorage.getItem('currentCompanySiret')).toBe(A.company_siret);
  });

  it('shows no Prendre RDV without a company', async () => {
    renderRoutes(db, routes(), ['/dashboard']);
    await screen.findByRole('button', { name: /entreprise sélectionnée : Aucune entreprise/ });
    expect(within(nav()).queryByRole('link', { name: 'Prendre RDV' })).toBeNull();
  });
});

describe('company switcher (02 §2.2, §5)', () => {
  it('lists the companies newest first, marks the current one, and closes with Escape', async () => {
    await seedCompanies(db, USER.id, [A, B]);
    renderRoutes(db, routes(), ['/dashboard']);
    const toggle = await screen.findByRole('button', {
      name: /entreprise sélectionnée : Bêta Industrie/,
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('button', { name: /SIRET/ });
    expect(items.map((b) => b.querySelector('.company-switcher-item-name')?.textContent)).toEqual([
      'Bêta Industrie',
      'Alpha Conseil',
    ]);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[1]).not.toHaveAttribute('aria-current');
    fireEvent.keyDown(items[1]!, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('selects the company named by the navigation state', async () => {
    await seedCompanies(db, USER.id, [A, B]);
    renderRoutes(db, routes(), [
      { pathname: '/dashboard', state: { siret: A.company_siret, refresh: true } },
    ]);
    await screen.findByRole('button', { name: /entreprise sélectionnée : Alpha Conseil/ });
  });

  it("'Ajouter une entreprise' goes to step 1 in adding mode", async () => {
    await seedCompanies(db, USER.id, [A, B]);
    renderRoutes(db, routes(), ['/dashboard']);
    fireEvent.click(await screen.findByRole('button', { name: /Changer d'entreprise/ }));
    fireEvent.click(screen.getByRole('button', { name: /Ajouter une entreprise/ }));
    expect(await screen.findByTestId('probe')).toHaveTextContent('step1 {"addingNewCompany":true}');
  });

  it('hides the add button at 3 companies and shows the limit message; links to the companies page', async () => {
    await seedCompanies(db, USER.id, [A, B, C]);
    renderRoutes(db, routes(), ['/dashboard']);
    fireEvent.click(await screen.findByRole('button', { name: /Changer d'entreprise/ }));
    expect(screen.queryByRole('button', { name: /Ajouter une entreprise/ })).toBeNull();
    expect(
      screen.getByText('Vous ne pouvez pas ajouter plus de 3 entreprises'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Gérer mes entreprises' }));
    expect(await screen.findByTestId('probe')).toHaveTextContent('companies');
  });
});

describe('mobile menu (≤ 768 px)', () => {
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: query === '(max-width: 768px)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList;
  });

  it('shows a header with the menu button and the sync status; the drawer traps focus and Escape closes it', async () => {
    await seedCompanies(db, USER.id, [A]);
    renderRoutes(db, routes(), ['/dashboard']);
    expect(screen.queryByRole('navigation')).toBeNull();
    const header = screen.getByRole('banner');
    expect(within(header).getByTestId('sync-status')).toHaveTextContent('Synchronisation…');
    const menu = within(header).getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    menu.focus();
    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveAttribute('id', menu.getAttribute('aria-controls'));
    expect(within(drawer).getByRole('button', { name: 'Fermer le menu' })).toHaveFocus();
    expect(
      within(drawer).getByRole('navigation', { name: 'Navigation principale' }),
    ).toBeInTheDocument();
    // Shift+Tab from the first element wraps to the last one
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(within(drawer).getByRole('button', { name: 'Se déconnecter' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(menu).toHaveFocus();
  });

  it('closes the drawer after following a link', async () => {
    renderRoutes(db, routes(), ['/dashboard']);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', {
        name: 'Mes demandes',
      }),
    );
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});

describe('sync status (issue 4)', () => {
  it("never says 'Synchronisé' before a first complete sync", async () => {
    renderRoutes(db, routes(), ['/dashboard']);
    const status = screen.getByTestId('sync-status');
    await waitFor(() => expect(status).toHaveTextContent('Synchronisation…'));
    expect(status).toHaveTextContent('Jamais synchronisé');
    expect(status).not.toHaveTextContent('Synchronisé');
  });

  it("says 'Synchronisé' after a complete sync, with its time", async () => {
    const at = Date.now();
    await db.sync_state.put({
      key: statusKey(USER.id),
      value: { phase: 'idle', error: null, lastSyncAt: at, nextRetryAt: null, progress: null },
    });
    renderRoutes(db, routes(), ['/dashboard']);
    const status = screen.getByTestId('sync-status');
    await waitFor(() => expect(status).toHaveTextContent('Synchronisé'));
    expect(status).toHaveTextContent("Dernière synchronisation : aujourd'hui à");
  });

  it("counts local changes: 'n modifications en attente'", async () => {
    await seedCompanies(db, USER.id, [A, B]);
    await db.sync_state.put({
      key: statusKey(USER.id),
      value: {
        phase: 'idle',
        error: null,
        lastSyncAt: Date.now(),
        nextRetryAt: null,
        progress: null,
      },
    });
    renderRoutes(db, routes(), ['/dashboard']);
    await waitFor(() =>
      expect(screen.getByTestId('sync-status')).toHaveTextContent('2 modifications en attente'),
    );
  });

  it("says 'Hors ligne' when the browser is offline, with the pending count", async () => {
    await seedCompanies(db, USER.id, [A]);
    renderRoutes(db, routes(), ['/dashboard']);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      await waitFor(() =>
        expect(screen.getByTestId('sync-status')).toHaveTextContent(
          'Hors ligne · 1 modification en attente',
        ),
      );
      // announced to screen readers (a polite status region)
      expect(
        screen
          .getAllByRole('status')
          .some((s) => s.textContent === 'Hors ligne · 1 modification en attente'),
      ).toBe(true);
    } finally {
      onLine.mockRestore();
    }
  });

  it("shows 'Erreur de synchronisation' from the status the sync leader persisted, and the last sync time", async () => {
    await db.sync_state.put({
      key: statusKey(USER.id),
      value: {
        phase: 'error',
        error: 'server',
        lastSyncAt: Date.parse('2026-03-02T09:15:00Z'),
        nextRetryAt: null,
        progress: null,
      },
    });
    renderRoutes(db, routes(), ['/dashboard']);
    const status = screen.getByTestId('sync-status');
    await waitFor(() => expect(status).toHaveTextContent('Erreur de synchronisation'));
    expect(status).toHaveTextContent('Dernière synchronisation : le 2 mars à 10:15');
  });

  // issue 16 item 10: until this tab's engine runs, an 'offline' persisted by the last session
  // is stale; the engine's own 'offline' is shown.
  it("does not flash 'Hors ligne' from the last session while the browser is online", async () => {
    const lastSyncAt = Date.now() - 60_000;
    await db.sync_state.put({
      key: statusKey(USER.id),
      value: { phase: 'offline', error: 'offline', lastSyncAt, nextRetryAt: null, progress: null },
    });
    renderRoutes(db, routes(), ['/dashboard']);
    const status = screen.getByTestId('sync-status');
    // once the persisted status is read (its last sync time is shown)…
    await waitFor(() =>
      expect(status).toHaveTextContent("Dernière synchronisation : aujourd'hui à"),
    );
    // …it says the first cycle is under way, not « Hors ligne »
    expect(status).toHaveTextContent('Synchronisation…');
    expect(status).not.toHaveTextContent('Hors ligne');

    // This tab's engine starts and finds the server unreachable: now « Hors ligne » is true.
    act(() => {
      syncStatusStore.getState().attach(USER.id, db);
      syncStatusStore.getState().setEngineStatus({
        phase: 'offline',
        error: 'offline',
        lastSyncAt,
        nextRetryAt: null,
        progress: null,
        leader: true,
        pending: 0,
      });
    });
    expect(status).toHaveTextContent('Hors ligne');
  });

  it('shows the progress of a long pull reported by the engine of this tab', async () => {
    renderRoutes(db, routes(), ['/dashboard']);
    act(() => {
      syncStatusStore.getState().attach(USER.id, db);
      syncStatusStore.getState().setEngineStatus({
        phase: 'syncing',
        error: null,
        lastSyncAt: null,
        nextRetryAt: null,
        progress: { direction: 'pull', table: 'simulations', done: 400, remaining: 1200 },
        leader: true,
        pending: 0,
      });
    });
    const status = screen.getByTestId('sync-status');
    expect(status).toHaveTextContent('Synchronisation…');
    expect(status).toHaveTextContent('400 éléments reçus, 1200 restants');
  });
});
