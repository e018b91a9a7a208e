// 'Paramètres du compte' (02 §2.20, §5, §7.1, §8; issue 29 item 4, issue 28 item 5): the current
// password only for a password or e-mail change; name and phone saved locally online or offline;
// what was typed kept when the dialog closes; the two-address e-mail change explained.
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
      <button onClick={() => setOpen(false)}>quitter la page</button>
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
  return openedDialog();
}

async function openedDialog() {
  const dialog = await screen.findByRole('dialog', { name: 'Paramètres du compte' });
  await within(dialog).findByLabelText(/Nom complet/);
  return dialog;
}

const draftOf = async () =>
  (await db.reference_cache.get(`settings-draft:${USER.id}`))?.value ?? null;

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
  it('shows every field prefilled, the password section, the e-mail rule; no current password until it is needed', async () => {
    const dialog = await renderModal();
    expect(within(dialog).getByLabelText(/Nom complet/)).toHaveValue('Camille Martin');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue(USER.email);
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAccessibleDescription(
      /un lien est envoyé à votre adresse actuelle et un autre à la nouvelle/,
    );
    expect(within(dialog).getByLabelText('Téléphone (optionnel)')).toHaveValue('06 12 34 56 78');
    const section = within(dialog).getByRole('group', { name: 'Changer le mot de passe' });
    expect(within(dialog).getByLabelText('Nouveau mot de passe (optionnel)')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    expect(within(dialog).getByLabelText('Confirmer le nouveau mot de passe')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Mot de passe actuel/)).toBeNull();

    // A new password, or another address: the current password is asked, outside the section.
    type(dialog, /Nouveau mot de passe/, 'nouveauMotDePasse');
    const current = within(dialog).getByLabelText(/Mot de passe actuel/);
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAccessibleDescription(
      'Nécessaire pour changer votre adresse e-mail ou votre mot de passe.',
    );
    expect(section).not.toContainElement(current);
    type(dialog, /Nouveau mot de passe/, '');
    expect(within(dialog).queryByLabelText(/Mot de passe actuel/)).toBeNull();
    type(dialog, /^Email/, 'nouvelle@exemple.fr');
    expect(within(dialog).getByLabelText(/Mot de passe actuel/)).toBeInTheDocument();

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
    expect(await db.outbox.count()).toBe(0);
  });

  it('checks the new password: 8 characters, equal to its confirmation, and the current one given', async () => {
    const dialog = await renderModal();
    type(dialog, /Nouveau mot de passe/, 'court');
    save(dialog);
    expect(
      await within(dialog).findByText(
        'Le nouveau mot de passe doit contenir au moins 8 caractères',
      ),
    ).toBeInTheDocument();
    type(dialog, /Nouveau mot de passe/, 'assezLong123');
    type(dialog, /Confirmer/, 'assezLong123');
    save(dialog);
    expect(
      await within(dialog).findByText('Le mot de passe actuel est requis'),
    ).toBeInTheDocument();
    type(dialog, /Confirmer/, 'different123');
    type(dialog, /Mot de passe actuel/, 'ancienMotDePasse');
    save(dialog);
    const confirm = within(dialog).getByLabelText('Confirmer le nouveau mot de passe');
    await waitFor(() =>
      expect(confirm).toHaveAccessibleDescription('Les mots de passe ne correspondent pas'),
    );
    expect(deps.signIn).not.toHaveBeenCalled();
  });

  it('a name or phone change needs no password: saved locally (synced later), online or offline', async () => {
    for (const online of [true, false]) {
      deps.isOnline.mockReturnValue(online);
      const dialog = await (online ? renderModal() : reopen());
      const name = online ? 'Camille Durand' : 'Camille Hors Ligne';
      type(dialog, /Nom complet/, name);
      type(dialog, /Téléphone/, '');
      save(dialog);
      expect(await screen.findAllByText('Profil mis à jour avec succès')).not.toHaveLength(0);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await db.profiles.get(USER.id)).toMatchObject({
        contact_name: name,
        contact_phone: null,
      });
    }
    const mutations = await db.outbox.toArray();
    expect(mutations.length).toBeGreaterThanOrEqual(1);
    expect(mutations.every((m) => m.table === 'profiles' && m.row_id === USER.id)).toBe(true);
    expect(deps.signIn).not.toHaveBeenCalled();
    expect(deps.updateAuthUser).not.toHaveBeenCalled();
    expect(await draftOf()).toBeNull();
  });

  it("refuses a wrong current password: 'Mot de passe actuel incorrect', nothing changed", async () => {
    deps.signIn.mockResolvedValue({
      ok: false,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const dialog = await renderModal();
    type(dialog, /Nom complet/, 'Camille Durand');
    type(dialog, /Nouveau mot de passe/, 'nouveauMotDePasse');
    type(dialog, /Confirmer/, 'nouveauMotDePasse');
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

  it('changes the password only when given, the e-mail only when changed, and says both links are needed', async () => {
    const dialog = await renderModal();
    type(dialog, /^Email/, 'nouvelle@exemple.fr');
    type(dialog, /Nouveau mot de passe/, 'nouveauMotDePasse');
    type(dialog, /Confirmer/, 'nouveauMotDePasse');
    type(dialog, /Mot de passe actuel/, 'bonMotDePasse');
    save(dialog);
    expect(await screen.findByText('Profil mis à jour avec succès')).toBeInTheDocument();
    expect(deps.updateAuthUser.mock.calls).toEqual([
      [{ password: 'nouveauMotDePasse' }],
      [{ email: 'nouvelle@exemple.fr' }],
    ]);
    expect(
      await screen.findByText(
        "Pour changer d'adresse, ouvrez le lien envoyé à votre adresse actuelle et celui envoyé à nouvelle@exemple.fr : l'adresse de votre compte changera quand les deux auront été ouverts.",
      ),
    ).toBeInTheDocument();
    // Nothing of the profile changed: nothing written locally.
    expect(await db.outbox.count()).toBe(0);
  });

  it("maps the server's refusal codes to French, never showing its English words", async () => {
    deps.updateAuthUser.mockResolvedValueOnce({
      ok: false,
      code: 'weak_password',
      message: 'Password is too weak',
    });
    const dialog = await renderModal();
    type(dialog, /Nouveau mot de passe/, 'nouveauMotDePasse');
    type(dialog, /Confirmer/, 'nouveauMotDePasse');
    type(dialog, /Mot de passe actuel/, 'bonMotDePasse');
    save(dialog);
    expect(
      await screen.findByText(
        'Ce mot de passe est trop courant et facile à deviner. Choisissez-en un autre, plus personnel.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Password is too weak')).toBeNull();
    deps.updateAuthUser.mockResolvedValueOnce({ ok: true, data: { email: USER.email } });
    deps.updateAuthUser.mockResolvedValueOnce({
      ok: false,
      code: 'user_already_exists',
      message: 'A user with this email address has already been registered',
    });
    type(dialog, /^Email/, 'prise@exemple.fr');
    save(dialog);
    expect(within(dialog).getByLabelText(/^Email/)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Email/)).toHaveAccessibleDescription(
        /déjà utilisée par un autre compte/,
      ),
    );
  });

  it('offline with a password or e-mail change: the name is saved, the rest waits for a connection, nothing typed is lost', async () => {
    deps.isOnline.mockReturnValue(false);
    const dialog = await renderModal();
    type(dialog, /Nom complet/, 'Camille Durand');
    type(dialog, /^Email/, 'nouvelle@exemple.fr');
    type(dialog, /Mot de passe actuel/, 'bonMotDePasse');
    save(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Nom et téléphone enregistrés sur cet appareil. Le changement d'adresse e-mail ou de mot de passe demande une connexion",
    );
    expect(deps.signIn).not.toHaveBeenCalled();
    expect((await db.profiles.get(USER.id))?.contact_name).toBe('Camille Durand');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('nouvelle@exemple.fr');
    expect(within(dialog).getByLabelText(/Mot de passe actuel/)).toHaveValue('bonMotDePasse');
  });

  it('the offline answer appears beside « Enregistrer », scrolled into view and announced (issue 16 item 4)', async () => {
    deps.isOnline.mockReturnValue(false);
    const scrolled: Element[] = [];
    const scrollIntoView = vi
      .spyOn(Element.prototype, 'scrollIntoView')
      .mockImplementation(function (this: Element) {
        scrolled.push(this);
      });
    try {
      const dialog = await renderModal();
      type(dialog, /Nouveau mot de passe/, 'nouveauMotDePasse');
      type(dialog, /Confirmer/, 'nouveauMotDePasse');
      type(dialog, /Mot de passe actuel/, 'bonMotDePasse');
      const button = within(dialog).getByRole('button', { name: 'Enregistrer' });
      button.focus();
      save(dialog);
      const alert = await within(dialog).findByRole('alert');
      expect(alert.nextElementSibling).toBe(button.closest('.settings-actions'));
      expect(scrolled.some((e) => e.contains(alert) && e.contains(button))).toBe(true);
      expect(button).toHaveAccessibleDescription(alert.textContent!);
      expect(document.activeElement).toBe(button);
    } finally {
      scrollIntoView.mockRestore();
    }
  });

  it('a network failure during the check: the name is kept and saved, the rest waits', async () => {
    deps.signIn.mockResolvedValue({ ok: false, code: 'network', message: 'Failed to fetch' });
    const dialog = await renderModal();
    type(dialog, /Nouveau mot de passe/, 'nouveauMotDePasse');
    type(dialog, /Confirmer/, 'nouveauMotDePasse');
    type(dialog, /Mot de passe actuel/, 'bonMotDePasse');
    save(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('demande une connexion');
    expect(within(dialog).queryByText('Mot de passe actuel incorrect')).toBeNull();
    expect(deps.updateAuthUser).not.toHaveBeenCalled();
  });
});

async function reopen() {
  fireEvent.click(screen.getByRole('button', { name: 'ouvrir' }));
  return openedDialog();
}

describe('what was typed survives the dialog closing (issue 29 item 4)', () => {
  it('closed by its icon or by leaving the page, offline or not: the typed fields come back (never a password), until discarded', async () => {
    deps.isOnline.mockReturnValue(false);
    let dialog = await renderModal();
    type(dialog, /Nom complet/, 'Camille Brouillon');
    type(dialog, /^Email/, 'brouillon@exemple.fr');
    type(dialog, /Mot de passe actuel/, 'secret-jamais-garde');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(async () =>
      expect(await draftOf()).toEqual({
        contact_name: 'Camille Brouillon',
        contact_email: 'brouillon@exemple.fr',
        contact_phone: '06 12 34 56 78',
      }),
    );
    expect(JSON.stringify(await draftOf())).not.toContain('secret');

    dialog = await reopen();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Vos modifications non enregistrées ont été reprises.',
    );
    expect(within(dialog).getByLabelText(/Nom complet/)).toHaveValue('Camille Brouillon');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('brouillon@exemple.fr');
    expect(within(dialog).getByLabelText(/Mot de passe actuel/)).toHaveValue('');
    // Leaving the page (the dialog unmounts) keeps the latest keystrokes too.
    type(dialog, /Téléphone/, '07 00 00 00 00');
    fireEvent.click(screen.getByRole('button', { name: 'quitter la page' }));
    await waitFor(async () =>
      expect(await draftOf()).toMatchObject({ contact_phone: '07 00 00 00 00' }),
    );

    dialog = await reopen();
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Revenir aux valeurs enregistrées' }),
    );
    expect(within(dialog).getByLabelText(/Nom complet/)).toHaveValue('Camille Martin');
    await waitFor(async () => expect(await draftOf()).toBeNull());
  });

  it('« Annuler » discards what was typed; a save forgets the draft', async () => {
    let dialog = await renderModal();
    type(dialog, /Nom complet/, 'Camille Annulée');
    await waitFor(async () => expect(await draftOf()).not.toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(async () => expect(await draftOf()).toBeNull());
    dialog = await reopen();
    expect(within(dialog).getByLabelText(/Nom complet/)).toHaveValue('Camille Martin');
    expect(within(dialog).queryByRole('status')).toBeNull();

    type(dialog, /Nom complet/, 'Camille Enregistrée');
    await waitFor(async () => expect(await draftOf()).not.toBeNull());
    save(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(await draftOf()).toBeNull());
  });
});
