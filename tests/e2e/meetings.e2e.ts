// /meetings end to end (02 §2.10): the leads scheduler (local stand-in page) and its fallback; the
// user's name and e-mail filled in (issue 29 item 13); the page no taller than the screen.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './support/fixtures';

const frame = (page: Page) => page.locator('iframe[title="Calendrier de prise de rendez-vous"]');

test('the meetings page embeds the leads scheduler, with the fallback link offline', async ({
  signedInPage: page,
  context,
}) => {
  await page.goto('/meetings');
  await expect(page.getByRole('heading', { level: 1, name: 'Prendre RDV' })).toBeVisible();
  await expect(frame(page)).toBeVisible();
  await expect(frame(page)).toHaveAttribute('src', /\/_local\/scheduler\?type=leads&/);
  await expect(page.getByText('Chargement du calendrier...')).toBeHidden();
  await expectNoA11yViolations(page);

  await context.setOffline(true);
  const fallback = page.getByRole('link', { name: 'Ouvrir le calendrier' });
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveAttribute('target', '_blank');
  await expect(frame(page)).toHaveCount(0);
  await expectNoA11yViolations(page);
  await context.setOffline(false);
});

test("the scheduler opens with the user's name and e-mail filled in", async ({
  signedInPage: page,
  user,
}) => {
  await page.goto('/meetings');
  await expect(frame(page)).toBeVisible();
  const src = new URL((await frame(page).getAttribute('src'))!);
  expect(src.searchParams.get('firstname')).toBe('Camille');
  expect(src.searchParams.get('lastname')).toBe('Martin');
  expect(src.searchParams.get('email')).toBe(user.email);
  // the frame is inserted once, with that address
  await expect(frame(page)).toHaveCount(1);

  const scheduler = page.frameLocator('iframe[title="Calendrier de prise de rendez-vous"]');
  await scheduler.getByRole('button').first().click();
  await expect(scheduler.getByLabel('Nom')).toHaveValue('Camille Martin');
  await expect(scheduler.getByLabel('E-mail')).toHaveValue(user.email);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`no taller than the screen at ${viewport.width}×${viewport.height}: the scheduler fills it`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/meetings');
    await expect(frame(page)).toBeVisible();
    const sizes = await page.evaluate(() => ({
      page: document.documentElement.scrollHeight,
      screen: window.innerHeight,
    }));
    expect(sizes.page).toBeLessThanOrEqual(sizes.screen);
    // and the frame takes the room there is, not a thumbnail
    const box = (await frame(page).boundingBox())!;
    expect(box.height).toBeGreaterThan(viewport.height / 2);
  });
}
