// The dashboard's embedded form on a phone (02 §2.3, §7.5; issue 16 item 10): the e-mail it
// received as a hidden field is shown whole, wrapped inside the frame, not cut at its right edge.
import { createUserWithCompany } from './support/backend';
import { expect, injectSession, test } from './support/fixtures';

const FRAME = 'iframe[title="Formulaire d\'accompagnement"]';

for (const [device, width, height] of [
  ['phone', 390, 844],
  ['desktop', 1280, 800],
] as const) {
  test(`the embedded form shows the whole e-mail (${device})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const user = await createUserWithCompany();
    await injectSession(page, user);
    await page.goto('/dashboard');
    const frame = page.locator(FRAME);
    await frame.scrollIntoViewIfNeeded();
    const email = page.frameLocator(FRAME).locator('dd[data-field="email"]');
    await expect(email).toHaveText(user.email);
    // Nothing of the value lies beyond the frame's document nor beyond its own box.
    const fits = await email.evaluate((dd) => {
      const box = dd.getBoundingClientRect();
      const doc = dd.ownerDocument.documentElement;
      return {
        insideFrame: box.right <= doc.clientWidth + 0.5,
        noOverflow: dd.scrollWidth <= dd.clientWidth + 0.5,
        noPageScroll: doc.scrollWidth <= doc.clientWidth + 0.5,
      };
    });
    expect(fits).toEqual({ insideFrame: true, noOverflow: true, noPageScroll: true });
    await frame.screenshot({ path: `test-results/promo-form-${device}.png` });
  });
}
