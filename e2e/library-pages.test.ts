import type { Page } from 'playwright-core';
import { generateIgc, thermalFlight } from '../scripts/synthetic-igc';
import { HttpSession } from '../server/test/helpers/http-session';
import { statisticsDuration } from '../src/format/format';
import { seriousViolations } from './axe';
import { describeBrowser, goInApp, journey, screenshot, SHOTS_WANTED, type RunningServer } from './harness';
import { analysed, browserFor, open, pilot, upload, type Flight } from './pilot';

/**
 * The answer to the app's dismissal of the popup shown: the popup goes at once, the server learns of it by this
 * request, which a loaded machine may answer after the journey's next read or reload.
 */
const dismissal = (page: Page) => page.waitForResponse((r) => /\/api\/achievements\/notifications\/\d+\/dismiss$/.test(r.url()) && r.request().method() === 'POST');

// Journeys over Statistics, Upload History (with the flight dialog), Achievements (with the popup)
// and the admin Debug page, against the real server with a logbook generated from synthetic IGC.

const ADMIN = 'chief@example.com';

/**
 * Opens a signed-in page and closes the achievement popup if one opens there: it opens when the page's first
 * notifications answer (src/pages/dashboard-layout) holds any, which is read here instead of waiting a few seconds
 * for a popup that may not come. Closing dismisses the one it shows.
 */
async function openAndClosePopup(page: Page, server: RunningServer, path: string) {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/achievements/notifications' && r.request().method() === 'GET');
  await open(page, server, path);
  if (!((await (await answer).json()) as unknown[]).length) return;
  const popup = page.getByRole('dialog', { name: 'Achievement Unlocked!' });
  await popup.waitFor();
  await settled(page);
  await popup.getByRole('button', { name: 'Close' }).click();
  await popup.waitFor({ state: 'detached' });
}

/** Waits until the popup has played its last animation step (2.5 s), so clicks land on a still dialog. */
async function settled(page: Page) {
  await page.locator('[role="dialog"][data-step="5"]').waitFor();
}

describeBrowser('statistics, history, achievements and debug pages', () => {
  const { server, browser } = journey({ ownServer: { ADMIN_EMAILS: ADMIN } });
  let anna: HttpSession;
  let flights: Flight[];

  beforeAll(async () => {
    anna = await pilot(server, 'anna@example.com', 'anna');
    const days = [
      ['2024-07-14T09:00:00Z', { latitude: 46.68, longitude: 7.86, altitude: 1800 }],
      ['2024-07-21T10:00:00Z', { latitude: 46.68, longitude: 7.86, altitude: 1800 }],
      ['2024-08-03T09:30:00Z', { latitude: 45.92, longitude: 6.87, altitude: 1900 }],
      ['2025-05-10T11:00:00Z', { latitude: 46.21, longitude: 13.58, altitude: 1100 }],
    ] as const;
    await upload(
      anna,
      days.map(([start, site], i) => ({ name: `${start.slice(0, 10)}.igc`, igc: generateIgc(thermalFlight(start, i + 3, site)) })),
    );
    flights = await analysed(anna);
  }, 240_000);

  // First: closing the popup elsewhere dismisses the shown achievement, which would use up the pending ones.
  it('a new achievement pops up once; Dismiss All clears the count', async () => {
    const pending = (await (await anna.fetch('/api/achievements/notifications')).json()) as { id: number; achievementName: string }[];
    expect(pending.length).toBeGreaterThanOrEqual(3);
    const context = await browserFor(browser, server, anna);
    const page = await context.newPage();
    await open(page, server, '/achievements');
    const popup = page.getByRole('dialog', { name: 'Achievement Unlocked!' });
    await popup.waitFor();
    // Confetti falls for a while, then stops (timings in components/achievements/Celebration.tsx; no wall-clock race here).
    await popup.getByTestId('confetti').waitFor();
    expect(await popup.getByTestId('confetti-piece').count()).toBe(50);
    expect(await popup.getByTestId('bubble').count()).toBe(20);
    await popup.getByTestId('confetti').waitFor({ state: 'detached', timeout: 10_000 });
    await screenshot(page, 'achievements-popup-light');
    await settled(page);
    const firstName = await popup.locator('p').first().textContent();
    expect(firstName).toBe(pending[0]!.achievementName);
    // With more waiting, the dismiss button still reads Awesome! (a smaller Next and Dismiss all beside it).
    await popup.getByRole('button', { name: 'Next' }).waitFor();
    const awesome = dismissal(page);
    await popup.getByRole('button', { name: 'Awesome!' }).click();
    // The next one follows; the first never comes back, not even after a reload.
    await page.waitForFunction((name) => document.querySelector('[role="dialog"] p')?.textContent !== name, firstName);
    expect((await awesome).ok()).toBe(true);
    await open(page, server, '/achievements');
    await popup.waitFor();
    await settled(page);
    expect(await popup.locator('p').first().textContent()).not.toBe(firstName);
    // Closing with ✕ dismisses the shown one for good too: it does not come back on the next page.
    const secondName = await popup.locator('p').first().textContent();
    const left = pending.length - 2;
    const closed = dismissal(page);
    await popup.getByRole('button', { name: 'Close' }).click();
    await popup.waitFor({ state: 'detached' });
    expect((await closed).ok()).toBe(true);
    // The rest wait behind Dismiss All; the closed one is no longer among them.
    const waiting = (await (await anna.fetch('/api/achievements/notifications')).json()) as { achievementName: string }[];
    expect(waiting.map((n) => n.achievementName)).not.toContain(secondName);
    const dismissAll = page.getByRole('button', { name: /Dismiss All/ });
    expect(await dismissAll.textContent()).toContain(String(left));
    await page.getByRole('heading', { name: 'In Progress' }).waitFor();
    await screenshot(page, 'achievements-light');
    await page.getByRole('tab', { name: 'Skills' }).click();
    await page.getByRole('tab', { name: 'Altitude' }).click();
    await dismissAll.click();
    await dismissAll.waitFor({ state: 'detached' });
    await open(page, server, '/achievements');
    await page.getByRole('heading', { name: 'Completed' }).waitFor();
    await page.waitForTimeout(500);
    expect(await popup.count()).toBe(0);
    expect(await page.getByRole('button', { name: /Dismiss All/ }).count()).toBe(0);
    await context.close();

    const dark = await browserFor(browser, server, anna, 'dark');
    const darkPage = await dark.newPage();
    await open(darkPage, server, '/achievements');
    await darkPage.getByRole('heading', { name: 'Completed' }).waitFor();
    await screenshot(darkPage, 'achievements-dark');
    await dark.close();
  });

  const completed = () => flights.filter((f) => f.status === 'Completed');

  it('statistics match the uploaded flights and the monthly chart has a bar for July 2024', async () => {
    const done = completed();
    expect(done.length).toBe(4);
    for (const theme of ['light', 'dark'] as const) {
      const context = await browserFor(browser, server, anna, theme);
      const page = await context.newPage();
      await openAndClosePopup(page, server, '/statistics');
      const overall = page.locator('section', { has: page.getByRole('heading', { name: 'Overall Statistics' }) });
      await overall.getByText('Total Flights').waitFor();
      const tile = (label: string) => overall.locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').first();
      expect(await tile('Total Flights').textContent()).toBe(String(done.length));
      expect(await tile('Total Hours').textContent()).toBe(statisticsDuration(done.reduce((n, f) => n + (f.flightTime ?? 0), 0)));
      expect(await tile('Total Distance').textContent()).toBe(`${done.reduce((n, f) => n + (f.distance ?? 0), 0).toFixed(1)} km`);
      expect(await tile('Max Altitude').textContent()).toBe(`${Math.round(Math.max(...done.map((f) => f.maxAltitude ?? 0)))} m`);
      expect(await tile('Max Duration').textContent()).toBe(statisticsDuration(Math.max(...done.map((f) => f.flightTime ?? 0))));

      const yearly = page.getByRole('table', { name: 'Yearly Summary' });
      await expect(yearly.locator('tbody tr').count()).resolves.toBe(2);
      expect(await yearly.locator('tbody tr').first().locator('th').textContent()).toBe('2025');
      expect(await yearly.locator('tbody tr').nth(1).locator('td').first().textContent()).toBe('3');

      await page.getByRole('list', { name: 'Top Launch Sites' }).waitFor();
      expect(await page.getByRole('list', { name: 'Top Launch Sites' }).locator('li').count()).toBe(3);

      const bar = page.getByTestId('bar-2024-7');
      await bar.waitFor();
      const box = await bar.boundingBox();
      expect(box!.height).toBeGreaterThan(10);
      expect(await page.getByTestId('bar-2024-9').count()).toBe(0);
      await screenshot(page, `statistics-${theme}`);
      await bar.hover();
      await expect(page.getByRole('tooltip').textContent()).resolves.toMatch(/July 2024: \d{1,2}:\d\d h/);

      // One year picked: only that year's bars, the year sent to the server.
      const asked = page.waitForRequest((r) => r.url().includes('/api/statistics/monthly-hours?year=2025'));
      await page.getByRole('combobox', { name: 'Year' }).selectOption('2025');
      await asked;
      await page.getByTestId('bar-2025-5').waitFor();
      expect(await page.getByTestId('bar-2024-7').count()).toBe(0);
      await context.close();
    }
  });

  it('a history task opens the flight dialog; a removed flight is restored there and reappears', async () => {
    const victim = completed()[0]!;
    const headers = { 'content-type': 'application/json' };
    expect((await anna.fetch(`/api/flightdetail/${victim.id}/removalreason`, { method: 'PUT', headers, body: JSON.stringify({ removalReason: 2 }) })).status).toBe(200);
    expect((await anna.fetch(`/api/flightdetail/${victim.id}/removaldate`, { method: 'PUT', headers, body: JSON.stringify({ removalDate: new Date().toISOString() }) })).status).toBe(200);
    const listed = async () => ((await (await anna.fetch('/api/FlightDetail')).json()) as Flight[]).map((f) => f.id);
    expect(await listed()).not.toContain(victim.id);

    for (const theme of ['light', 'dark'] as const) {
      const context = await browserFor(browser, server, anna, theme);
      const page = await context.newPage();
      await openAndClosePopup(page, server, '/history');
      await page.getByRole('heading', { name: 'Upload History' }).waitFor();
      await page.getByText('Processed 4 flights, 0 duplicates').waitFor();
      // A task of a few files shows its table open.
      await page.getByRole('table', { name: /Files of/ }).first().waitFor();
      await screenshot(page, `history-${theme}`);

      if (theme === 'light') {
        // An active flight: its date, Active, the map.
        const active = completed()[1]!;
        await page.getByRole('button', { name: `Flight ${active.id}, active: view details` }).click();
        const dialog = page.getByRole('dialog', { name: 'Flight Details' });
        await dialog.getByText('Active').waitFor();
        await dialog.locator('canvas').first().waitFor();
        await page.waitForFunction(() => Number(document.querySelector('[data-testid="flight-path-map"]')?.getAttribute('data-points')) > 100);
        await dialog.getByRole('button', { name: 'Close' }).last().click();
        await dialog.waitFor({ state: 'detached' });
      }

      await page.getByRole('button', { name: `Flight ${victim.id}, removed: view details` }).click();
      const dialog = page.getByRole('dialog', { name: 'Flight Details' });
      await dialog.getByText('Flight Removed').waitFor();
      // The light pass changes the reason to Short Flight; the dark pass finds it so.
      expect(await dialog.getByTestId('current-reason').textContent()).toBe(theme === 'light' ? 'User Requested' : 'Short Flight');
      const update = dialog.getByRole('button', { name: 'Update Reason' });
      expect(await update.isDisabled()).toBe(true);
      // The dialog's map and chart drawn for the picture.
      if (SHOTS_WANTED) await page.waitForTimeout(600);
      await screenshot(page, `history-dialog-${theme}`);

      if (theme === 'light') {
        await dialog.getByLabel('Removal reason').selectOption({ label: 'Short Flight' });
        expect(await update.isDisabled()).toBe(false);
        await update.click();
        await page.waitForFunction(() => document.querySelector('[data-testid="current-reason"]')?.textContent === 'Short Flight');
        expect(await update.isDisabled()).toBe(true);
      } else {
        await dialog.getByRole('button', { name: 'Restore Flight' }).click();
        await dialog.getByTestId('flight-status').getByText('Active').waitFor();
        expect(await dialog.getByText('Flight Removed').count()).toBe(0);
        await dialog.getByRole('button', { name: 'Close' }).last().click();
        // History shows it active again, and the flight list has it back.
        await page.getByRole('button', { name: `Flight ${victim.id}, active: view details` }).waitFor();
        expect(await listed()).toContain(victim.id);
      }
      await context.close();
    }
  });

  it('an admin revalidates a flight; a pilot sees no Debug tab and is refused at /debug', async () => {
    const admin = await pilot(server, ADMIN, 'chief');
    const flight = completed()[2]!;
    for (const theme of ['light', 'dark'] as const) {
      const context = await browserFor(browser, server, admin, theme);
      const page = await context.newPage();
      await open(page, server, '/debug');
      await page.getByRole('link', { name: 'Debug' }).waitFor();
      await page.getByRole('list', { name: 'Flights' }).or(page.locator('dl[aria-label="Flights"]')).waitFor();
      const input = page.getByLabel('Flight ID');
      const button = page.getByRole('button', { name: 'Revalidate Flight' });
      await input.fill('0');
      await page.getByText('Please enter a valid flight ID.').waitFor();
      expect(await button.isDisabled()).toBe(true);
      await input.fill(String(flight.id));
      await button.click();
      await page.getByTestId('revalidate-one-result').waitFor();
      expect(await page.getByTestId('revalidate-one-result').textContent()).toContain(`Flight ${flight.id}:`);
      expect(await page.getByRole('status').filter({ hasText: /revalidated/i }).count()).toBe(1);
      if (theme === 'light') {
        await page.getByRole('button', { name: 'Revalidate All Flights' }).click();
        await page.getByText(/^Processed: \d+ · Changed: \d+$/).waitFor();
      }
      await screenshot(page, `debug-${theme}`);
      await context.close();
    }

    const context = await browserFor(browser, server, anna);
    const page = await context.newPage();
    await openAndClosePopup(page, server, '/statistics');
    await page.getByRole('link', { name: 'Statistics' }).waitFor();
    expect(await page.getByRole('link', { name: 'Debug' }).count()).toBe(0);
    await open(page, server, '/debug');
    await page.getByRole('alert').filter({ hasText: 'This area is for administrators only.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Revalidate Flight' }).count()).toBe(0);
    await screenshot(page, 'debug-refused-light');
    await context.close();
  });

  it('the pages fit a phone screen', async () => {
    const context = await browserFor(browser, server, anna, 'light', 390);
    const page = await context.newPage();
    // The first page is loaded (closing a popup if one comes), the others reached inside the app as its links do.
    for (const [index, [path, ready]] of (
      [
        ['/statistics', (p: Page) => p.getByTestId('bar-2024-7')],
        ['/history', (p: Page) => p.getByTestId('task-status')],
        ['/achievements', (p: Page) => p.getByRole('heading', { name: 'Completed' })],
      ] as const
    ).entries()) {
      if (index === 0) {
        await openAndClosePopup(page, server, path);
        await ready(page).first().waitFor();
      } else await goInApp(page, path, ready);
      // The page's own content is no wider than the screen (wide tables scroll inside their card).
      expect(await page.evaluate(() => document.querySelector('main')!.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, `${path.slice(1)}-390-light`);
    }
    await context.close();
  });
  // Last: it renames two sites, which the tests before do not expect.
  it('two launch sites of the same name are told apart in the statistics and on the Sites page, in English and German', async () => {
    const sites = (await (await anna.fetch('/api/sites')).json()) as { id: number; latitude: number; flightCount: number }[];
    // The launches near Chamonix and in Slovenia (the first two flights share the one near Interlaken).
    const twins = sites.filter((site) => site.flightCount > 0 && site.latitude < 46.5).map((site) => site.id);
    expect(twins).toHaveLength(2);
    // The achievements still pending would pop up over the lists in the screenshots.
    expect((await anna.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' })).status).toBe(200);
    for (const id of twins) expect((await anna.fetch(`/api/sites/${id}`, { method: 'PUT', body: JSON.stringify({ name: 'Great Malvern' }), headers: { 'content-type': 'application/json' } })).status).toBe(200);
    for (const [theme, width, lang] of [['light', undefined, ''], ['dark', undefined, '/de'], ['light', 390, ''], ['dark', 390, '/de']] as const) {
      const context = await browserFor(browser, server, anna, theme, width);
      const page = await context.newPage();
      await openAndClosePopup(page, server, `${lang}/statistics`);
      const ranked = page.locator('section[aria-labelledby="stats-sites"] ol li');
      await ranked.locator('[data-testid="site-distinction"]').nth(1).waitFor();
      const apart = await ranked.evaluateAll((items) => items.map((li) => [li.querySelector('strong')?.textContent, li.querySelector('[data-testid="site-distinction"]')?.textContent ?? null]));
      const malvern = apart.filter(([name]) => name === 'Great Malvern');
      expect(malvern).toHaveLength(2);
      // Both are launches: where each lies among its namesakes tells them apart (Chamonix west, Slovenia east).
      expect(malvern.map(([, distinction]) => distinction).sort()).toEqual(lang ? ['Startplatz Ost', 'Startplatz West'] : ['east launch', 'west launch']);
      expect(apart.filter(([name]) => name !== 'Great Malvern').every(([, distinction]) => distinction === null)).toBe(true);
      await screenshot(page, `statistics-same-name-${theme}${width ? '-390' : ''}${lang.replace('/', '-')}`);
      if (!width) expect(await seriousViolations(page)).toEqual([]);
      if (width) expect(await page.evaluate(() => document.querySelector('main')!.scrollWidth)).toBeLessThanOrEqual(390);

      // Inside the app, as its Sites link does (the pending achievements were dismissed above: no popup to close).
      await goInApp(page, `${lang}/sites`, (p) => p.getByTestId('site-distinction').nth(1));
      const cards = await page.getByTestId('site-distinction').allTextContents();
      expect(cards).toHaveLength(2);
      expect(cards[0]).not.toBe(cards[1]);
      await screenshot(page, `sites-same-name-${theme}${width ? '-390' : ''}${lang.replace('/', '-')}`);
      if (!width) expect(await seriousViolations(page)).toEqual([]);
      if (width) expect(await page.evaluate(() => document.querySelector('main')!.scrollWidth)).toBeLessThanOrEqual(390);
      await context.close();
    }
  }, 180_000);
});
