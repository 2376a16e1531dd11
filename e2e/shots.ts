import type { Page } from 'playwright-core';
import { screenshot } from './harness';

/**
 * A journey's full-page screenshots, named `{journey}-{name}.png`, taken when asked for (SHOTS_DIR, else E2E_SHOTS=1
 * into e2e/screenshots: `SHOTS_WANTED`, e2e/harness.ts), each once the network is quiet (images, tiles). The wait
 * for a quiet network stays when no screenshot is taken, for the checks after it; `{ settled: 'for-shot' }` leaves
 * it out then, for a journey whose checks wait for what they need.
 */
export function journeyShots(journey: string, { settled = true }: { settled?: true | 'for-shot' } = {}) {
  return (page: Page, name: string) => screenshot(page, `${journey}-${name}`, { settled });
}
