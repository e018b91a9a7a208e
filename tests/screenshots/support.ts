// Helpers of the screenshot suites (`npm run screenshots`): a settled screen written to
// screenshots/<desktop|mobile>/NN-name(.top).png, and opening a page by its heading.
import { mkdirSync } from 'node:fs';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const OUT = 'screenshots';

/**
 * Waits for the screen to settle (no spinner, fonts loaded) and writes what the first screen shows
 * (NN-name.top.png) and, for a page, the whole page (NN-name.png), shot by growing the viewport to
 * its height (a full-page capture would paint sticky and fixed parts at the first viewport's
 * place).
 */
export async function shot(page: Page, info: TestInfo, name: string, { dialog = false } = {}) {
  await expect(page.locator('.page-spinner, [aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const dir = `${OUT}/${info.project.name}`;
  mkdirSync(dir, { recursive: true });
  const viewport = page.viewportSize()!;
  // What the first screen shows, then the whole page.
  await page.screenshot({ path: `${dir}/${name}.top.png`, animations: 'disabled', caret: 'hide' });
  if (!dialog) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({
      width: viewport.width,
      height: Math.max(height, viewport.height),
    });
    await page.screenshot({ path: `${dir}/${name}.png`, animations: 'disabled', caret: 'hide' });
  }
  await page.setViewportSize(viewport);
}

export async function open(page: Page, path: string, heading?: string | RegExp): Promise<void> {
  await page.goto(path);
  const h1 = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
  await expect(h1.first()).toBeAttached();
}
