// Moving through a page as a keyboard user does: Tab (or Shift+Tab) until a control has the focus,
// a native select changed with the arrow keys, a field's text replaced by typing. Never a click.
import { expect, type Locator, type Page } from '@playwright/test';

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus (nothing if it has it already);
 * fails if it never does.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 80, back = false }: { max?: number; back?: boolean } = {},
): Promise<void> {
  await expect(target).toBeVisible();
  if (await isFocused(target)) return;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`not reached with ${back ? 'Shift+Tab' : 'Tab'}: ${await target.innerHTML()}`);
}

/** Tabs to `target` and presses `key` on it (Enter by default). */
export async function activate(
  page: Page,
  target: Locator,
  options: { key?: string; max?: number; back?: boolean } = {},
): Promise<void> {
  await tabTo(page, target, options);
  await page.keyboard.press(options.key ?? 'Enter');
}

/** Tabs to a text field, selects what it holds and types `text` over it. */
export async function typeInto(
  page: Page,
  field: Locator,
  text: string,
  options: { max?: number; back?: boolean } = {},
): Promise<void> {
  await tabTo(page, field, options);
  await page.keyboard.press('ControlOrMeta+a');
  if (text === '') await page.keyboard.press('Backspace');
  else await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/**
 * Tabs to a native select and moves its choice with the arrow keys (as a keyboard user does on a
 * closed select) until the option labelled `label` is chosen.
 */
export async function chooseWithArrows(
  page: Page,
  select: Locator,
  label: string,
  options: { max?: number; back?: boolean } = {},
): Promise<void> {
  await tabTo(page, select, options);
  const labels = await select
    .locator('option')
    .evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').trim()));
  const target = labels.indexOf(label);
  expect(target, `« ${label} » among ${labels.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const current = await select.evaluate((el) => (el as HTMLSelectElement).selectedIndex);
  const key = target > current ? 'ArrowDown' : 'ArrowUp';
  const checked = select.locator('option:checked');
  // Disabled options are skipped by the arrows: press until the option is the chosen one.
  for (let i = 0; i < labels.length && (await checked.textContent())?.trim() !== label; i++)
    await page.keyboard.press(key);
  await expect(checked).toHaveText(label);
}

/** In an open listbox whose input has the focus, ArrowDown until `option` is the highlighted one. */
export async function arrowTo(page: Page, option: Locator, max = 20): Promise<void> {
  for (let i = 0; i < max && (await option.getAttribute('aria-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
}
