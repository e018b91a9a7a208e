import { describe, expect, it, beforeEach } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { decideGuard, type GuardAuth, type GuardKind } from '@/app/guard-rules';
import { routes } from '@/app/routes';
import { authStore, type AuthUser } from '@/lib/auth';
import { toastPositionFor } from '@/app/toast-position';

const anonymous: GuardAuth = { status: 'anonymous' };
const unconfirmed: GuardAuth = { status: 'signed-in', emailConfirmed: false };
const confirmed: GuardAuth = { status: 'signed-in', emailConfirmed: true };
const loading: GuardAuth = { status: 'loading' };

const redirect = (to: string) => ({ action: 'redirect', to });
const renderIt = { action: 'render' };

describe('decideGuard (02 §2.1)', () => {
  const table: Array<[GuardKind, GuardAuth, object, unknown]> = [
    ['root', confirmed, {}, redirect('/dashboard')],
    ['root', unconfirmed, {}, redirect('/verify-email')],
    ['root', anonymous, {}, redirect('/rechercher-entreprise')],
    ['company-search', anonymous, {}, renderIt],
    ['company-search', confirmed, {}, redirect('/dashboard')],
    ['company-search', confirmed, { addingNewCompany: true }, renderIt],
    ['anonymous-only', anonymous, {}, renderIt],
    ['anonymous-only', confirmed, {}, redirect('/dashboard')],
    ['anonymous-only', unconfirmed, {}, redirect('/dashboard')],
    ['login', anonymous, {}, renderIt],
    ['login', confirmed, {}, redirect('/dashboard')],
    ['login', unconfirmed, {}, redirect('/verify-email')],
    ['verify-email', confirmed, {}, redirect('/dashboard')],
    ['verify-email', unconfirmed, {}, renderIt],
    ['verify-email', anonymous, {}, renderIt],
    ['confirmed', confirmed, {}, renderIt],
    ['confirmed', unconfirmed, {}, redirect('/verify-email')],
    ['confirmed', anonymous, {}, redirect('/login')],
    ['signed-in', confirmed, {}, renderIt],
    ['signed-in', unconfirmed, {}, renderIt],
    ['signed-in', anonymous, {}, redirect('/login')],
    ['public', anonymous, {}, renderIt],
    ['public', loading, {}, renderIt],
    ['confirmed', loading, {}, { action: 'wait' }],
  ];
  it.each(table)('%s with %j %j', (kind, auth, ctx, expected) => {
    expect(decideGuard(kind, auth, ctx)).toEqual(expected);
  });
});

const user = (emailConfirmed: boolean): AuthUser => ({
  id: '11111111-1111-4111-8111-111111111111',
  email: 'rh@example.fr',
  emailConfirmed,
  metadata: {},
});

function renderAt(path: string | { pathname: string; search?: string; state?: unknown }) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('route table', () => {
  beforeEach(() => authStore.setUser(null));

  it('sends anonymous visitors from / to step 1', async () => {
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/rechercher-entreprise'));
  });

  it('keeps ?ref= on /simulation/step1 (referral landing)', async () => {
    const router = renderAt('/simulation/step1?ref=YWJj');
    await waitFor(() => expect(router.state.location.pathname).toBe('/rechercher-entreprise'));
    expect(router.state.location.search).toBe('?ref=YWJj');
  });

  it.each([
    ['/simulation/step2', '/informations-entreprise'],
    ['/simulation/step3', '/creer-compte'],
  ])('redirects %s to %s', async (from, to) => {
    const router = renderAt(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it.each([
    '/dashboard',
    '/dashboard/companies',
    '/requests',
    '/experts',
    '/training-plan',
    '/survey-results/x',
  ])('sends anonymous visitors from %s to /login', async (path) => {
    const router = renderAt(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends an unconfirmed user from /dashboard to /verify-email but lets them open /experts', async () => {
    authStore.setUser(user(false));
    const router = renderAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    await router.navigate('/experts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/experts'));
  });

  it('sends a confirmed user from /login and /verify-email to /dashboard', async () => {
    authStore.setUser(user(true));
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await router.navigate('/verify-email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('lets a signed-in user reach step 1 only when adding a company', async () => {
    authStore.setUser(user(true));
    const router = renderAt('/rechercher-entreprise');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await router.navigate('/rechercher-entreprise', { state: { addingNewCompany: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/rechercher-entreprise'));
  });

  it('serves /training and /survey/:id without sign-in', async () => {
    const router = renderAt('/training');
    await waitFor(() => expect(router.state.location.pathname).toBe('/training'));
    await router.navigate('/survey/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/survey/abc'));
  });

  it('shows a French 404 page', async () => {
    renderAt('/nulle-part');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
  });
});

describe('toast position (02 §9)', () => {
  it.each([
    ['/training-plan', 'top-right'],
    ['/training/new', 'top-right'],
    ['/training', 'top-right'],
    ['/team-survey', 'top-right'],
    ['/survey/abc', 'top-right'],
    ['/survey-results/abc', 'top-right'],
    ['/dashboard', 'bottom-right'],
    ['/rechercher-entreprise', 'bottom-right'],
  ])('%s → %s', (path, position) => {
    expect(toastPositionFor(path)).toBe(position);
  });
});
