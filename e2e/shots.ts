import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './harness';

/**
 * A journey's full-page screenshots, named `{journey}-{name}.png`, in SHOTS_DIR (else e2e/screenshots),
 * each taken once the network is quiet (images, tiles).
 */
export function journeyShots(journey: string) {
  const folder = process.env.SHOTS_DIR ?? SCREENSHOT_DIR;
  return async (page: Page, name: string) => {
    mkdirSync(folder, { recursive: true });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(folder, `${journey}-${name}.png`), fullPage: true });
  };
}
