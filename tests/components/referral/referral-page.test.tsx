// /referral (02 §2.12, §4, §7.5, §8, §9): explanation, link, copy (Clipboard API and fallback),
// sharing, tracking list from the local store with the five statuses, commission and '(payée)'.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalDb, LocalDbContext, type LocalDb, type ReferralRow } from '@/db';
import { decodeReferralId } from '@/domain/links';
import { ReferralPage } from '@/features/referral/pages/referral-page';
import { authStore } from '@/lib/auth';

const USER = '0b9f6a3e-2c1d-4e5f-8a7b-6c5d4e3f2a1b';
const OTHER = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
let db: LocalDb;
let n = 0;

function referral(fields: Partial<ReferralRow>): ReferralRow {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    referrer_id: USER,
    referred_profile_id: null,
    referred_company_siret: null,
    referred_company_name: `Entreprise ${n}`,
    status: 'registered',
    commission_amount: null,
    commission_paid: false,
    created_at: `2026-0${Math.min(n, 9)}-15T10:00:00.000Z`,
    updated_at: '2026-09-15T10:00:00.000Z',
    deleted_at: null,
    sync_version: n,
    ...fields,
  } as ReferralRow;
}

function renderPage() {
  return render(
    <LocalDbContext.Provider value={db}>
      <ReferralPage />
    </LocalDbContext.Provider>,
  );
}

beforeEach(async () => {
  db = createLocalDb(`referral-test-${Math.random()}`);
  await db.open();
  authStore.setUser({ id: USER, email: 'camille@exemple.fr', emailConfirmed: true, metadata: {} });
});

afterEach(async () => {
  vi.restoreAllMocks();
  authStore.setUser(null);
  await db.delete();
});

describe('explanation and link', () => {
  it('explains the 10% commission rule', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Parrainage' })).toBeInTheDocument();
    expect(
      screen.getByText('Recommandez Budget Formation et gagnez 10% de commission'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /vous recevez 10% du montant facturé, versés une fois la formation terminée/,
      ),
    ).toBeInTheDocument();
  });

  it('shows origin + /simulation/step1?ref= base64 of the user id', () => {
    renderPage();
    const input = screen.getByLabelText('Votre lien de parrainage') as HTMLInputElement;
    expect(input).toHaveAttribute('readonly');
    const url = new URL(input.value);
    expect(url.origin).toBe(window.location.origin);
    expect(url.pathname).toBe('/simulation/step1');
    expect(url.searchParams.get('ref')).toBe(btoa(USER));
    expect(decodeReferralId(url.searchParams.get('ref'))).toBe(USER);
  });

  it("copies the link with the Clipboard API and says 'Lien copié !'", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const success = vi.spyOn(toast, 'success');
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Copier le lien' }));
    const link = (screen.getByLabelText('Votre lien de parrainage') as HTMLInputElement).value;
    expect(writeText).toHaveBeenCalledWith(link);
    expect(success).toHaveBeenCalledWith('Lien copié !');
  });

  it('selects the link when the Clipboard API is unavailable', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const info = vi.spyOn(toast, 'info');
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Copier le lien' }));
    const input = screen.getByLabelText('Votre lien de parrainage') as HTMLInputElement;
    expect(input).toHaveFocus();
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe(input.value.length);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(info).toHaveBeenCalledWith(
      'Le lien est sélectionné : copiez-le avec Ctrl+C (ou Cmd+C).',
    );
  });

  it('shares on LinkedIn and by e-mail', () => {
    renderPage();
    const link = (screen.getByLabelText('Votre lien de parrainage') as HTMLInputElement).value;
    const linkedin = screen.getByRole('link', { name: /Partager sur LinkedIn/ });
    expect(linkedin).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(link)}`,
    );
    expect(linkedin).toHaveAttribute('target', '_blank');
    expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer');
    const mail = screen.getByRole('link', { name: 'Partager par email' }).getAttribute('href')!;
    expect(mail.startsWith('mailto:?subject=')).toBe(true);
    const params = new URLSearchParams(mail.slice('mailto:?'.length));
    expect(params.get('subject')).toBe('Découvrez votre budget formation');
    expect(params.get('body')).toContain(link);
  });
});

describe('tracking list', () => {
  it('lists the referrals newest first with status labels, commission and (payée)', async () => {
    await db.referrals.bulkPut([
      referral({ referred_company_name: 'Atelier Lumière', status: 'registered' }),
      referral({ referred_company_name: 'Boulangerie Martin', status: 'survey_pending' }),
      referral({ referred_company_name: 'Cabinet Roux', status: 'survey_approved' }),
      referral({ referred_company_name: 'Domaine Petit', status: 'survey_rejected' }),
      referral({
        referred_company_name: 'Éditions Blanc',
        status: 'training_completed',
        commission_amount: 1250,
        commission_paid: true,
      }),
      referral({
        referred_company_name: 'Forge Noire',
        status: 'training_completed',
        commission_amount: 480,
        commission_paid: false,
      }),
      referral({
        referred_company_name: 'Garage Vert',
        status: 'archived' as ReferralRow['status'],
      }),
      referral({ referred_company_name: 'Autre parrain', referrer_id: OTHER }),
      referral({ referred_company_name: 'Supprimée', deleted_at: '2026-09-20T10:00:00.000Z' }),
      referral({ referred_company_name: null }),
    ]);
    renderPage();
    const tracking = screen.getByRole('region', { name: 'Suivi de vos parrainages' });
    const list = await within(tracking).findByRole('list');
    const items = within(list).getAllByRole('listitem');
    const names = items.map((li) => within(li).getByRole('heading').textContent);
    expect(names).toEqual([
      'Entreprise non renseignée',
      'Garage Vert',
      'Forge Noire',
      'Éditions Blanc',
      'Domaine Petit',
      'Cabinet Roux',
      'Boulangerie Martin',
      'Atelier Lumière',
    ]);
    const item = (name: string) => items[names.indexOf(name)]!;
    expect(item('Atelier Lumière')).toHaveTextContent('Inscrite');
    expect(item('Boulangerie Martin')).toHaveTextContent('Demande en cours');
    expect(item('Cabinet Roux')).toHaveTextContent('Demande approuvée');
    expect(item('Domaine Petit')).toHaveTextContent('Demande rejetée');
    expect(item('Éditions Blanc')).toHaveTextContent('Formation terminée');
    expect(item('Garage Vert')).toHaveTextContent('Statut inconnu');
    expect(item('Éditions Blanc')).toHaveTextContent(/Commission1\s250\s€ \(payée\)$/);
    expect(item('Forge Noire')).toHaveTextContent(/Commission480\s€$/);
    expect(item('Forge Noire')).not.toHaveTextContent('(payée)');
    expect(item('Atelier Lumière')).toHaveTextContent('À venir');
    expect(item('Atelier Lumière')).toHaveTextContent('15 janvier 2026');
    expect(screen.getByText('8 parrainages')).toBeInTheDocument();
  });

  it('shows the empty state, with the first-sync hint before any sync', async () => {
    renderPage();
    expect(await screen.findByText("Vous n'avez pas encore de parrainage.")).toBeInTheDocument();
    expect(
      screen.getByText('Votre suivi apparaîtra ici après la première synchronisation.'),
    ).toBeInTheDocument();
  });

  it("says 'Erreur lors du chargement des données' when the local store cannot be read", async () => {
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // IndexedDB failing under the read (e.g. UnknownError on a damaged store).
    vi.spyOn(db, 'synced').mockImplementation(() => {
      throw new Error('UnknownError: internal error opening backing store');
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors du chargement des données',
    );
    expect(error).toHaveBeenCalledWith('Erreur lors du chargement des données');
    // The link stays usable.
    expect(screen.getByRole('button', { name: 'Copier le lien' })).toBeInTheDocument();
  });

  it('follows the store live (a pull adds a row)', async () => {
    renderPage();
    await screen.findByText("Vous n'avez pas encore de parrainage.");
    await db.referrals.put(
      referral({ referred_company_name: 'Nouvelle SARL', status: 'survey_pending' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Nouvelle SARL' })).toBeInTheDocument(),
    );
  });
});
