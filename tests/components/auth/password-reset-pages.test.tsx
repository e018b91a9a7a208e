// The password reset (issue 16 item 8, ours): the request answers the same whether an account
// exists or not and maps refusals to French; the recovery screen refuses common passwords, maps the
// server's codes to French, and without a session says the link is no longer valid.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthModule from '@/lib/auth';

const requestPasswordReset = vi.hoisted(() => vi.fn());
const updateAuthUser = vi.hoisted(() => vi.fn());
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  requestPasswordReset,
  updateAuthUser,
}));

const { ForgotPasswordPage } = await import('@/features/auth/pages/forgot-password-page');
const { NewPasswordPage } = await import('@/features/auth/pages/new-password-page');
const { authStore, rememberAuthLink } = await import('@/lib/auth');

function renderAt(pathname: string) {
  const router = createMemoryRouter(
    [
      { path: '/mot-de-passe-oublie', element: <ForgotPasswordPage /> },
      { path: '/nouveau-mot-de-passe', element: <NewPasswordPage /> },
      { path: '/dashboard', element: <p>tableau de bord</p> },
      { path: '/login', element: <p>connexion</p> },
    ],
    { initialEntries: [pathname] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

const signedIn = () =>
  authStore.setUser({ id: 'u1', email: 'rh@exemple.fr', emailConfirmed: true, metadata: {} });

beforeEach(() => {
  rememberAuthLink('http://localhost/');
  localStorage.clear();
  authStore.setUser(null);
  requestPasswordReset.mockReset();
  updateAuthUser.mockReset();
});

describe('forgotten password', () => {
  it('asks for a valid e-mail, then answers without telling whether an account exists', async () => {
    const user = userEvent.setup();
    renderAt('/mot-de-passe-oublie');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    expect(screen.getByText('Email invalide')).toBeInTheDocument();
    requestPasswordReset.mockResolvedValue({ ok: true, data: null });
    await user.type(screen.getByLabelText(/^Email/), 'rh@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Si un compte existe pour rh@exemple.fr',
    );
    expect(requestPasswordReset).toHaveBeenCalledWith(
      'rh@exemple.fr',
      `${window.location.origin}/nouveau-mot-de-passe`,
    );
  });

  it('a second request too soon: the French rate-limit message, not the server words', async () => {
    const user = userEvent.setup();
    requestPasswordReset.mockResolvedValue({
      ok: false,
      code: 'rate_limited',
      message: 'For security purposes, you can only request this after 59 seconds.',
    });
    renderAt('/mot-de-passe-oublie');
    await user.type(screen.getByLabelText(/^Email/), 'rh@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Un email vient déjà d'être envoyé");
    expect(screen.queryByText(/For security purposes/)).toBeNull();
  });
});

describe('recovery screen', () => {
  it('without a session, says the link is no longer valid and offers a new one', () => {
    renderAt('/nouveau-mot-de-passe');
    expect(screen.getByRole('alert')).toHaveTextContent("Ce lien n'est plus valide");
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
      'href',
      '/mot-de-passe-oublie',
    );
  });

  it('opened by a reset link: the reset subtitle', () => {
    rememberAuthLink(
      'http://localhost/nouveau-mot-de-passe#access_token=a&refresh_token=b&type=recovery',
    );
    signedIn();
    renderAt('/nouveau-mot-de-passe');
    expect(screen.getByText(/Il remplacera le mot de passe/)).toBeInTheDocument();
  });

  it('refuses a common password, maps the server codes, then saves and opens the dashboard', async () => {
    signedIn();
    const user = userEvent.setup();
    const router = renderAt('/nouveau-mot-de-passe');
    const fill = async (value: string) => {
      await user.clear(screen.getByLabelText(/^Nouveau mot de passe/));
      await user.type(screen.getByLabelText(/^Nouveau mot de passe/), value);
      await user.clear(screen.getByLabelText(/^Confirmer le mot de passe/));
      await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), value);
      await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    };
    await fill('azertyuiop');
    expect(screen.getByText(/Ce mot de passe est trop courant/)).toBeInTheDocument();
    expect(updateAuthUser).not.toHaveBeenCalled();
    updateAuthUser.mockResolvedValueOnce({
      ok: false,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    await fill('Mon-ancien-mot-de-passe-3');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Choisissez un mot de passe différent de l'ancien.",
    );
    updateAuthUser.mockResolvedValueOnce({ ok: true, data: { id: 'u1' } });
    await fill('Un-nouveau-mot-de-passe-7');
    expect(await screen.findByText('tableau de bord')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(updateAuthUser).toHaveBeenLastCalledWith({ password: 'Un-nouveau-mot-de-passe-7' });
  }, 20_000);
});
