import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { generateIgc, thermalFlight, type Recording } from '../scripts/synthetic-igc';
import { FIXTURE_DIR } from '../server/test/helpers/fixtures';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, journey, screenshot } from './harness';
import { analysed, browserFor, open, pilot, upload, type Flight } from './pilot';

// Journey: a flight's thermals and glides linked with the map and the profile, the league
// changed in the profile, and a landing corrected by the pilot.

const TRIANGLE = join(FIXTURE_DIR, 'tri.igc');

/** The achievement popup would cover the page: the pilot has seen them all. */
async function dismissAchievements(session: HttpSession) {
  const res = await session.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' });
  expect(res.status).toBe(200);
}

const shot = (page: Page, name: string) => screenshot(page, name);

/** A day of many short thermals circling back near launch: their markers would pile up on the map. */
const manyThermals = (start: string): Recording => ({
  start,
  latitude: 46.68,
  longitude: 7.86,
  altitude: 1800,
  seed: 9,
  phases: [
    { kind: 'ground', seconds: 120 },
    ...Array.from({ length: 18 }, (_, i) => [
      { kind: 'glide' as const, seconds: 90, heading: (i * 137) % 360, sinkMs: 1.0 },
      { kind: 'thermal' as const, seconds: 150, climbMs: 1.6, direction: i % 2 ? ('left' as const) : ('right' as const) },
    ]).flat(),
    { kind: 'glide', seconds: 300, heading: 180, sinkMs: 1.2 },
    { kind: 'ground', seconds: 120 },
  ],
});
/** The thermal markers the map draws: one list of labels per disc, and the one drawn apart (flight-map.ts). */
const drawnThermals = async (page: Page) => {
  const canvas = page.getByTestId('map-canvas');
  const groups = ((await canvas.getAttribute('data-thermal-groups')) ?? '').split(' ').filter(Boolean).map((g) => g.split(','));
  return { groups, active: (await canvas.getAttribute('data-active-thermal')) || null };
};

describeBrowser('flight analysis: thermals, league, corrections', () => {
  const { server, browser } = journey();
  let anna: HttpSession;
  let flights: Flight[];
  const thermalDay = () => flights.find((f) => f.startTime?.startsWith('2024-07-14'))!;
  const busyDay = () => flights.find((f) => f.startTime?.startsWith('2024-07-20'))!;

  beforeAll(async () => {
    anna = await pilot(server, 'anna15@example.com', 'anna15');
    const files = [{ name: '2024-07-14.igc', igc: generateIgc(thermalFlight('2024-07-14T09:00:00Z', 4)) }];
    files.push({ name: 'tri.igc', igc: readFileSync(TRIANGLE, 'latin1') });
    files.push({ name: '2024-07-20.igc', igc: generateIgc(manyThermals('2024-07-20T10:00:00Z')) });
    await upload(anna, files);
    flights = await analysed(anna);
    await dismissAchievements(anna);
  }, 240_000);

  it('shows the thermal table; hovering a thermal moves the map and the profile, and the profile marks the row', async () => {
    for (const [theme, width] of [['light', undefined], ['dark', undefined], ['light', 390]] as const) {
      const context = await browserFor(browser, server, anna, theme, width);
      const page = await context.newPage();
      await open(page, server, `/flight/${thermalDay().id}`);
      const table = page.getByRole('table', { name: 'Thermals' });
      await table.waitFor();
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBe(2);
      await page.getByTestId('height-graph').waitFor();
      expect(await page.getByTestId('thermal-band').count()).toBe(2);

      await rows.first().hover();
      await page.getByTestId('hover-line').waitFor({ state: 'attached' });
      const highlight = await page.getByTestId('map-panel').getAttribute('data-highlight');
      expect(highlight).toMatch(/^46\.\d+,7\.\d+$/);
      await shot(page, `flight-thermals-${theme}${width ? '-phone' : ''}`);
      await page.mouse.move(0, 0);

      // Hovering the profile inside the second thermal marks its row.
      const band = page.getByTestId('thermal-band').nth(1);
      const box = (await band.boundingBox())!;
      await page.getByTestId('height-graph-hover-area').hover({ position: { x: box.x - (await page.getByTestId('height-graph-hover-area').boundingBox())!.x + box.width / 2, y: 20 } });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="thermal-row"]')[1]?.getAttribute('data-active') === 'true');

      await page.getByRole('button', { name: 'Colour by climb' }).click();
      expect(await page.getByRole('button', { name: 'Colour by climb' }).getAttribute('aria-pressed')).toBe('true');
      await shot(page, `flight-climb-${theme}${width ? '-phone' : ''}`);
      if (!width) expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  }, 180_000);

  it('groups a busy day’s thermal markers without losing one; a clicked row draws its marker apart', async () => {
    for (const [theme, width] of [['light', undefined], ['dark', undefined], ['light', 390]] as const) {
      const context = await browserFor(browser, server, anna, theme, width);
      const page = await context.newPage();
      await open(page, server, `/flight/${busyDay().id}`);
      const expand = page.getByTestId('thermal-expand');
      await expand.waitFor();
      const total = Number(/\d+/.exec((await expand.textContent()) ?? '')![0]);
      expect(total).toBeGreaterThan(10);
      await page.waitForFunction(() => !!document.querySelector('[data-testid="map-canvas"]')?.getAttribute('data-thermal-groups'));
      const fitted = await drawnThermals(page);
      // Every thermal is on the map, and those that would overlap share a disc.
      expect(fitted.groups.flat()).toHaveLength(total);
      expect(fitted.groups.length).toBeLessThan(total);
      await shot(page, `flight-many-thermals-${theme}${width ? '-phone' : ''}`);

      const row = page.getByTestId('thermal-row').first();
      const number = (await row.getByRole('rowheader').textContent())!;
      await row.click();
      await page.waitForFunction((n) => document.querySelector('[data-testid="map-canvas"]')?.getAttribute('data-active-thermal') === n, number);
      const clicked = await drawnThermals(page);
      expect(clicked.groups.flat()).not.toContain(number);
      expect(clicked.groups.flat()).toHaveLength(total - 1);
      await shot(page, `flight-many-thermals-clicked-${theme}${width ? '-phone' : ''}`);
      if (!width) expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  }, 180_000);

  it('corrects the landing by typing a time, and the distance changes', async () => {
    const context = await browserFor(browser, server, anna, 'light');
    const page = await context.newPage();
    await open(page, server, `/flight/${thermalDay().id}`);
    const distance = page.locator('dt', { hasText: 'XC Distance' }).locator('xpath=..').locator('dd');
    await distance.waitFor();
    const before = await distance.textContent();
    await page.getByRole('button', { name: 'Correct takeoff and landing' }).click();
    const landing = page.getByRole('textbox', { name: 'Landing' });
    // The times open once the track is loaded; a loaded machine (CI) took longer than a fill's 30 s.
    await landing.waitFor({ timeout: 90_000 });
    await landing.fill('11:25:00'); // 09:25 UTC in Interlaken's summer time
    await landing.blur();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Takeoff and landing corrected.').waitFor();
    await page.waitForFunction((old) => document.querySelector('[data-testid="flight-score"]')?.textContent?.includes('set by the pilot') && !!old, before);
    await page.waitForFunction(
      (old) => [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'XC Distance')?.nextElementSibling?.textContent !== old,
      before,
    );
    expect(await distance.textContent()).not.toBe(before);
    await shot(page, 'flight-corrected-light');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it('changes the league in the profile and the flight page shows the new score under its name', async () => {
    const triangle = flights.find((f) => f.startTime && f !== thermalDay() && f !== busyDay())!;
    const context = await browserFor(browser, server, anna, 'light');
    const page = await context.newPage();
    await open(page, server, `/flight/${triangle.id}`);
    await page.getByTestId('flight-score').getByText('scored under XContest').waitFor();
    const before = await page.getByTestId('flight-score').textContent();

    await open(page, server, '/profile');
    await page.getByRole('combobox', { name: 'League rules your flights are scored under' }).selectOption('FFVL');
    await page.getByText('Scoring rules changed to FFVL CFD.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('rescoring').waitFor({ state: 'detached', timeout: 60_000 });
    await shot(page, 'profile-league-light');
    await dismissAchievements(anna);

    await open(page, server, `/flight/${triangle.id}`);
    await page.getByTestId('flight-score').getByText('scored under FFVL CFD').waitFor();
    expect(await page.getByTestId('flight-score').textContent()).not.toBe(before);
    await context.close();
  }, 120_000);
});
