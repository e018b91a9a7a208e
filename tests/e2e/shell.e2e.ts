// App shell in chromium against `npm start`: company switcher and Prendre RDV, mobile menu, the
// sync status offline and back, a conflict notice, sign-out with pending changes.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, injectSession } from './support/fixtures';
import {
  AUTH_STORAGE_KEY,
  createConfirmedUser,
  serviceClient,
  type TestUser,
} from './support/backend';
import { DEFAULT_RDV_IDCC_LIST } from '../../src/domain/opco';
import { expectSynced } from './support/sync-status';

const ELIGIBLE_IDCC = DEFAULT_RDV_IDCC_LIST[0]!;

function simulation(name: string, siret: string, idcc: string | null) {
  return {
    id: randomUUID(),
    company_name: name,
    company_siret: siret,
    company_address: `12 rue de la Paix, 75002 Paris`,
    code_naf: '6202A',
    idcc,
    employee_range_min: 10,
    employee_range_max: 49,
    budget_type: 'UNKNOWN',
  };
}

/** A signed-in user whose companies were created in this order (the last is the newest). */
async function userWithCompanies(...sims: ReturnType<typeof simulation>[]): Promise<TestUser> {
  const [first, ...others] = sims;
  const user = await createConfirmedUser(first ? { pending_simulation: first } : {});
  for (const s of others) {
    const { error } = await serviceClient()
      .from('simulations')
      .insert({ ...s, profile_id: user.id });
    if (error) throw error;
  }
  return user;
}

/** Rows of a table in the app's IndexedDB. */
const tableCount = (page: Page, table: string) =>
  page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('budget-formation');
        open.onsuccess = () => {
          const req = open.result.transaction(name).objectStore(name).count();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
        open.onerror = () => reject(open.error);
      }),
    table,
  );

const switcher = (page: Page) => page.getByRole('button', { name: /Changer d'entreprise/ });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const syncStatus = (page: Page) => page.getByTestId('sync-status');

test('switch companies: the current one drives Prendre RDV and survives a reload', async ({
  page,
}) => {
  const alpha = simulation('Alpha Conseil', '11111111100011', ELIGIBLE_IDCC);
  const beta = simulation('Bêta Industrie', '22222222200022', '9999');
  const user = await userWithCompanies(alpha, beta);
  await injectSession(page, user);
  await page.goto('/dashboard/companies');

  // pulled from the server; the newest is current
  await expect(switcher(page)).toHaveAccessibleName(/entreprise sélectionnée : Bêta Industrie/);
  await expectSynced(syncStatus(page));
  await expect(mainNav(page).getByRole('link')).toHaveText([
    'Mon budget',
    'Trouver ma formation',
    'Projet de formation',
    'Sonder mon équipe',
    'Fonctionnement',
    'Les experts',
    'ParrainageNew',
    'Mes demandes',
  ]);

  await switcher(page).click();
  await expect(switcher(page)).toHaveAttribute('aria-expanded', 'true');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: /^Alpha Conseil SIRET/ }).click();
  await expect(switcher(page)).toHaveAccessibleName(/entreprise sélectionnée : Alpha Conseil/);
  await expect(mainNav(page).getByRole('link', { name: 'Prendre RDV' })).toBeVisible();

  await page.reload();
  await expect(switcher(page)).toHaveAccessibleName(/entreprise sélectionnée : Alpha Conseil/);
  await expect(mainNav(page).getByRole('link', { name: 'Prendre RDV' })).toHaveAttribute(
    'href',
    '/meetings',
  );

  // The plan's « Prendre RDV » card follows the same rule as the menu (issue 16 item 10).
  const meetingCard = page.getByRole('main').getByRole('link', { name: 'Prendre RDV' });
  await page.goto('/training-plan');
  await expect(meetingCard).toHaveAttribute('href', '/meetings');
  await switcher(page).click();
  await page.getByRole('button', { name: /^Bêta Industrie SIRET/ }).click();
  await expect(mainNav(page).getByRole('link', { name: 'Prendre RDV' })).toHaveCount(0);
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Sonder mon équipe' }),
  ).toBeVisible();
  await expect(meetingCard).toHaveCount(0);
});

test('mobile: a menu button opens the navigation drawer; Escape closes it', async ({ page }) => {
  const user = await userWithCompanies(simulation('Alpha Conseil', '11111111100011', null));
  await page.setViewportSize({ width: 390, height: 844 });
  await injectSession(page, user);
  await page.goto('/dashboard/companies');
  const header = page.getByRole('banner');
  await expectSynced(header.getByTestId('sync-status'));
  await expect(mainNav(page)).toHaveCount(0);
  const menu = header.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('button', { name: 'Fermer le menu' })).toBeFocused();
  await expect(drawer.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(menu).toBeFocused();
  await menu.click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('link', { name: 'Mes demandes' })
    .click();
  await expect(page).toHaveURL(/\/requests$/);
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
});

test('offline: the status says so, a change waits in the outbox, sign-out warns; back online it is sent', async ({
  page,
  context,
}) => {
  const alpha = simulation('Alpha Conseil', '11111111100011', null);
  const beta = simulation('Bêta Industrie', '22222222200022', null);
  const user = await userWithCompanies(alpha, beta);
  await injectSession(page, user);
  await page.goto('/dashboard/companies');
  await expectSynced(syncStatus(page));
  await expect(syncStatus(page)).toContainText("Dernière synchronisation : aujourd'hui à");

  await context.setOffline(true);
  await expect(syncStatus(page)).toContainText('Hors ligne');
  await page.getByRole('button', { name: 'Supprimer Alpha Conseil' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Entreprise supprimée avec succès')).toBeVisible();
  await expect(syncStatus(page)).toContainText('Hors ligne · 1 modification en attente');

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Modifications non synchronisées' });
  await expect(warning).toContainText("1 modification n'a pas encore été envoyée.");
  await expectNoA11yViolations(page);
  await warning.getByRole('button', { name: 'Synchroniser puis se déconnecter' }).click();
  await expect(
    page.getByText("La synchronisation n'a pas abouti.", { exact: false }).first(),
  ).toBeVisible();
  await warning.getByRole('button', { name: 'Annuler' }).click();

  await context.setOffline(false);
  await expectSynced(syncStatus(page));
  await expect
    .poll(
      async () =>
        (await serviceClient().from('simulations').select('deleted_at').eq('id', alpha.id).single())
          .data?.deleted_at ?? null,
    )
    .not.toBeNull();

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // this user's rows are removed from the device (the clearing finishes after the redirect)
  await expect.poll(() => tableCount(page, 'simulations')).toBe(0);
});

test('delete versus edit: the deletion is applied and the other device’s edit is shown, restorable', async ({
  page,
  context,
}) => {
  const alpha = simulation('Alpha Conseil', '11111111100011', null);
  const beta = simulation('Bêta Industrie', '22222222200022', null);
  const user = await userWithCompanies(alpha, beta);
  await injectSession(page, user);
  await page.goto('/dashboard/companies');
  await expectSynced(syncStatus(page));

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Supprimer Alpha Conseil' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(syncStatus(page)).toContainText('1 modification en attente');
  // meanwhile, another device renames it
  const { error } = await serviceClient()
    .from('simulations')
    .update({ company_name: 'Alpha Conseil SAS' })
    .eq('id', alpha.id);
  expect(error).toBeNull();
  await context.setOffline(false);

  await expect(syncStatus(page)).toContainText('1 élément à vérifier');
  // The conflict's toast is still shown when the panel opens: it never covers the dialog (its
  // close button, its notice, its buttons: issue 29 item 9).
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: /vérifier|conflit/i });
  await expect(toast).toBeVisible();
  await syncStatus(page).getByRole('button').click();
  const panel = page.getByRole('dialog', { name: 'Synchronisation' });
  await expect(panel).toBeVisible();
  await expect(toast).toBeVisible();
  await expectApart(toast, panel);
  const notice = panel.getByTestId('conflict-notice');
  // The record by its name, with agreement (issue 29 item 9).
  await expect(notice).toContainText(
    /Vous avez supprimé l'entreprise « Alpha Conseil( SAS)? » qui venait d'être modifiée sur un autre appareil\./,
  );
  await expect(notice).toContainText('Alpha Conseil SAS');
  await expectNoA11yViolations(page);
  await notice.getByRole('button', { name: 'Restaurer' }).click();
  await expect(panel.getByText('Aucun conflit')).toBeVisible();
  await panel.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.getByRole('button', { name: 'Supprimer Alpha Conseil SAS' })).toBeVisible();
  await expect
    .poll(async () => {
      const { data } = await serviceClient()
        .from('simulations')
        .select('deleted_at, company_name')
        .eq('id', alpha.id)
        .single();
      return data;
    })
    .toEqual({ deleted_at: null, company_name: 'Alpha Conseil SAS' });
});

/** An access token that says it expired an hour ago (never sent: the app checks expiry first). */
function expiredToken(userId: string): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const past = Math.floor(Date.now() / 1000) - 3600;
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: userId, role: 'authenticated', aud: 'authenticated', exp: past, iat: past - 3600 })}.c2lnbmF0dXJl`;
}

test('a session that cannot be renewed: the change is kept, the user is asked to sign in again, then it is sent', async ({
  page,
  context,
}) => {
  const alpha = simulation('Alpha Conseil', '11111111100011', null);
  const beta = simulation('Bêta Industrie', '22222222200022', null);
  const user = await userWithCompanies(alpha, beta);
  await injectSession(page, user);
  await page.goto('/dashboard/companies');
  await expectSynced(syncStatus(page));
  // the page is under the service worker's control, so it reopens offline
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expectSynced(syncStatus(page));

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Supprimer Alpha Conseil' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(syncStatus(page)).toContainText('1 modification en attente');

  // Meanwhile the session is revoked (signed out everywhere) and its access token has expired.
  const { error } = await user.client.auth.signOut({ scope: 'global' });
  expect(error).toBeNull();
  await page.evaluate(
    ([key, token]) => {
      const session = JSON.parse(window.localStorage.getItem(key!)!);
      window.localStorage.setItem(
        key!,
        JSON.stringify({
          ...session,
          access_token: token,
          expires_at: Math.floor(Date.now() / 1000) - 3600,
        }),
      );
    },
    [AUTH_STORAGE_KEY, expiredToken(user.id)],
  );
  // Reopened offline (from the service worker's cache), then the connection comes back.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Supprimer Bêta Industrie' })).toBeVisible();
  await context.setOffline(false);

  const banner = page.getByRole('alert').filter({ hasText: 'Session expirée' });
  await expect(banner).toContainText(
    'Votre session a expiré. Reconnectez-vous : vos modifications sont conservées.',
  );
  await expect(page).toHaveURL(/\/login$/);
  expect(await tableCount(page, 'outbox')).toBe(1);
  await expectNoA11yViolations(page);
  expect(
    (await serviceClient().from('simulations').select('deleted_at').eq('id', alpha.id).single())
      .data?.deleted_at,
  ).toBeNull();

  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Mot de passe', { exact: false }).first().fill(user.password);
  await page.getByRole('main').getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(banner).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await serviceClient().from('simulations').select('deleted_at').eq('id', alpha.id).single())
          .data?.deleted_at ?? null,
    )
    .not.toBeNull();
});

/** Two boxes on screen that do not overlap (once both have settled: toasts and dialogs move in). */
async function expectApart(a: Locator, b: Locator): Promise<void> {
  await expect(async () => {
    const [x, y] = [await a.boundingBox(), await b.boundingBox()];
    expect(x && y).toBeTruthy();
    const overlap =
      x!.x < y!.x + y!.width &&
      y!.x < x!.x + x!.width &&
      x!.y < y!.y + y!.height &&
      y!.y < x!.y + x!.height;
    expect(overlap).toBe(false);
  }).toPass({ timeout: 3_000 });
}
