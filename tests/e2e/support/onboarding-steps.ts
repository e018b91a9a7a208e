// Steps of the onboarding wizard, shared by the onboarding and auth end-to-end tests.
import { expect, type Page } from '@playwright/test';

export const SAMPLE = {
  /** NAF 62.02A -> IDCC 1486 suggested; bands 1-10, 11-49, 50-299, 300+ */
  altea: { query: 'ALTÉA', name: 'ALTÉA SYSTÈMES', siret: '97896123300951' },
  /** no NAF code in the registry */
  noNaf: { query: 'LEGRAND', name: 'LEGRAND & BLANC', siret: '93221285500518' },
} as const;

export const PASSWORD = 'MotDePasse123!';

export function companyCombobox(page: Page) {
  return page.getByRole('combobox', { name: "Nom de l'entreprise ou numéro SIRET" });
}

/** Types a query, waits for the suggestions, picks `name` with the keyboard. */
export async function searchAndPick(page: Page, query: string, name: string): Promise<void> {
  const input = companyCombobox(page);
  await input.click();
  await input.fill(query);
  const listbox = page.getByRole('listbox', { name: 'Entreprises correspondantes' });
  await expect(listbox).toBeVisible();
  const options = listbox.getByRole('option');
  await expect(options.filter({ hasText: name })).toHaveCount(1);
  const count = await options.count();
  let index = -1;
  for (let i = 0; i < count; i++) {
    if ((await options.nth(i).textContent())?.includes(name)) index = i;
  }
  expect(index, `${name} among the suggestions`).toBeGreaterThanOrEqual(0);
  await expect(input).toBeFocused();
  for (let i = 0; i <= index; i++) await input.press('ArrowDown');
  await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/informations-entreprise$/);
}

export function agreementSelect(page: Page) {
  return page.getByLabel('Convention collective');
}

export function bandSelect(page: Page) {
  return page.getByLabel('nbr de salariés hors alternant');
}

/** Waits for the preselected agreement and its bands, then picks a band. */
export async function chooseBand(page: Page, label: string): Promise<void> {
  await expect(bandSelect(page)).toBeEnabled();
  await bandSelect(page).selectOption({ label });
}

export async function fillAccount(
  page: Page,
  values: { firstName?: string; lastName?: string; email: string; phone?: string; role?: string },
): Promise<void> {
  await page.getByLabel('Prénom').fill(values.firstName ?? 'Camille');
  await page.getByLabel('Nom', { exact: true }).fill(values.lastName ?? 'Martin');
  await page.getByLabel('Email professionnel').fill(values.email);
  if (values.phone) await page.getByLabel('Téléphone (optionnel)').fill(values.phone);
  await page.getByLabel('Votre rôle').selectOption(values.role ?? 'RH');
  await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
  await page.getByLabel("J'accepte les conditions générales d'utilisation").check();
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/**
 * Signs `email` up through the wizard (ALTÉA SYSTÈMES, 11 to 49 employees, PASSWORD) in this
 * browser, which keeps the PKCE code verifier; ends on /verify-email.
 */
export async function signUpThroughWizard(page: Page, email: string): Promise<void> {
  await page.goto('/rechercher-entreprise');
  await searchAndPick(page, SAMPLE.altea.query, SAMPLE.altea.name);
  await chooseBand(page, '11 à 49 salariés');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/creer-compte$/);
  await fillAccount(page, { email });
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
}
