// Experts directory end to end (02 §2.11, §7.5, §9) on the embedded default: the local sample
// directory (no Algolia configured), sample portraits probed with HEAD, offline after a first
// visit. Also the public 'Fonctionnement' page (02 §2.13).
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { NO_FILTERS, type ExpertFilters } from '../../src/domain/experts';
import { deName } from '../../src/domain/french-elision';
import { expertsDatasetSchema } from '../../src/lib/expert-search/dataset-schema';
import { createLocalAdapter } from '../../src/lib/expert-search/local';
import { expect, expectNoA11yViolations, test } from './support/fixtures';

const dataset = expertsDatasetSchema.parse(
  JSON.parse(readFileSync('public/data/experts-sample.json', 'utf8')),
);
const reference = createLocalAdapter(dataset);
function expected(query: string, filters: ExpertFilters = NO_FILTERS) {
  const result = reference.searchSync({ query, filters, page: 0 });
  return { ...result, nbHits: result.nbHits ?? 0 };
}
const countText = (n: number) => (n === 1 ? '1 expert trouvé' : `${n} experts trouvés`);

const cards = (page: Page) => page.getByRole('article');
const results = (page: Page) => page.locator('.experts-results');

test('search, filter and page through the sample directory', async ({ signedInPage: page }) => {
  await page.goto('/experts');
  await expect(page.getByRole('heading', { level: 1, name: 'Les experts' })).toBeVisible();
  await expect(
    page.getByText("Données d'exemple : les experts présentés ici sont fictifs."),
  ).toBeVisible();
  await expect(results(page).getByText(countText(dataset.experts.length))).toBeVisible();
  // The headline states the directory's own size, in agreement with the count (issue 16 item 11).
  await expect(page.getByText(`${dataset.experts.length} experts pour vous former`)).toBeVisible();
  await expect(cards(page)).toHaveCount(6);

  // Sample portraits (HEAD probe on /images/experts) for the first twelve, initials after.
  const first = dataset.experts[0]!;
  const firstCard = page.getByRole('article', { name: first.firstname }).first();
  await expect(
    firstCard.getByRole('img', { name: `Photo ${deName(first.firstname)}` }),
  ).toHaveAttribute('src', `/images/experts/${first.id}.svg`);
  await expectNoA11yViolations(page);

  // 'Voir plus': 6 more each time; the focus goes to the first new card.
  await page.getByRole('button', { name: 'Voir plus' }).click();
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).nth(6).getByRole('heading')).toBeFocused();
  await page.getByRole('button', { name: 'Voir plus' }).click();
  await expect(cards(page)).toHaveCount(18);
  await expect(cards(page).nth(12).getByTestId('expert-initials')).toBeVisible();
  await expect(cards(page).nth(12).getByRole('img')).toHaveCount(0);

  // Search (accents folded), back to the first page.
  const query = 'negociation';
  const searched = expected(query);
  expect(searched.nbHits).toBeGreaterThan(6);
  await page.getByLabel('Rechercher un expert').fill(query);
  await expect(results(page).getByText(countText(searched.nbHits))).toBeVisible();
  await expect(cards(page)).toHaveCount(6);
  await expect(page).toHaveURL(/[?&]q=negociation/);

  // Filters with counts: Secteur d'activité, then Marché (AND).
  await page.getByRole('button', { name: 'Afficher les filtres' }).click();
  const sector = page.getByRole('combobox', { name: "Secteur d'activité" });
  const market = page.getByRole('combobox', { name: 'Marché' });
  const [topSector, topSectorCount] = Object.entries(searched.facets.sector!)[0]!;
  await expect(
    sector.getByRole('option', { name: `${topSector} (${topSectorCount})` }),
  ).toHaveCount(1);
  await sector.selectOption(topSector);
  await expect(results(page).getByText(countText(topSectorCount))).toBeVisible();
  const bySector = expected(query, { sector: topSector, market: null });
  const [topMarket, topMarketCount] = Object.entries(bySector.facets.market!)[0]!;
  await expect(
    market.getByRole('option', { name: `${topMarket} (${topMarketCount})` }),
  ).toHaveCount(1);
  await market.selectOption(topMarket);
  await expect(results(page).getByText(countText(topMarketCount))).toBeVisible();
  const both = expected(query, { sector: topSector, market: topMarket });
  await expect(cards(page)).toHaveCount(Math.min(6, both.nbHits));
  await expect(page.getByText('2 filtres actifs')).toBeVisible();
  await expectNoA11yViolations(page);

  // Nothing found.
  await page.getByLabel('Rechercher un expert').fill('zzqxw');
  await expect(page.getByText('Aucun expert trouvé')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);

  // The search survives a reload (kept in the address).
  await page.getByRole('button', { name: 'Effacer les filtres' }).click();
  await page.getByLabel('Rechercher un expert').fill('python');
  await expect(results(page).getByText(countText(expected('python').nbHits))).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Rechercher un expert')).toHaveValue('python');
  await expect(results(page).getByText(countText(expected('python').nbHits))).toBeVisible();
});

test('the directory works offline once its data is on the device', async ({
  signedInPage: page,
  context,
}) => {
  await page.goto('/experts');
  await expect(cards(page)).toHaveCount(6);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(cards(page)).toHaveCount(6);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Les experts' })).toBeVisible();
  await expect(cards(page)).toHaveCount(6);
  await page.getByLabel('Rechercher un expert').fill('excel');
  await expect(results(page).getByText(countText(expected('excel').nbHits))).toBeVisible();
  await expectNoA11yViolations(page);
  await context.setOffline(false);
});

test('Fonctionnement is public, with its calls to action', async ({ page }) => {
  await page.goto('/training');
  await expect(page.getByRole('heading', { level: 1, name: 'Comment ça marche ?' })).toBeVisible();
  for (const claim of [
    'Plus de 800 experts',
    'Plus de 500 entreprises',
    '100% financé',
    'Des sessions de 2 à 4 h par semaine',
  ]) {
    await expect(page.getByText(claim, { exact: true })).toBeVisible();
  }
  await expectNoA11yViolations(page);
  // Anonymous: the calls to action lead to the login through the guards.
  await page.getByRole('link', { name: 'Sonder mon équipe' }).first().click();
  await expect(page).toHaveURL(/\/login/);
});

test('Fonctionnement inside the app shell for a signed-in user', async ({ signedInPage: page }) => {
  await page.goto('/training');
  await expect(page.getByRole('heading', { level: 1, name: 'Comment ça marche ?' })).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Trouver ma formation' }).last().click();
  await expect(page).toHaveURL(/\/training\/recommendations$/);
});

// ---- issue 29 item 8: an expert card opens the expert's profile, then the booking ----

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`keyboard only at ${viewport.width} px: a card opens the profile, whose booking names the expert`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/experts');
    const first = cards(page).first();
    await expect(first).toBeVisible();
    const name = (await first.getByRole('heading').textContent())!.trim();
    const open = first.getByRole('button', { name: `Voir le profil ${deName(name)}` });
    await open.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name });
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'Compétences' })).toBeVisible();
    const book = detail.getByRole('button', { name: 'Prendre rendez-vous' });
    await expect(book).toBeFocused();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Enter');
    const booking = page.getByRole('dialog', { name: 'Prendre rendez-vous' });
    await expect(booking.getByRole('region', { name: 'Expert choisi' })).toContainText(name);
    await expect(booking.locator('iframe')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(booking).toHaveCount(0);
    await expect(open).toBeFocused();
  });
}
