// Step 3 (01 §2, §4, §5, §8): the account form's rules, contactFormData without passwords, and the
// sign-up sequence with its outcomes (success, existing account, profile failure).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildReferralLink } from '@/domain/links';
import type * as SupabaseModule from '@/lib/supabase';
import type * as AuthModule from '@/lib/auth';

const rpc = vi.hoisted(() => vi.fn());
const signUpWithEmail = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase', async (importOriginal) => ({
  ...(await importOriginal<typeof SupabaseModule>()),
  getSupabase: async () => ({ rpc }),
}));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  signUpWithEmail,
}));

const { CreateAccountPage } = await import('@/features/onboarding/pages/create-account-page');

const company = {
  forme_juridique: 'SARL',
  isIdcc: true,
  siren: '978961233',
  siret: '97896123300951',
  companyName: 'ALTÉA SYSTÈMES',
  companyAddress: '65 avenue de la République 73000 CHAMBÉRY',
  codeNaf: '62.02A',
  idcc: ['1486'],
};
const pending = {
  company_name: company.companyName,
  company_address: company.companyAddress,
  company_siret: company.siret,
  code_naf: '62.02A',
  idcc: '1486',
  employee_range_min: 1,
  employee_range_max: 10,
  budget_type: 'TOTAL',
  budget_legal: null,
  budget_convention: null,
  budget_total: 3000,
  budget_condition: null,
  opco_name: 'Atlas',
  taux_prise_en_charge: 100,
};
const ref = new URL(
  buildReferralLink('https://x.fr', '22222222-2222-4222-8222-222222222222'),
).searchParams.get('ref')!;

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/creer-compte', element: <CreateAccountPage /> },
      { path: '/verify-email', element: <p>vérification</p> },
      { path: '/login', element: <p>connexion</p> },
      { path: '/informations-entreprise', element: <p>étape 2</p> },
      { path: '/rechercher-entreprise', element: <p>étape 1</p> },
    ],
    {
      initialEntries: [
        '/rechercher-entreprise',
        { pathname: '/creer-compte', state: { company, addingNewCompany: true } },
      ],
      initialIndex: 1,
    },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  overrides: { email?: string; confirm?: string } = {},
) {
  await user.type(screen.getByLabelText(/Prénom/), 'Camille');
  await user.type(screen.getByLabelText(/^Nom/), 'Martin');
  await user.type(
    screen.getByLabelText(/Email professionnel/),
    overrides.email ?? 'camille@exemple.fr',
  );
  await user.type(screen.getByLabelText(/Téléphone/), '06 12 34 56 78');
  await user.selectOptions(screen.getByLabelText(/Votre rôle/), 'RH');
  await user.type(screen.getByLabelText(/^Mot de passe/), 'MotDePasse123!');
  await user.type(
    screen.getByLabelText(/Confirmer le mot de passe/),
    overrides.confirm ?? 'MotDePasse123!',
  );
  await user.click(screen.getByLabelText("J'accepte les conditions générales d'utilisation"));
}

beforeEach(() => {
  localStorage.clear();
  rpc.mockReset();
  signUpWithEmail.mockReset();
  localStorage.setItem('selectedCompany', JSON.stringify(company));
  localStorage.setItem('pendingSimulation', JSON.stringify(pending));
  localStorage.setItem('referralId', ref);
});

describe('account form (01 §5)', () => {
  it('shows every documented message and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText(/Téléphone/), '12345');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'court');
    await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'autre');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    for (const message of [
      'Le nom est requis',
      'Email invalide',
      'Le numéro de téléphone doit être au format français (ex: 06 12 34 56 78)',
      'Veuillez sélectionner votre rôle',
      'Le mot de passe doit contenir au moins 8 caractères',
      "Vous devez accepter les conditions générales d'utilisation",
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/Prénom/)).toHaveFocus();
    expect(rpc).not.toHaveBeenCalled();
    // Once the rest is valid, the confirmation is checked.
    await fill(user, { confirm: 'x' });
    await user.clear(screen.getByLabelText(/Téléphone/));
    await user.clear(screen.getByLabelText(/^Mot de passe/));
    await user.type(screen.getByLabelText(/^Mot de passe/), 'MotDePasse123!');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
  });

  it('keeps the contact data as typed, never the passwords', async () => {
    const user = userEvent.setup();
    renderPage();
    await fill(user);
    const stored = localStorage.getItem('contactFormData')!;
    expect(JSON.parse(stored)).toEqual({
      name: 'Camille',
      lastName: 'Martin',
      email: 'camille@exemple.fr',
      phone: '06 12 34 56 78',
      role: 'RH',
      acceptTerms: true,
    });
    expect(stored).not.toContain('MotDePasse');
  });

  it('without a first simulation, starts again from the search', async () => {
    localStorage.removeItem('pendingSimulation');
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rechercher-entreprise'));
  });
});

describe('sign-up sequence (01 §4, §8)', () => {
  it('checks the e-mail, signs up with the metadata, then goes to /verify-email replacing the entry', async () => {
    rpc.mockResolvedValue({ data: false, error: null });
    signUpWithEmail.mockResolvedValue({ ok: true, data: { user: { id: 'u1' } } });
    const user = userEvent.setup();
    const router = renderPage();
    await fill(user, { email: 'Camille@Exemple.fr' });
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(rpc).toHaveBeenCalledWith('profile_exists_for_email', { p_email: 'camille@exemple.fr' });
    const call = signUpWithEmail.mock.calls[0]![0];
    expect(call).toMatchObject({
      email: 'camille@exemple.fr',
      password: 'MotDePasse123!',
      emailRedirectTo: `${window.location.origin}/confirmer-email`,
      metadata: {
        contact_name: 'Camille Martin',
        contact_email: 'camille@exemple.fr',
        contact_phone: '06 12 34 56 78',
        contact_role: 'RH',
        company_siret: company.siret,
        code_naf: '62.02A',
        referral_id: ref,
        pending_simulation: { ...pending, id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      },
    });
    expect(router.state.location.state).toEqual({ email: 'camille@exemple.fr', justSent: true });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('pendingSimulation')).toBeNull();
    expect(
      await screen.findByText('Inscription réussie ! Veuillez vérifier votre email.'),
    ).toBeInTheDocument();
  });

  it('an existing account: info toast and /login with the e-mail and ref', async () => {
    rpc.mockResolvedValue({ data: true, error: null });
    const user = userEvent.setup();
    const router = renderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ email: 'camille@exemple.fr', ref });
    expect(signUpWithEmail).not.toHaveBeenCalled();
    expect(
      await screen.findByText('Un compte existe déjà avec cet email. Veuillez vous connecter.'),
    ).toBeInTheDocument();
  });

  it.each([
    [
      { ok: false, code: 'user_already_exists', message: 'User already registered' },
      'Un compte existe déjà avec cet email. Veuillez vous connecter.',
    ],
    [
      { ok: false, code: 'unknown', message: 'Database error saving new user' },
      'Erreur lors de la création du profil',
    ],
    [{ ok: true, data: { user: null } }, 'Erreur lors de la création du compte'],
    [{ ok: false, code: 'unknown', message: 'Something else' }, "Erreur lors de l'inscription"],
  ])('maps %j to its message', async (answer, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    rpc.mockResolvedValue({ data: false, error: null });
    signUpWithEmail.mockResolvedValue(answer);
    const user = userEvent.setup();
    renderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(localStorage.getItem('pendingSimulation')).not.toBeNull();
  });
});
