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
 * closed select), one option at a time, each change settled before the next key (a select whose
 * value is saved at each change shows the saved value back), until `label` is chosen.
 */
export async function chooseWithArrows(
  page: Page,
  select: Locator,
  label: string,
  options: { max?: number; back?: boolean } = {},
): Promise<void> {
  await tabTo(page, select, options);
  // The arrows skip disabled options.
  const labels = await select
    .locator('option:not([disabled])')
    .evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').trim()));
  const checked = select.locator('option:checked');
  const target = labels.indexOf(label);
  expect(target, `« ${label} » among ${labels.join(' | ')}`).toBeGreaterThanOrEqual(0);
  let current = labels.indexOf(((await checked.textContent()) ?? '').trim());
  const step = target > current ? 1 : -1;
  while (current !== target) {
    await page.keyboard.press(step > 0 ? 'ArrowDown' : 'ArrowUp');
    current = current === -1 ? 0 : current + step;
    await expect(checked).toHaveText(labels[current]!);
  }
}

/** In an open listbox whose input has the focus, ArrowDown until `option` is the highlighted one. */
export async function arrowTo(page: Page, option: Locator, max = 20): Promise<void> {
  for (let i = 0; i < max && (await option.getAttribute('aria-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
}
