// /verify-email (02 §2.7, §4, §5, §8; issue 29 item 5): the resend countdown, the 6-digit code of
// the e-mail, and the page moving on by itself — confirmed here or in another tab (the auth store),
// or on another device (the sign-up browser's registration status) — asking only while the page is
// visible and the device online.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthModule from '@/lib/auth';

type Status = 'pending' | 'confirmed' | 'unknown' | null;
const resendSignUpEmail = vi.hoisted(() => vi.fn());
const refreshCurrentUser = vi.hoisted(() => vi.fn(async () => ({ ok: true, data: null })));
const registrationStatus = vi.hoisted(() => vi.fn(async (): Promise<Status> => 'pending'));
const verifyEmailCode = vi.hoisted(() => vi.fn());
const exchangeConfirmationCode = vi.hoisted(() => vi.fn());
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  resendSignUpEmail,
  refreshCurrentUser,
  registrationStatus,
  verifyEmailCode,
  exchangeConfirmationCode,
}));

const { VerifyEmailPage } = await import('@/features/auth/pages/verify-email-page');
const { authStore } = await import('@/lib/auth');

let visibility: DocumentVisibilityState = 'visible';
let online = true;
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

function renderAt(entry: { pathname: string; state?: unknown }) {
  const router = createMemoryRouter(
    [
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/dashboard', element: <p>tableau de bord</p> },
      { path: '/login', element: <p>connexion</p> },
      { path: '/confirmer-email', element: <p>choisir</p> },
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

const confirmedUser = { id: '1', email: 'rh@exemple.fr', emailConfirmed: true, metadata: {} };

beforeEach(() => {
  visibility = 'visible';
  online = true;
  localStorage.clear();
  authStore.setUser(null);
  for (const mock of [resendSignUpEmail, refreshCurrentUser, verifyEmailCode]) mock.mockReset();
  exchangeConfirmationCode.mockReset();
  registrationStatus.mockReset();
  registrationStatus.mockResolvedValue('pending');
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('resend', () => {
  it('counts 60 s down before resending, then resends the same link with a toast', async () => {
    resendSignUpEmail.mockResolvedValue({ ok: true });
    renderAt({ pathname: '/verify-email', state: { email: 'rh@exemple.fr', justSent: true } });
    const button = screen.getByRole('button', { name: /Renvoyer l'email dans 60 s/ });
    expect(button).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: /Renvoyer l'email dans 30 s/ })).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(30_000));
    const enabled = screen.getByRole('button', { name: "Renvoyer l'email" });
    await act(async () => enabled.click());
    expect(resendSignUpEmail).toHaveBeenCalledWith(
      'rh@exemple.fr',
      `${window.location.origin}/confirmer-email`,
    );
    expect(await screen.findByText('Email de confirmation renvoyé')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Renvoyer l'email dans 60 s/ })).toBeDisabled();
  });

  it('without a known address, asks for it', async () => {
    renderAt({ pathname: '/verify-email' });
    await act(async () => screen.getByRole('button', { name: "Renvoyer l'email" }).click());
    expect(screen.getByText('Email invalide')).toBeInTheDocument();
    expect(resendSignUpEmail).not.toHaveBeenCalled();
  });
});

describe('the page moves on by itself', () => {
  it('reads the address from contactFormData; confirmed in this browser (another tab): toast and the dashboard, replacing history', async () => {
    localStorage.setItem(
      'contactFormData',
      JSON.stringify({
        name: 'Léa',
        lastName: '',
        email: 'lea@exemple.fr',
        phone: '',
        role: 'RH',
        acceptTerms: true,
      }),
    );
    const router = renderAt({ pathname: '/verify-email' });
    expect(screen.getByText('Email envoyé à lea@exemple.fr')).toBeInTheDocument();
    act(() => authStore.setUser({ ...confirmedUser, email: 'lea@exemple.fr' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Email vérifié avec succès !')).toBeInTheDocument();
  });

  it('asks every 5 s while visible; confirmed on another device: the login screen, saying so', async () => {
    const router = renderAt({ pathname: '/verify-email', state: { email: 'rh@exemple.fr' } });
    expect(registrationStatus).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(registrationStatus).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(registrationStatus).toHaveBeenCalledTimes(2);
    registrationStatus.mockResolvedValue('confirmed');
    await act(async () => vi.advanceTimersByTime(5_000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ email: 'rh@exemple.fr' });
    expect(
      await screen.findByText(/Votre adresse email a été confirmée sur un autre appareil/),
    ).toBeInTheDocument();
    // Stopped: nothing more is asked.
    const calls = registrationStatus.mock.calls.length;
    await act(async () => vi.advanceTimersByTime(20_000));
    expect(registrationStatus).toHaveBeenCalledTimes(calls);
  });

  it('asks nothing while the page is hidden or the device offline, and asks at once when they come back', async () => {
    renderAt({ pathname: '/verify-email', state: { email: 'rh@exemple.fr' } });
    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(registrationStatus).not.toHaveBeenCalled();
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(registrationStatus).toHaveBeenCalledTimes(1));

    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(registrationStatus).toHaveBeenCalledTimes(1);
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(registrationStatus).toHaveBeenCalledTimes(2));
  });

  it('signed in but unconfirmed: re-reads the user instead', async () => {
    authStore.setUser({ ...confirmedUser, emailConfirmed: false });
    renderAt({ pathname: '/verify-email', state: { email: 'rh@exemple.fr' } });
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(refreshCurrentUser).toHaveBeenCalledTimes(1);
    expect(registrationStatus).not.toHaveBeenCalled();
  });
});

describe('the 6-digit code of the e-mail', () => {
  const typeCode = async (code: string) => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await user.type(screen.getByLabelText(/Code de confirmation/), code);
    await user.click(screen.getByRole('button', { name: 'Valider le code' }));
  };

  it('checks the format before sending, and says when the code is wrong', async () => {
    renderAt({ pathname: '/verify-email', state: { email: 'rh@exemple.fr' } });
    await typeCode('12a4');
    expect(screen.getByText('Saisissez les 6 chiffres du code.')).toBeInTheDocument();
    expect(verifyEmailCode).not.toHaveBeenCalled();
    verifyEmailCode.mockResolvedValue({ ok: false, code: 'wrong_code' });
    await userEvent.clear(screen.getByLabelText(/Code de confirmation/));
    await typeCode('213 023');
    expect(verifyEmailCode).toHaveBeenCalledWith('rh@exemple.fr', '213023');
    expect(await screen.findByText(/Code incorrect ou expiré/)).toBeInTheDocument();
  });

  it('in the browser that signed up: signed in, the page goes to the dashboard', async () => {
    verifyEmailCode.mockResolvedValue({ ok: true, code: 'un-code-a-usage-unique-123' });
    exchangeConfirmationCode.mockImplementation(async () => {
      authStore.setUser(confirmedUser);
      return { kind: 'signed-in' };
    });
    const router = renderAt({ pathname: '/verify-email', state: { email: 'rh@exemple.fr' } });
    await typeCode('213023');
    expect(exchangeConfirmationCode).toHaveBeenCalledWith('un-code-a-usage-unique-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('elsewhere: « Choisissez votre mot de passe » with the one-time code', async () => {
    verifyEmailCode.mockResolvedValue({ ok: true, code: 'un-code-a-usage-unique-123' });
    exchangeConfirmationCode.mockResolvedValue({ kind: 'choose-password' });
    const router = renderAt({ pathname: '/verify-email', state: { email: 'rh@exemple.fr' } });
    await typeCode('213023');
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmer-email'));
    expect(router.state.location.search).toBe('?code=un-code-a-usage-unique-123');
    expect(router.state.location.state).toEqual({ choosePassword: true });
  });
});
