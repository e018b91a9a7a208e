// The booking modal's calendar (02 §2.4; issue 16 item 1), as a user opens it: dashboard → a card
// of « Les formations les plus demandées ». The advisor's calendar must load (the local scheduler
// serves /_local/scheduler/<advisor>), and an embed that fails (an HTTP error page, a network
// error, a page that refuses to be framed) must give the « Ouvrir le calendrier » fallback instead
// of a frame showing an error.
import type { Page, Route } from '@playwright/test';
import { createUserWithCompany } from './support/backend';
import { expect, expectNoA11yViolations, injectSession, test } from './support/fixtures';

const FRAME_TITLE = 'Calendrier de prise de rendez-vous';
// The scheduler is prefilled with the user's name and e-mail (issue 29 item 13): a query follows.
const ADVISOR_CALENDAR =
  /\/_local\/scheduler\/(claire-dubois|thomas-lefevre|nadia-benali|julien-moreau)\?firstname=[^&]+&lastname=[^&]+&email=[^&]+$/;

async function openBooking(page: Page) {
  await injectSession(page, await createUserWithCompany());
  await page.goto('/dashboard');
  const carousel = page.getByRole('region', { name: 'Les formations les plus demandées' });
  await carousel.getByRole('group').first().getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Prendre rendez-vous' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the advisor calendar loads in the booking modal and a slot can be chosen', async ({
  page,
}) => {
  const dialog = await openBooking(page);
  const frame = dialog.locator(`iframe[title="${FRAME_TITLE}"]`);
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', ADVISOR_CALENDAR);
  const calendar = dialog.frameLocator(`iframe[title="${FRAME_TITLE}"]`);
  await expect(calendar.getByText('Choisissez un créneau')).toBeVisible();
  await expect(calendar.getByText('404 Not Found')).toHaveCount(0);
  await expect(dialog.getByText('Chargement du calendrier...')).toBeHidden();
  await expect(dialog.getByRole('link', { name: 'Ouvrir le calendrier' })).toHaveCount(0);
  await calendar.getByRole('button').first().click();
  await expect(calendar.getByText('Créneau choisi')).toBeVisible();
  await expectNoA11yViolations(page);
});

const failures: [string, (route: Route) => Promise<void>][] = [
  [
    'an HTTP error page (404)',
    (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: '404 Not Found' }),
  ],
  ['a network error', (route) => route.abort('connectionrefused')],
  [
    'a page that refuses to be framed',
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        headers: { 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" },
        body: '<!doctype html><title>Agenda</title><p>Agenda</p>',
      }),
  ],
];

for (const [failure, answer] of failures) {
  test(`the calendar falls back to « Ouvrir le calendrier » on ${failure}`, async ({ page }) => {
    await page.route(ADVISOR_CALENDAR, answer);
    const dialog = await openBooking(page);
    const fallback = dialog.getByRole('link', { name: 'Ouvrir le calendrier' });
    await expect(fallback).toBeVisible();
    await expect(fallback).toHaveAttribute('href', ADVISOR_CALENDAR);
    await expect(fallback).toHaveAttribute('target', '_blank');
    await expect(dialog.getByText("Le calendrier n'a pas pu être chargé.")).toBeVisible();
    await expect(dialog.locator(`iframe[title="${FRAME_TITLE}"]`)).toBeHidden();
    await expect(dialog.getByText('Chargement du calendrier...')).toBeHidden();
    await expectNoA11yViolations(page);
  });
}
