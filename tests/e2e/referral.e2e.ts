// Referral programme end to end (02 §2.12, §4, §7.5, §8): the tracking list pulled from the
// server into the local store (readable offline), the copied link, and the link opened by a
// visitor in a fresh browser context landing on step 1 with the ref kept.
import { randomUUID } from 'node:crypto';
import { serviceClient } from './support/backend';
import { expect, expectNoA11yViolations, test } from './support/fixtures';

test('the tracking list shows each status, commission and (payée), also offline', async ({
  signedInPage: page,
  user,
  context,
}) => {
  const rows = [
    {
      referred_company_name: 'Atelier Lumière',
      status: 'registered',
      created_at: '2026-03-02T09:00:00Z',
    },
    {
      referred_company_name: 'Boulangerie Martin',
      status: 'survey_pending',
      created_at: '2026-04-02T09:00:00Z',
    },
    {
      referred_company_name: 'Cabinet Roux',
      status: 'survey_approved',
      created_at: '2026-05-02T09:00:00Z',
    },
    {
      referred_company_name: 'Domaine Petit',
      status: 'survey_rejected',
      created_at: '2026-06-02T09:00:00Z',
    },
    {
      referred_company_name: 'Éditions Blanc',
      status: 'training_completed',
      commission_amount: 1250,
      commission_paid: true,
      created_at: '2026-07-02T09:00:00Z',
    },
    {
      referred_company_name: 'Forge Noire',
      status: 'training_completed',
      commission_amount: 480,
      commission_paid: false,
      created_at: '2026-08-02T09:00:00Z',
    },
  ].map((row) => ({ id: randomUUID(), referrer_id: user.id, ...row }));
  const { error } = await serviceClient().from('referrals').insert(rows);
  expect(error).toBeNull();

  await page.goto('/referral');
  await expect(page.getByRole('heading', { level: 1, name: 'Parrainage' })).toBeVisible();
  await expect(page.getByText(/vous recevez 10% du montant facturé/)).toBeVisible();
  const tracking = page.getByRole('region', { name: 'Suivi de vos parrainages' });
  const items = tracking.getByRole('listitem');
  await expect(items).toHaveCount(6);
  await expect(items.getByRole('heading')).toHaveText([
    'Forge Noire',
    'Éditions Blanc',
    'Domaine Petit',
    'Cabinet Roux',
    'Boulangerie Martin',
    'Atelier Lumière',
  ]);
  await expect(items.nth(0)).toContainText('Formation terminée');
  await expect(items.nth(0)).toContainText(/480\s€/);
  await expect(items.nth(0)).not.toContainText('(payée)');
  await expect(items.nth(1)).toContainText(/1\s250\s€ \(payée\)/);
  await expect(items.nth(2)).toContainText('Demande rejetée');
  await expect(items.nth(3)).toContainText('Demande approuvée');
  await expect(items.nth(4)).toContainText('Demande en cours');
  await expect(items.nth(5)).toContainText('Inscrite');
  await expect(items.nth(5)).toContainText('2 mars 2026');
  await expectNoA11yViolations(page);

  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(items).toHaveCount(6);
  await context.setOffline(true);
  await page.reload();
  await expect(items).toHaveCount(6);
  await expect(items.nth(1)).toContainText('(payée)');
  await expect(page.getByLabel('Votre lien de parrainage')).toHaveValue(
    /\/simulation\/step1\?ref=/,
  );
  await context.setOffline(false);
});

test('copy the link, share it, and open it in a fresh context: step 1 with the ref kept', async ({
  signedInPage: page,
  user,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/referral');
  const input = page.getByLabel('Votre lien de parrainage');
  const link = await input.inputValue();
  const ref = Buffer.from(user.id, 'utf8').toString('base64');
  expect(link).toBe(`http://127.0.0.1:4173/simulation/step1?ref=${encodeURIComponent(ref)}`);
  await expect(page.getByText("Vous n'avez pas encore de parrainage.")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(page.getByText('Lien copié !')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await expect(page.getByRole('link', { name: /Partager sur LinkedIn/ })).toHaveAttribute(
    'href',
    `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(link)}`,
  );
  const mail = await page.getByRole('link', { name: 'Partager par email' }).getAttribute('href');
  expect(new URLSearchParams(mail!.slice('mailto:?'.length)).get('body')).toContain(link);

  const visitor = await browser.newContext();
  try {
    const landing = await visitor.newPage();
    await landing.goto(link);
    await expect(landing).toHaveURL(
      `http://127.0.0.1:4173/rechercher-entreprise?ref=${encodeURIComponent(ref)}`,
    );
    await expect(landing.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() => landing.evaluate(() => window.localStorage.getItem('referralId')))
      .toBe(ref);
  } finally {
    await visitor.close();
  }
});
