// Accessibility beyond axe, as RGAA asks (issue 16): a keyboard-only journey (onboarding to the
// dashboard, a plan edit, a survey answered) with a visible focus indicator at every step; every
// screen usable at 320 px wide and at 200 % zoom with no horizontal scroll; prefers-reduced-motion
// honoured; and axe at 0 violations on every screen of the route table.
import type { Locator, Page } from '@playwright/test';
import { uniqueEmail, waitForMailLink } from './support/backend';
import { expect, expectNoA11yViolations, injectSession, test } from './support/fixtures';
import { PASSWORD, SAMPLE } from './support/onboarding-steps';
import { seedSampleAccount, type SampleAccount } from './support/sample-account';

/** In one document: the focus indicator its focused element draws (null if none or no focus). */
function indicatorInDocument(): string | null {
  const el = document.activeElement;
  if (!el || el === document.body || el.tagName === 'IFRAME') return null;
  for (const pseudo of [null, '::after', '::before'] as const) {
    const s = getComputedStyle(el, pseudo);
    // 'auto': the browser's own ring (an embedded third-party page that keeps it).
    if (s.outlineStyle === 'auto') return `outline auto${pseudo ?? ''}`;
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2)
      return `outline ${s.outlineWidth} ${s.outlineColor}${pseudo ?? ''}`;
    if (s.boxShadow !== 'none' && pseudo === null) return `box-shadow ${s.boxShadow}`;
  }
  return null;
}

/**
 * The focused element draws a focus indicator: an outline or a box-shadow of its own, or on its
 * covering pseudo-element (a card whose button covers it); inside an embedded frame (the
 * scheduler, the budget form), the element focused in that frame.
 */
async function focusIndicator(page: Page): Promise<string | null> {
  const inFrame = await page.evaluate(() => document.activeElement?.tagName === 'IFRAME');
  const frames = inFrame ? page.frames().filter((f) => f !== page.mainFrame()) : [page.mainFrame()];
  for (const frame of frames) {
    const found = await frame.evaluate(indicatorInDocument).catch(() => null);
    if (found) return found;
  }
  return null;
}

async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'nothing';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} « ${name} »`;
  });
}

/** Moves a focused select to the option with this text with the arrow keys. */
async function arrowTo(page: Page, select: Locator, label: string): Promise<void> {
  const current = () => select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text);
  for (let i = 0; i < 15 && (await current()) !== label; i++)
    await page.keyboard.press('ArrowDown');
  expect(await current()).toBe(label);
}

/** Tab (or Shift+Tab) once and check the newly focused element shows it. */
async function tab(page: Page, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await page.keyboard.press(key);
  const indicator = await focusIndicator(page);
  expect(indicator, `visible focus on ${await describeFocus(page)}`).not.toBeNull();
}

/** Tabs until the target has the focus, checking the focus indicator at every stop. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await tab(page);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`not reached with Tab: ${await target.evaluate((el) => el.outerHTML)}`);
}

test('keyboard only: the onboarding to the dashboard, with a visible focus at every step', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('clavier');
  await page.goto('/rechercher-entreprise');
  const combobox = page.getByRole('combobox', { name: "Nom de l'entreprise ou numéro SIRET" });
  await expect(combobox).toBeEditable();
  await tabTo(page, combobox);
  await page.keyboard.type(SAMPLE.altea.query);
  const option = page.getByRole('option').filter({ hasText: SAMPLE.altea.name });
  await expect(option).toBeVisible();
  const names = await page.getByRole('option').allTextContents();
  const index = names.findIndex((text) => text.includes(SAMPLE.altea.name));
  for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  expect(await focusIndicator(page), 'the combobox keeps its focus ring').not.toBeNull();
  await page.keyboard.press('Enter');

  // Step 2: the agreement is preselected; the band chosen with the arrow keys.
  await expect(page).toHaveURL(/\/informations-entreprise$/);
  const band = page.getByLabel('nbr de salariés hors alternant');
  await expect(band).toBeEnabled();
  await tabTo(page, band);
  await arrowTo(page, band, '11 à 49 salariés');
  await tabTo(page, page.getByRole('button', { name: 'Continuer' }));
  await page.keyboard.press('Enter');

  // Step 3: every field typed, the terms ticked with Space, sent with Enter.
  await expect(page.getByRole('heading', { level: 1, name: 'Créer votre compte' })).toBeVisible();
  const fields: Array<[Locator, string]> = [
    [page.getByLabel('Prénom'), 'Camille'],
    [page.getByLabel('Nom', { exact: true }), 'Martin'],
    [page.getByLabel('Email professionnel'), email],
  ];
  for (const [field, value] of fields) {
    await tabTo(page, field);
    await page.keyboard.type(value);
  }
  const role = page.getByLabel('Votre rôle');
  await tabTo(page, role);
  await arrowTo(page, role, 'RH');
  await tabTo(page, page.getByLabel(/^Mot de passe/));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByLabel('Confirmer le mot de passe'));
  await page.keyboard.type(PASSWORD);
  const terms = page.getByLabel("J'accepte les conditions générales d'utilisation");
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Créer mon compte' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/verify-email$/);

  // The confirmation link of the e-mail, then the dashboard, still by keyboard.
  await page.goto(await waitForMailLink(email));
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: /Voici le budget formation/ }),
  ).toBeVisible();
  const training = page
    .getByRole('region', { name: 'Les formations les plus demandées' })
    .getByRole('button', { name: 'Manager une équipe à distance' });
  await tabTo(page, training, 60);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Prendre rendez-vous' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(training).toBeFocused();
  expect(await focusIndicator(page), 'focus back on the card, visible').not.toBeNull();
});

test.describe('signed in, with sample data', () => {
  let account: SampleAccount;
  test.beforeAll(async () => {
    account = await seedSampleAccount();
  });

  test('keyboard only: a plan edited and a survey answered, the focus always visible', async ({
    page,
    browser,
  }) => {
    await injectSession(page, account.user);
    await page.goto('/training-plan');
    await expect(page.getByRole('article')).toHaveCount(5);
    const card = page.getByRole('article').filter({ hasText: 'Excel avancé' });
    const status = card.getByRole('combobox', { name: /Statut/ });
    await expect(status).toHaveValue('to_organize');
    await tabTo(page, status, 60);
    await page.keyboard.press('ArrowDown');
    await expect(status).not.toHaveValue('to_organize');
    await tab(page);
    await tab(page, 'Shift+Tab');

    // An employee answers the team survey, keyboard only, on another device.
    const phone = await browser.newContext({ locale: 'fr-FR' });
    const tab2 = await phone.newPage();
    await tab2.goto(`/survey/${account.surveyId}`);
    await expect(tab2.getByText('Étape 1 sur 3')).toBeVisible();
    await tabTo(tab2, tab2.getByRole('button', { name: 'Marketing / Communication' }));
    await tab2.keyboard.press('Enter');
    await expect(tab2.getByText('Étape 2 sur 3')).toBeVisible();
    const skill = tab2.getByRole('checkbox', { name: 'Marketing digital et SEO' });
    await tabTo(tab2, skill);
    await tab2.keyboard.press('Space');
    await expect(skill).toBeChecked();
    const tools = tab2.getByRole('radio', { name: 'Partiellement' });
    await tabTo(tab2, tab2.getByRole('radio', { name: 'Oui' }), 60);
    await tab2.keyboard.press('ArrowDown');
    await expect(tools).toBeChecked();
    expect(await focusIndicator(tab2), 'the radio shows its focus').not.toBeNull();
    await tabTo(tab2, tab2.getByRole('button', { name: 'Continuer' }));
    await tab2.keyboard.press('Enter');
    await expect(tab2.getByText('Étape 3 sur 3')).toBeVisible();
    await tabTo(tab2, tab2.getByRole('textbox', { name: /Prénom/ }));
    await tab2.keyboard.type('Inès');
    await tabTo(tab2, tab2.getByRole('textbox', { name: /^Nom/ }));
    await tab2.keyboard.type('Garnier');
    await tabTo(tab2, tab2.getByRole('button', { name: 'Envoyer' }));
    await tab2.keyboard.press('Enter');
    await expect(
      tab2.getByRole('heading', { name: 'Merci pour votre participation !' }),
    ).toBeVisible();
    await phone.close();
  });

  /** Every screen of the route table (02 §2.1) this account can open. */
  const signedInScreens = (surveyId: string) => [
    '/dashboard',
    '/dashboard/companies',
    '/informations-entreprise',
    '/requests',
    '/unlock-budget',
    '/meetings',
    '/experts',
    '/referral',
    '/training',
    '/training/recommendations',
    '/training-plan',
    '/training/new',
    '/team-survey',
    `/survey-results/${surveyId}`,
  ];

  for (const [label, size] of [
    ['320 px wide', { width: 320, height: 640 }],
    ['200 % zoom (1280 px window)', { width: 640, height: 400 }],
  ] as const) {
    test(`every signed-in screen at ${label}: no horizontal scroll`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(size);
      await injectSession(page, account.user);
      for (const path of signedInScreens(account.surveyId))
        await expectNoHorizontalScroll(page, path);
    });
  }

  for (const screen of signedInScreens(':survey')) {
    test(`axe finds no violation on ${screen}`, async ({ page }) => {
      await injectSession(page, account.user);
      await openScreen(page, screen.replace(':survey', account.surveyId));
      await expectNoA11yViolations(page);
    });
  }
});

async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.page-spinner')).toHaveCount(0);
}

async function expectNoHorizontalScroll(page: Page, path: string): Promise<void> {
  await openScreen(page, path);
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
    wide: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .filter((el) => !el.closest('.visually-hidden, [aria-hidden="true"]'))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  }));
  expect(
    sizes.scroll,
    `${path}: wider than the screen (${sizes.wide.join(', ')})`,
  ).toBeLessThanOrEqual(sizes.view);
}

test('every visitor screen at 320 px and at 200 % zoom: no horizontal scroll, and axe clean', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await seedSampleAccount();
  const screens = ['/rechercher-entreprise', '/login', `/survey/${account.surveyId}`, '/inconnue'];
  for (const size of [
    { width: 320, height: 640 },
    { width: 640, height: 400 },
  ]) {
    await page.setViewportSize(size);
    for (const path of screens) await expectNoHorizontalScroll(page, path);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of screens) {
    await openScreen(page, path);
    await expectNoA11yViolations(page);
  }
});

test('prefers-reduced-motion: no animation nor transition anywhere', async ({ page }) => {
  /** The longest animation or transition of any element (s), and how many elements move. */
  const motion = () =>
    page.evaluate(() => {
      const seconds = (v: string) =>
        Math.max(...v.split(',').map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 0.001 : 1)));
      let longest = 0;
      for (const el of document.querySelectorAll('*')) {
        const s = getComputedStyle(el);
        const animated = s.animationName !== 'none' ? seconds(s.animationDuration) : 0;
        longest = Math.max(longest, animated, seconds(s.transitionDuration));
      }
      return longest;
    });
  // A screen with a spinner (the registry search), buttons and inputs with transitions.
  await page.goto('/rechercher-entreprise');
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
  expect(await motion(), 'without the preference, the interface moves').toBeGreaterThan(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await motion(), 'with it, nothing moves').toBe(0);
  await page.getByRole('combobox', { name: "Nom de l'entreprise ou numéro SIRET" }).fill('conseil');
  await expect(page.getByRole('listbox', { name: 'Entreprises correspondantes' })).toBeVisible();
  expect(await motion()).toBe(0);
});
