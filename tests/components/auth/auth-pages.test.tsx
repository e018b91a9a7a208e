// /login (02 §2.6, §4, §5, §8): validation, failure messages, routing by confirmation, the notice
// of a link that did not sign in. /verify-email: verify-email-page.test.tsx.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthModule from '@/lib/auth';

const signInWithPassword = vi.hoisted(() => vi.fn());
const refreshCurrentUser = vi.hoisted(() => vi.fn(async () => ({ ok: true, data: null })));
const registrationStatus = vi.hoisted(() => vi.fn(async () => null));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  signInWithPassword,
  refreshCurrentUser,
  registrationStatus,
}));

const { LoginPage } = await import('@/features/auth/pages/login-page');
const { VerifyEmailPage } = await import('@/features/auth/pages/verify-email-page');
const { authStore, rememberAuthLink } = await import('@/lib/auth');

function renderAt(entry: { pathname: string; state?: unknown }) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/dashboard', element: <p>tableau de bord</p> },
      { path: '/rechercher-entreprise', element: <p>recherche</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

beforeEach(() => {
  rememberAuthLink('http://localhost/');
  localStorage.clear();
  authStore.setUser(null);
  signInWithPassword.mockReset();
});

describe('login', () => {
  it('validates, then shows the invalid-credentials message', async () => {
    const user = userEvent.setup();
    renderAt({ pathname: '/login', state: { email: 'rh@exemple.fr' } });
    expect(screen.getByLabelText(/^Email/)).toHaveValue('rh@exemple.fr');
    await user.clear(screen.getByLabelText(/^Email/));
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByText('Email invalide')).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe est requis')).toBeInTheDocument();
    signInWithPassword.mockResolvedValue({
      ok: false,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    await user.type(screen.getByLabelText(/^Email/), 'rh@exemple.fr');
    await user.type(screen.getByLabelText(/Mot de passe/), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email ou mot de passe incorrect. Si vous venez de vous inscrire, veuillez vérifier votre email avant de vous connecter.',
    );
  });

  it.each([
    [
      { code: 'network', message: 'Failed to fetch' },
      'Connexion impossible : vérifiez votre connexion internet puis réessayez.',
    ],
    [{ code: 'unknown', message: 'boom' }, 'Erreur lors de la connexion'],
  ])('maps %j', async (failure, message) => {
    signInWithPassword.mockResolvedValue({ ok: false, ...failure });
    const user = userEvent.setup();
    renderAt({ pathname: '/login' });
    await user.type(screen.getByLabelText(/^Email/), 'rh@exemple.fr');
    await user.type(screen.getByLabelText(/Mot de passe/), 'x');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('success: toast, then the dashboard (confirmed) or the verification (unconfirmed)', async () => {
    const user = userEvent.setup();
    signInWithPassword.mockResolvedValue({
      ok: true,
      data: { user: { email_confirmed_at: '2026-11-22T10:00:00Z' }, session: {} },
    });
    const router = renderAt({ pathname: '/login' });
    await user.type(screen.getByLabelText(/^Email/), 'rh@exemple.fr');
    await user.type(screen.getByLabelText(/Mot de passe/), 'MotDePasse123!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Connexion réussie !')).toBeInTheDocument();

    signInWithPassword.mockResolvedValue({
      ok: false,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });
    await router.navigate('/login');
    await user.type(await screen.findByLabelText(/^Email/), 'rh@exemple.fr');
    await user.type(screen.getByLabelText(/Mot de passe/), 'MotDePasse123!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(await screen.findByText('Email envoyé à rh@exemple.fr')).toBeInTheDocument();
  });

  it('opened by a replaced or used confirmation link: the French notice, once, and a way to a new e-mail', async () => {
    rememberAuthLink(
      'http://localhost/dashboard#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    const user = userEvent.setup();
    const router = renderAt({ pathname: '/login' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Ce lien n'est plus valide : il a déjà servi, ou une inscription ou un envoi plus récent l'a remplacé.",
    );
    expect(screen.queryByText(/Email link is invalid/)).toBeNull();
    await user.click(
      screen.getByRole('link', { name: 'Recevoir un nouvel email de confirmation' }),
    );
    expect(router.state.location.pathname).toBe('/verify-email');
    // Shown once: back on the login screen, no notice.
    await act(() => router.navigate('/login'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opened by a link that failed otherwise: the generic French notice, never the server words', () => {
    rememberAuthLink('http://localhost/dashboard#error=server_error&error_description=boom');
    renderAt({ pathname: '/login' });
    expect(screen.getByRole('alert')).toHaveTextContent("Ce lien n'a pas pu être utilisé.");
    expect(screen.queryByText(/boom/)).toBeNull();
  });

  it('Retour and Créer un compte lead to the search, keeping the referral', async () => {
    const ref = btoa('22222222-2222-4222-8222-222222222222');
    const router = renderAt({ pathname: '/login', state: { ref } });
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute(
      'href',
      `/rechercher-entreprise?ref=${encodeURIComponent(ref)}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect(router.state.location.pathname).toBe('/rechercher-entreprise');
  });
});
