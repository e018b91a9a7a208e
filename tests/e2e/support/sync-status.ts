// The sync status reached « everything sent and received »: state `synced`, whose label reads
// « Synchronisé », or « En direct » while the live channel is joined (issue 18: both mean the same
// to the user; the class says which state, the text what the user reads).
import { expect, type Locator } from '@playwright/test';

export async function expectSynced(status: Locator, options: { timeout?: number } = {}) {
  await expect(status).toHaveClass(/(^|\s)sync-status-synced(\s|$)/, options);
  await expect(status.locator('.sync-status-label')).toHaveText(/^(Synchronisé|En direct)$/);
}
