// /meetings end to end (02 §2.10): the leads scheduler (local stand-in page) and its fallback.
import { expect, expectNoA11yViolations, test } from './support/fixtures';

test('the meetings page embeds the leads scheduler, with the fallback link offline', async ({
  signedInPage: page,
  context,
}) => {
  await page.goto('/meetings');
  await expect(page.getByRole('heading', { level: 1, name: 'Prendre RDV' })).toBeVisible();
  const frame = page.locator('iframe[title="Calendrier de prise de rendez-vous"]');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /\/_local\/scheduler\?type=leads$/);
  await expect(page.getByText('Chargement du calendrier...')).toBeHidden();
  await expectNoA11yViolations(page);

  await context.setOffline(true);
  const fallback = page.getByRole('link', { name: 'Ouvrir le calendrier' });
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveAttribute('target', '_blank');
  await expect(frame).toHaveCount(0);
  await expectNoA11yViolations(page);
  await context.setOffline(false);
});
