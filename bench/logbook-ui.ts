/**
 * npm run bench:logbook: the dashboard and history of a 10,000-flight pilot in Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium). Starts the built server (e2e/harness), seeds the pilot
 * straight into its database, and prints: rows in the page after choosing All Years and the ms until
 * they are drawn (and when the page's request for the list was answered), ms per ↓ arrow key (10
 * presses, until the next row is selected and painted), and ms until the Upload History page with its
 * one task of 10,000 files is ready. The server runs with NODE_ENV=production, as pilots get it.
 * Asserts nothing.
 */
import './jest-free';
import type { Page } from 'playwright-core';
import { seedPilot } from '../server/src/dev/seed-pilot';
import { HttpSession } from '../server/test/helpers/http-session';
import { launchBrowser, startServer } from '../e2e/harness';
import { browserFor, open } from '../e2e/pilot';
import { framesUntil, markStart } from './frames';

const SIZE = Number(process.env.SIZE ?? 10_000);
const PILOT = { email: 'big@flightlog.local', username: 'bigpilot', password: 'Big#Logbook1' };

const selectedId = (page: Page) => page.evaluate<string>(`document.querySelector('tr[aria-selected="true"]')?.getAttribute('data-flight-id') ?? ''`);

async function main() {
  const server = await startServer({ NODE_ENV: 'production' });
  const browser = await launchBrowser();
  try {
    const seeded = await seedPilot(server.dataDir, PILOT, { count: SIZE });
    const session = new HttpSession(server.url);
    await session.fetch('/api/health');
    const login = await session.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: PILOT.email, password: PILOT.password }) });
    if (login.status !== 200) throw new Error(`Login failed: ${login.status}`);
    const apiStarted = performance.now();
    const all = await session.fetch('/api/FlightDetail');
    const bytes = (await all.arrayBuffer()).byteLength;
    const apiMs = performance.now() - apiStarted;
    const context = await browserFor(browser, server, session);
    const page = await context.newPage();

    await open(page, server, '/dashboard');
    await page.waitForSelector('tr[data-flight-id]');
    const year = page.getByRole('combobox', { name: 'Year' });
    await markStart(page);
    await year.selectOption('all');
    const allDrawn = await framesUntil(page, `document.querySelector('table[aria-label="Flights"]')?.getAttribute('aria-rowcount') === '${SIZE + 1}' || document.querySelectorAll('tr[data-flight-id]').length === ${SIZE}`);
    const rowsInPage = await page.locator('tr[data-flight-id]').count();
    const listRequest = await page.evaluate<{ sent: number; answered: number; received: number } | undefined>(`(() => {
      const entry = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/FlightDetail?') && e.startTime >= window.benchFrom).pop();
      return entry && { sent: entry.requestStart - window.benchFrom, answered: entry.responseStart - window.benchFrom, received: entry.responseEnd - window.benchFrom };
    })()`);

    const keyMs: number[] = [];
    for (let i = 0; i < 10; i++) {
      const before = await selectedId(page);
      await markStart(page);
      await page.evaluate(`window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }))`);
      keyMs.push(await framesUntil(page, `(document.querySelector('tr[aria-selected="true"]')?.getAttribute('data-flight-id') ?? '') !== '${before}'`));
    }

    await markStart(page);
    await page.evaluate(`history.pushState({}, '', '/history'); dispatchEvent(new PopStateEvent('popstate'))`);
    const historyReady = await framesUntil(page, `document.body.textContent.includes('logbook-${SIZE}-flights.zip') && !document.querySelector('[role="status"][aria-label="Loading"]')`);
    const historyRows = await page.locator('tr').count();

    const sorted = [...keyMs].sort((a, b) => a - b);
    console.log(`Pilot with ${seeded.flightIds.length} flights over ten years, one upload task of ${SIZE} files.`);
    console.log(`GET /api/FlightDetail (all ${SIZE}): ${Math.round(apiMs)} ms, ${Math.round(bytes / 1024)} KB (first call, before the browser)`);
    console.log(`dashboard, All Years: ${rowsInPage} rows in the page, drawn in ${Math.round(allDrawn)} ms`);
    if (listRequest) console.log(`  its list request: sent at ${Math.round(listRequest.sent)} ms, first byte at ${Math.round(listRequest.answered)} ms, last byte at ${Math.round(listRequest.received)} ms`);
    console.log(`↓ arrow key: ${keyMs.map((m) => Math.round(m)).join(', ')} ms (median ${Math.round(sorted[5]!)}, total ${Math.round(keyMs.reduce((a, b) => a + b, 0))})`);
    console.log(`history page ready in ${Math.round(historyReady)} ms, ${historyRows} table rows in the page`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
