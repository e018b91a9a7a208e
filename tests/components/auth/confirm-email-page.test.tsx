// /confirmer-email (issue 28 items 2 and 5): the confirmation link's code exchanged in the browser
// that signed up (signed in, dashboard); anywhere else « Choisissez votre mot de passe » (the
// password chosen there, nothing of the sign-up kept, said so); a used link; the e-mail change
// outcomes; never a server word.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthModule from '@/lib/auth';

const exchangeConfirmationCode = vi.hoisted(() => vi.fn());
const claimAccount = vi.hoisted(() => vi.fn());
const refreshCurrentUser = vi.hoisted(() => vi.fn(async () => ({ ok: true, data: null })));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  exchangeConfirmationCode,
  claimAccount,
  refreshCurrentUser,
}));

const { ConfirmEmailPage } = await import('@/features/auth/pages/confirm-email-page');
const { authStore } = await import('@/lib/auth');

const CODE = 'Zk3vQm9cT0b5rXy2WqLp8dN1eH4uJ6sA7gF0iKoMnBc';

function renderAt(entry: string | { pathname: string; search?: string; state?: unknown }) {
  const router = createMemoryRouter(
    [
      { path: '/confirmer-email', element: <ConfirmEmailPage /> },
      { path: '/dashboard', element: <p>tableau de bord</p> },
      { path: '/verify-email', element: <p>vérification</p> },
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
  authStore.setUser(null);
  exchangeConfirmationCode.mockReset();
  claimAccount.mockReset();
  refreshCurrentUser.mockClear();
});

describe('the confirmation link', () => {
  it('in the browser that signed up: signed in, a toast, the dashboard (history replaced)', async () => {
    exchangeConfirmationCode.mockResolvedValue({ kind: 'signed-in' });
    const router = renderAt(`/confirmer-email?code=${CODE}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(exchangeConfirmationCode).toHaveBeenCalledWith(CODE);
    expect(await screen.findByText('Adresse e-mail confirmée : vous êtes connecté.')).toBeVisible();
  });

  it('elsewhere: « Choisissez votre mot de passe », what it means, then the password chosen there', async () => {
    exchangeConfirmationCode.mockResolvedValue({ kind: 'choose-password' });
    const router = renderAt(`/confirmer-email?code=other-${CODE}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/ouvert ailleurs que dans le navigateur où le compte a été créé/),
    ).toBeVisible();
    expect(screen.getByText(/Ouvrez plutôt le lien de l'e-mail sur celui-ci/)).toBeVisible();
    expect(screen.getByText(/aucun mot de passe ni aucune information saisis/)).toBeVisible();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Mot de passe/), 'motdepasse');
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'motdepasse');
    await user.click(screen.getByRole('button', { name: 'Enregistrer et accéder à mon compte' }));
    expect(screen.getByText(/Ce mot de passe est trop courant/)).toBeInTheDocument();
    expect(claimAccount).not.toHaveBeenCalled();

    claimAccount.mockResolvedValueOnce({ ok: false, code: 'network' });
    claimAccount.mockResolvedValueOnce({ ok: true });
    for (const label of [/^Mot de passe/, /^Confirmer le mot de passe/]) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), 'Un-secret-bien-a-moi-8');
    }
    await user.click(screen.getByRole('button', { name: 'Enregistrer et accéder à mon compte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/vérifiez votre connexion internet/);
    await user.click(screen.getByRole('button', { name: 'Enregistrer et accéder à mon compte' }));
    expect(claimAccount).toHaveBeenLastCalledWith(`other-${CODE}`, 'Un-secret-bien-a-moi-8');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('from /verify-email (the exchange already tried): the form at once', async () => {
    renderAt({
      pathname: '/confirmer-email',
      search: `?code=${CODE}`,
      state: { choosePassword: true },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' }),
    ).toBeInTheDocument();
    expect(exchangeConfirmationCode).not.toHaveBeenCalled();
  });

  it('a used or expired code, a malformed one, or one refused while choosing: the French notice and a new e-mail', async () => {
    exchangeConfirmationCode.mockResolvedValue({ kind: 'invalid' });
    const router = renderAt(`/confirmer-email?code=used-${CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent("Ce lien n'est plus valide");
    await userEvent.click(
      screen.getByRole('link', { name: 'Recevoir un nouvel e-mail de confirmation' }),
    );
    expect(router.state.location.pathname).toBe('/verify-email');
  });

  it('a link the server refused (#error_code=otp_expired) or no code: the same notice, never the server words', () => {
    renderAt(
      '/confirmer-email#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid',
    );
    expect(screen.getByRole('alert')).toHaveTextContent("Ce lien n'est plus valide");
    expect(screen.queryByText(/Email link is invalid/)).toBeNull();
    expect(exchangeConfirmationCode).not.toHaveBeenCalled();
  });

  it('no connection: says so and tries again on demand', async () => {
    exchangeConfirmationCode.mockResolvedValueOnce({ kind: 'network' });
    exchangeConfirmationCode.mockResolvedValueOnce({ kind: 'signed-in' });
    const router = renderAt(`/confirmer-email?code=net-${CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(/connexion internet/);
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('e-mail change links', () => {
  it.each([
    ['?email_change=pending', "Ouvrez maintenant le lien envoyé à l'autre adresse"],
    ['?email_change=done', 'Votre adresse e-mail a été changée'],
    [
      '?email_change=error#error=access_denied&error_code=email_exists',
      'déjà utilisée par un autre compte',
    ],
    [
      '?email_change=error#error=access_denied&error_code=otp_expired',
      'refaites la demande dans Paramètres',
    ],
  ])('%s', (query, text) => {
    renderAt(`/confirmer-email${query}`);
    expect(
      screen.getByRole('heading', { level: 1, name: "Changement d'adresse e-mail" }),
    ).toBeVisible();
    expect(screen.getByText(new RegExp(text))).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continuer' })).toHaveAttribute('href', '/dashboard');
  });

  it('done while signed in: the user is read again (the session still names the old address)', async () => {
    authStore.setUser({
      id: '1',
      email: 'ancienne@exemple.fr',
      emailConfirmed: true,
      metadata: {},
    });
    renderAt('/confirmer-email?email_change=done');
    await waitFor(() => expect(refreshCurrentUser).toHaveBeenCalled());
  });
});
