import { test, expect, expectNoA11yViolations } from './support/fixtures';

test('anonymous visitors land on the company search, in French', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/rechercher-entreprise$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the 404 page is French and accessible', async ({ page }) => {
  await page.goto('/nulle-part');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a signed-in user opens the dashboard', async ({ signedInPage: page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});
