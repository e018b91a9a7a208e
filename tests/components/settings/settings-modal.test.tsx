import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import type { LocalDb } from '@/db';
import type { AuthResult } from '@/lib/auth';
import { SettingsModal } from '@/features/settings/components/settings-modal';
import type { SettingsDeps } from '@/features/settings/hooks/submit-settings';
import { dropDb, freshDb, resetUiState, seedProfile, USER, withDb } from '../shell/helpers';

const ok = <T,>(data: T): AuthResult<T> => ({ ok: true, data });

let db: LocalDb;
let deps: { [K in keyof SettingsDeps]: ReturnType<typeof vi.fn> };

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>ouvrir</button>
      <SettingsModal
        open={open}
        onClose={() => setOpen(false)}
        userId={USER.id}
        authEmail={USER.email}
        fallbackName="Camille"
        deps={deps as unknown as Partial<SettingsDeps>}
      />
      <Toaster />
    </>
  );
}

async function renderModal() {
  render(withDb(db, <Harness />));
  const dialog = await screen.findByRole('dialog', { name: 'Paramètres du compte' });
  await within(dialog).findByLabelText(/Nom complet/);
  return dialog;
}

function type(dialog: HTMLElement, label: RegExp, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

const save = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

beforeEach(async () => {
  resetUiState();
  db = freshDb();
  await seedProfile(db, USER.id, {
    contact_name: 'Camille Martin',
    contact_email: USER.email,
    contact_phone: '06 12 34 56 78',
  });
  deps = {
    isOnline: vi.fn(() => true),
    signIn: vi.fn(async () => ok({})),
    updateAuthUser: vi.fn(async (attrs: { email?: string }) =>
      ok({ email: attrs.email ? USER.email : USER.email }),
    ),
    updateProfile: undefined as unknown as ReturnType<typeof vi.fn>,
  };
  delete (deps as Partial<typeof deps>).updateProfile; // the real local store
});
afterEach(async () => {
  await dropDb(db);
});

describe("'Paramètres du compte' (02 §2.20)", () => {
  it('shows every field, prefilled from the profile, the password section and the buttons', async () => {
    const dialog = await renderModal();
    expect(within(dialog).getByLabelText(/Nom complet/)).toHaveValue('Camille Martin');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue(USER.email);
    expect(within(dialog).getByLabelText('Téléphone (optionnel)')).toHaveValue('06 12 34 56 78');
    expect(
      within(dialog).getByRole('group', { name: 'Changer le mot de passe' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Mot de passe actuel/)).toHaveAttribute(
      'type',
      'password',
    );
    expect(within(dialog).getByLabelText('Nouveau mot de passe (optionnel)')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    expect(within(dialog).getByLabelText('Confirmer le nouveau mot de passe')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the validation messages of 02 §5 and calls nothing', async () => {
    const dialog = await renderModal();
    type(dialog, /Nom complet/, '');
    type(dialog, /^Email/, 'pas-un-email');
    type(dialog, /Téléphone/, '12345');
    save(dialog);
    expect(await within(dialog).findByText('Le nom est requis')).toBeInTheDocument();
    expect(within(dialog).getByText('Email invalide')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Le numéro de téléphone doit être au format français (ex: 06 12 34 56 78)',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Le mot de passe actuel est requis')).toBeInTheDocument();
    expect(deps.signIn).not.toHaveBeenCalled();
  });

  it('checks the new password: 8 characters, then equal to its confirmation', async () => {
    const dialog = await renderModal();
    type(dialog, /Mot de passe actuel/, 'ancienMotDePasse');
    type(dialog, /Nouveau mot de passe/, 'court');
    save(dialog);
    expect(
      await within(dialog).findByText(
        'Le nouveau mot de passe doit contenir au moins 8 caractères',
      ),
    ).toBeInTheDocument();
    type(dialog, /Nouveau mot de passe/, 'assezLong123');
    type(dialog, /Confirmer/, 'different123');
    save(dialog);
    const confirm = within(dialog).getByLabelText('Confirmer le nouveau mot de passe');
    await waitFor(() =>
      expect(confirm).toHaveAccessibleDescription('Les mots de passe ne correspondent pas'),
    );
    expect(deps.signIn).not.toHaveBeenCalled();
  });

  it("refuses a wrong current password: 'Mot de passe actuel incorrect', nothing changed", async () => {
    deps.signIn.mockResolvedValue({
      ok: false,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const dialog = await renderModal();
    type(dialog, /Nom complet/, 'Camille Durand');
    type(dialog, /Mot de passe actuel/, 'mauvais');
    save(dialog);
    await waitFor(() =>
      expect(screen.getAllByText('Mot de passe actuel incorrect')).toHaveLength(2),
    ); // field + toast
    expect(within(dialog).getByLabelText(/Mot de passe actuel/)).toHaveAccessibleDescription(
      /Mot de passe actuel incorrect/,
    );
    expect(deps.signIn).toHaveBeenCalledWith(USER.email, 'mauvais');
    expect(deps.updateAuthUser).not.toHaveBeenCalled();
    expect((await db.profiles.get(USER.id))?.contact_name).toBe('Camille Martin');
    expect(await db.outbox.count()).toBe(0);
    expect(within(dialog).getByLabelText(/Nom complet/)).toHaveValue('Camille Durand');
  });

  it('saves the profile locally (synced later), no auth update when neither password nor e-mail changed', async () => {
    const dialog = await renderModal();
    type(dialog, /Nom complet/, 'Camille Durand');
    type(dialog, /Téléphone/, '');
    type(dialog, /Mot de passe actuel/, 'bonMotDePasse');
    save(dialog);
    expect(await screen.findByText('Profil mis à jour avec succès')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const profile = await db.profiles.get(USER.id);
    expect(profile).toMatchObject({ contact_name: 'Camille Durand', contact_phone: null });
    const [mutation] = await db.outbox.toArray();
    expect(mutation).toMatchObject({ table: 'profiles', op: 'update', row_id: USER.id });
    expect(Object.keys(mutation!.fields).sort()).toEqual(['contact_name', 'contact_phone']);
    expect(deps.updateAuthUser).not.toHaveBeenCalled();
  });

  it('changes the password only when given, the e-mail only when changed, and says a confirmation was sent', async () => {
    const dialog = await renderModal();
    type(dialog, /^Email/, 'nouvelle@exemple.fr');
    type(dialog, /Mot de passe actuel/, 'bonMotDePasse');
    type(dialog, /Nouveau mot de passe/, 'nouveauMotDePasse');
    type(dialog, /Confirmer/, 'nouveauMotDePasse');
    save(dialog);
    expect(await screen.findByText('Profil mis à jour avec succès')).toBeInTheDocument();
    expect(deps.updateAuthUser.mock.calls).toEqual([
      [{ password: 'nouveauMotDePasse' }],
      [{ email: 'nouvelle@exemple.fr' }],
    ]);
    expect(
      await screen.findByText(
        'Un email de confirmation vous a été envoyé : la nouvelle adresse nouvelle@exemple.fr sera active après validation du lien.',
      ),
    ).toBeInTheDocument();
  });

  it("maps the server's refusal codes to French, never showing its English words", async () => {
    deps.updateAuthUser.mockResolvedValueOnce({
      ok: false,
      code: 'weak_password',
      message: 'Password is too weak',
    });
    const dialog = await renderModal();
    type(dialog, /Mot de passe actuel/, 'bonMotDePasse');
    type(dialog, /Nouveau mot de passe/, 'nouveauMotDePasse');
    type(dialog, /Confirmer/, 'nouveauMotDePasse');
    save(dialog);
    expect(
      await screen.findByText(
        'Ce mot de passe est trop courant et facile à deviner. Choisissez-en un autre, plus personnel.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Password is too weak')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    deps.updateAuthUser.mockResolvedValueOnce({
      ok: false,
      code: 'unknown',
      message: 'Database error',
    });
    save(dialog);
    expect(await screen.findByText('Erreur lors de la mise à jour du profil')).toBeInTheDocument();
  });

  it('offline: says the check needs a connection, keeps what was typed, sends nothing', async () => {
    deps.isOnline.mockReturnValue(false);
    const dialog = await renderModal();
    type(dialog, /Nom complet/, 'Camille Durand');
    type(dialog, /Mot de passe actuel/, 'bonMotDePasse');
    save(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Vous êtes hors ligne : la vérification de votre mot de passe nécessite une connexion.',
    );
    expect(deps.signIn).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText(/Nom complet/)).toHaveValue('Camille Durand');
    expect(within(dialog).getByLabelText(/Mot de passe actuel/)).toHaveValue('bonMotDePasse');
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline: the explanation appears beside « Enregistrer », scrolled into view and announced (issue 16 item 4)', async () => {
    deps.isOnline.mockReturnValue(false);
    const scrolled: Element[] = [];
    const scrollIntoView = vi
      .spyOn(Element.prototype, 'scrollIntoView')
      .mockImplementation(function (this: Element) {
        scrolled.push(this);
      });
    try {
      const dialog = await renderModal();
      type(dialog, /Mot de passe actuel/, 'bonMotDePasse');
      const button = within(dialog).getByRole('button', { name: 'Enregistrer' });
      button.focus();
      save(dialog);
      const alert = await within(dialog).findByRole('alert');
      // Right above the buttons, not at the top of a scrolled form.
      expect(alert.nextElementSibling).toBe(button.closest('.settings-actions'));
      // Brought into view with the buttons.
      expect(scrolled.some((e) => e.contains(alert) && e.contains(button))).toBe(true);
      // The button says why it did nothing; the focus stays where the user is.
      expect(button).toHaveAccessibleDescription(alert.textContent!);
      expect(document.activeElement).toBe(button);
      expect(within(dialog).getAllByText(/Vous êtes hors ligne/)).toHaveLength(1);
    } finally {
      scrollIntoView.mockRestore();
    }
  });

  it('a network failure during the check is reported as offline too', async () => {
    deps.signIn.mockResolvedValue({ ok: false, code: 'network', message: 'Failed to fetch' });
    const dialog = await renderModal();
    type(dialog, /Mot de passe actuel/, 'bonMotDePasse');
    save(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Vous êtes hors ligne');
    expect(within(dialog).queryByText('Mot de passe actuel incorrect')).toBeNull();
  });
});
