// Layout defects of issue 16 item 10, measured in the browser (bounding boxes, overlap, computed
// styles): the mobile header brand and the stepper labels cut, toasts covering primary buttons,
// the sync status dot alone on its line, the company suggestions pushing the page down instead
// of overlaying it, and a focus ring off the product's theme.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { createUserWithCompany, serviceClient } from './support/backend';
import { expect, injectSession, test } from './support/fixtures';
import { companyCombobox } from './support/onboarding-steps';

type Box = { x: number; y: number; width: number; height: number };

/** The element's box, polled: where React renders step 1 anew, it swaps out the prerendered elements. */
async function box(locator: Locator): Promise<Box> {
  let b: Box | null = null;
  await expect
    .poll(async () => (b = await locator.boundingBox()), { message: 'element laid out' })
    .not.toBeNull();
  return b!;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Text cut by its box (ellipsis, hidden overflow): more content than room. Measured until it holds
 * (a few seconds): on the prerendered step 1, React may render the screen anew (a returning visitor) and swap the element out between
 * the locator's resolution and the measure (a detached element has no width).
 */
async function expectNotCut(locator: Locator, what: string): Promise<void> {
  const measure = () =>
    locator.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      text: el.textContent,
      attached: el.isConnected,
    }));
  let sizes = await measure();
  await expect
    .poll(async () => (sizes = await measure()).attached, { message: `${what} laid out` })
    .toBe(true);
  expect(sizes.clientWidth, `${what} (« ${sizes.text} ») has room`).toBeGreaterThan(0);
  expect(sizes.scrollWidth, `${what} (« ${sizes.text} ») is not cut`).toBeLessThanOrEqual(
    sizes.clientWidth + 1,
  );
}

async function expectInViewport(page: Page, b: Box, what: string): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(b.x, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, `${what} ends inside the screen`).toBeLessThanOrEqual(width + 0.5);
}

for (const width of [390, 320]) {
  test(`mobile header at ${width} px: menu, brand and sync status side by side, nothing cut`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await injectSession(page, await createUserWithCompany());
    await page.goto('/dashboard');
    const header = page.locator('header.app-topbar');
    const menu = header.getByRole('button', { name: 'Menu' });
    const brand = header.locator('.app-brand');
    const status = header.getByTestId('sync-status');
    await expect(menu).toBeVisible();
    await expect(brand).toContainText('Budget Formation');
    await expect(status).toBeVisible();
    await expectNotCut(brand, 'the brand');
    const [m, b, s] = [await box(menu), await box(brand), await box(status)];
    expect(overlap(m, b), 'menu and brand apart').toBe(false);
    expect(overlap(b, s), 'brand and sync status apart').toBe(false);
    for (const [what, bx] of [
      ['menu', m],
      ['brand', b],
      ['sync status', s],
    ] as const)
      await expectInViewport(page, bx, what);
    // One row: the three share a horizontal band.
    expect(Math.abs(m.y + m.height / 2 - (b.y + b.height / 2))).toBeLessThan(8);
  });

  test(`onboarding stepper at ${width} px: every step label whole`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/rechercher-entreprise');
    const steps = page.getByRole('list', { name: "Progression de l'inscription" });
    const labels = steps.locator('.progress-step-label');
    await expect(labels).toHaveCount(3);
    for (let i = 0; i < 3; i++) {
      await expect(labels.nth(i)).toBeVisible();
      await expectNotCut(labels.nth(i), `step ${i + 1}`);
      await expectInViewport(page, await box(labels.nth(i)), `step ${i + 1}`);
    }
  });
}

test('unlock-budget stepper on a phone: the current step named in full, no label cut', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await injectSession(page, await createUserWithCompany());
  await page.goto('/unlock-budget');
  const list = page.getByRole('list', { name: /Progression/ });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  const current = list.locator('[aria-current="step"] .unlock-stepper-label');
  await expect(current).toBeVisible();
  await expect(current).toHaveText('Objectif');
  const labels = list.locator('.unlock-stepper-label');
  for (let i = 0; i < 4; i++) {
    if (await labels.nth(i).isVisible()) await expectNotCut(labels.nth(i), `step ${i + 1}`);
  }
});

test('company suggestions overlay the page instead of pushing it down', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/rechercher-entreprise');
    const hint = page.getByText(/Saisissez au moins 3 caractères/);
    await expect(hint).toBeVisible();
    await expect(companyCombobox(page)).toBeEditable();
    const before = await box(hint);
    await companyCombobox(page).fill('conseil');
    const listbox = page.getByRole('listbox', { name: 'Entreprises correspondantes' });
    await expect(listbox.getByRole('option').first()).toBeVisible();
    const after = await box(hint);
    expect(after.y, `at ${width} px the hint stays in place`).toBe(before.y);
    const list = await box(listbox);
    expect(overlap(list, after), `at ${width} px the list covers what follows`).toBe(true);
    // The list is on top: the point at the hint's centre belongs to the list.
    const onTop = await page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('[role="listbox"]'),
      [after.x + Math.min(after.width, list.width) / 2, after.y + after.height / 2],
    );
    expect(onTop, `at ${width} px the list is drawn above the page`).toBe(true);
    // ...but under the field, which stays in sight: the typed text is not covered.
    const field = await box(companyCombobox(page));
    expect(list.y, `at ${width} px the list starts under the field`).toBeGreaterThanOrEqual(
      field.y + field.height,
    );
    const fieldOnTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.getAttribute('role'),
      [field.x + field.width / 2, field.y + field.height / 2],
    );
    expect(fieldOnTop, `at ${width} px the field is not covered`).toBe('combobox');
    await companyCombobox(page).press('Escape');
  }
});

/** A user with one training request on the server, to edit it offline. */
async function userWithPlan(page: Page) {
  const user = await createUserWithCompany();
  const employee = randomUUID();
  const admin = serviceClient();
  await admin
    .from('training_employees')
    .insert({ id: employee, company_id: user.id, first_name: 'À', last_name: 'définir' });
  const { error } = await admin.from('training_requests').insert({
    id: randomUUID(),
    company_id: user.id,
    employee_id: employee,
    topic: 'Excel avancé',
    format: 'remote',
    duration: 14,
    cost: 1550,
  });
  expect(error).toBeNull();
  await injectSession(page, user);
}

/** Offline, with changes waiting: the longest sync status label. */
async function offlineWithPendingEdit(page: Page) {
  await page.goto('/training-plan');
  const select = page.getByRole('combobox', { name: /Statut/ }).first();
  await expect(select).toBeVisible();
  await page.context().setOffline(true);
  await select.selectOption({ label: 'En cours' });
  await select.selectOption({ label: 'Terminée' });
  await expect(page.getByTestId('sync-status')).toContainText(/Hors ligne · \d modification/);
}

async function expectDotOnFirstLine(page: Page) {
  const status = page.getByTestId('sync-status');
  const dot = await box(status.locator('.sync-status-dot'));
  const firstLine = await status.locator('.sync-status-label').evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getClientRects()[0]!;
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  const dotMiddle = dot.y + dot.height / 2;
  expect(dotMiddle, 'the dot is on the line of its label').toBeGreaterThanOrEqual(firstLine.y);
  expect(dotMiddle).toBeLessThanOrEqual(firstLine.y + firstLine.height);
  expect(dot.x + dot.width, 'the dot is before its label').toBeLessThanOrEqual(firstLine.x);
}

test('the sync status dot stays on the line of its label (sidebar and phone header)', async ({
  page,
}) => {
  await userWithPlan(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await offlineWithPendingEdit(page);
  await expectDotOnFirstLine(page);
  await page.setViewportSize({ width: 320, height: 700 });
  await expect(page.locator('header.app-topbar')).toBeVisible();
  await expectDotOnFirstLine(page);
  await page.context().setOffline(false);
});

async function expectToastClearOfPrimaryButtons(page: Page, toastText: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: toastText });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  // sonner's entry animation ends before the toast is measured (reduced motion: no animation).
  await expect(async () => {
    const t = await box(toast);
    const buttons = page.locator('.btn-primary:visible');
    const count = await buttons.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const b = await box(buttons.nth(i));
      const name = await buttons.nth(i).textContent();
      expect(overlap(t, b), `the toast covers « ${name} »`).toBe(false);
    }
  }).toPass({ timeout: 5_000 });
}

for (const [label, size] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`toasts never cover a primary button (${label}, survey created)`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(size);
    await injectSession(page, await createUserWithCompany());
    await page.goto('/team-survey');
    await page.getByRole('button', { name: 'Créer un sondage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau sondage' });
    await dialog.getByRole('textbox', { name: /Nom du sondage/ }).fill('Besoins 2027');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await expectToastClearOfPrimaryButtons(page, 'Sondage créé avec succès');
  });
}

/** Presses Tab until the target has the focus (keyboard focus: :focus-visible applies). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('target not reached with Tab');
}

/** Hue (0–360) of a CSS rgb() colour. */
function hue(rgb: string): number {
  const [r, g, b] = rgb
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map(Number) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

test('the focus ring is drawn in the theme colour, the same on every kind of control', async ({
  page,
}) => {
  await page.goto('/rechercher-entreprise');
  const primaryColour = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-primary)';
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  });
  const rings: string[] = [];
  for (const target of [page.getByRole('link', { name: 'Se connecter' }), companyCombobox(page)]) {
    await tabTo(page, target);
    const style = await target.evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.outlineColor, width: s.outlineWidth, style: s.outlineStyle };
    });
    expect(style.style).toBe('solid');
    expect(parseFloat(style.width)).toBeGreaterThanOrEqual(2);
    rings.push(style.color);
  }
  expect(new Set(rings).size, 'one focus colour').toBe(1);
  const delta = Math.abs(hue(rings[0]!) - hue(primaryColour));
  expect(Math.min(delta, 360 - delta), 'the ring is of the primary colour family').toBeLessThan(20);
});

// ---- issue 29 item 13: no page taller than its content; the embedded budget form ----

/** Where the content ends, where the footer starts and ends, and how tall the document is. */
function measure(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    let contentBottom = 0;
    for (const el of main.querySelectorAll<HTMLElement>('*')) {
      const box = el.getBoundingClientRect();
      if (box.height > 0) contentBottom = Math.max(contentBottom, box.bottom + window.scrollY);
    }
    const footer = document.querySelector('footer.site-footer')!.getBoundingClientRect();
    return {
      contentBottom,
      footerTop: footer.top + window.scrollY,
      footerBottom: footer.bottom + window.scrollY,
      document: document.documentElement.scrollHeight,
      screen: window.innerHeight,
    };
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`no page taller than its content at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await injectSession(page, await createUserWithCompany());
    for (const path of ['/meetings', '/referral', '/requests', '/team-survey', '/experts']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.page-spinner, [aria-busy="true"]')).toHaveCount(0);
      if (path === '/meetings') await expect(page.locator('iframe')).toBeVisible();
      const m = await measure(page);
      // nothing below the footer, and the footer at the bottom of a short page
      expect(m.document, `${path}: document ends with the footer`).toBeLessThanOrEqual(
        Math.ceil(m.footerBottom) + 1,
      );
      // a page that scrolls does so for its content: no more than the page's bottom padding
      // (24 px) between the content and the footer
      if (m.document > m.screen) {
        expect(
          m.footerTop - m.contentBottom,
          `${path}: space under the content`,
        ).toBeLessThanOrEqual(25);
      }
    }
  });
}

test('the embedded budget form loads once per dashboard visit, and shows whole on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/_local/budget-form') && request.resourceType() === 'document')
      loads.push(request.url());
  });
  await injectSession(page, await createUserWithCompany());
  await page.goto('/dashboard');
  const frame = page.locator('iframe[title="Formulaire d\'accompagnement"]');
  await expect(frame).toBeVisible();
  const form = page.frameLocator('iframe[title="Formulaire d\'accompagnement"]');
  const submit = form.getByRole('button', { name: 'Être rappelé' });
  await expect(submit).toBeVisible();
  // the whole form inside the frame, its button included (the frame grew to its height)
  await expect
    .poll(async () => {
      const [f, b] = await Promise.all([frame.boundingBox(), submit.boundingBox()]);
      return f && b ? b.y + b.height <= f.y + f.height : false;
    })
    .toBe(true);
  expect((await frame.boundingBox())!.height).toBeGreaterThan(500);
  expect(loads).toHaveLength(1);
  // the hidden fields carry the looked-up budget (the one the card shows)
  expect(new URL(loads[0]!).searchParams.get('budget')).toMatch(/^\d+$/);
});
