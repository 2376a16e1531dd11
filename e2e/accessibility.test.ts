import type { Page } from 'playwright-core';
import { generateIgc, thermalFlight } from '../scripts/synthetic-igc';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, journey, newContext, showTheme } from './harness';
import { analysed, browserFor, open, pilot, upload } from './pilot';

// Every page, in light and dark (one load, both themes: showTheme), checked with axe-core against WCAG 2.2 AA: no serious or critical
// violation (contrast, names, landmarks, ARIA), as a screen-reader or keyboard user would meet them.

const PUBLIC_PAGES: [string, string][] = [
  ['/', 'Home'],
  ['/login', 'Login'],
  ['/register', 'Register'],
  ['/forgot-password', 'Forgot password'],
  ['/reset-password?code=unknown', 'Reset password'],
  ['/no-such-page', 'Not found'],
];

async function settledPage(page: Page, path: string) {
  await page.locator('h1').first().waitFor();
  // One main landmark, so a screen reader can jump to the content.
  expect(await page.getByRole('main').count()).toBe(1);
  // Lazy sections (charts, the map) and their data: let requests finish before checking.
  await page.waitForLoadState('networkidle');
  if (path.startsWith('/flight/') || path === '/dashboard' || path === '/sites') await page.locator('canvas').first().waitFor();
}

/** A number followed by a metric unit ('12 km', '1500 m', '23.4 km/h', '1.2 m/s'), with a little context. */
function metricUnits(text: string): string[] {
  return [...text.matchAll(/.{0,20}\d\s?(?:km\/h|m\/s|km|m)(?![\p{L}\d])/gu)].map((m) => m[0].trim());
}

async function setUnits(session: HttpSession, units: Record<string, string> | null) {
  const answer = await session.fetch('/api/auth/units', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ units }) });
  expect(answer.status).toBe(200);
}

/**
 * Axe on the loaded page in the light theme, then in the dark one on the same load (showTheme: the context stores no
 * theme, so the page follows the colour scheme as a phone switching to dark mode does). Each violation is named with
 * the page and the theme it was found in.
 */
async function seriousViolationsInBothThemes(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme);
    found.push(...(await seriousViolations(page)).map((v) => `${name} (${theme}): ${v}`));
  }
  return found;
}

describeBrowser('accessibility (axe-core, WCAG 2.2 AA)', () => {
  const { server, browser } = journey();
  let anna: HttpSession;
  let flightId: number;
  let sharedPath: string;

  beforeAll(async () => {
    anna = await pilot(server, 'axe@example.com', 'axe');
    await upload(anna, [{ name: '2024-07-14.igc', igc: generateIgc(thermalFlight('2024-07-14T09:00:00Z', 3, { latitude: 46.68, longitude: 7.86, altitude: 1800 })) }]);
    flightId = (await analysed(anna))[0]!.id;
    // Public and shared, so the imperial pass also reads the pages others see of it (as its owner sees them).
    const share = await anna.fetch(`/api/FlightDetail/${flightId}/share`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({}) });
    sharedPath = new URL(((await share.json()) as { url: string }).url).pathname;
    await anna.fetch(`/api/FlightDetail/${flightId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ visibility: 'public' }) });
    await anna.fetch('/api/profile/public', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enabled: true }) });
    // The achievement popup is checked where it opens (the library journey); here the pages themselves.
    await anna.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' });
  }, 240_000);

  it('public pages have no serious violation in light and dark, and log no error', async () => {
    // A visitor's context stores no theme (newContext): each page is loaded once and checked in both themes.
    const context = await newContext(browser, server);
    const page = await context.newPage();
    // A visitor's visit logs no error (the signed-out session check answers 200, not 401).
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    const found: string[] = [];
    for (const [path, name] of PUBLIC_PAGES) {
      await open(page, server, path);
      await settledPage(page, path);
      found.push(...(await seriousViolationsInBothThemes(page, name)));
    }
    await context.close();
    expect(found).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  // The pages run in imperial units and are read for a metric unit left behind (docs/units.md: one formatting path
  // for every number a pilot reads); axe checks each in light and dark on the same load.
  it('signed-in pages have no serious violation in light and dark (imperial units: no km, m, km/h or m/s left)', async () => {
    await setUnits(anna, { altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' });
    const context = await browserFor(browser, server, anna, 'system');
    const page = await context.newPage();
    const found: string[] = [];
    const metric: string[] = [];
    for (const [path, name] of [
      ['/dashboard', 'Dashboard'],
      [`/flight/${flightId}`, 'Flight'],
      ['/statistics', 'Statistics'],
      ['/history', 'Upload History'],
      ['/achievements', 'Achievements'],
      ['/profile', 'Profile'],
      ['/gliders', 'Gliders'],
      ['/sites', 'Sites'],
      ['/data', 'Your data'],
    ] as const) {
      await open(page, server, path);
      await settledPage(page, path);
      found.push(...(await seriousViolationsInBothThemes(page, name)));
      metric.push(...metricUnits(await page.locator('main').innerText()).map((m) => `${name}: ${m}`));
    }
    // The other pages that show numbers, read for units only (axe checks them in their own journeys). The quiet
    // network stays: their numbers come with lazy sections (charts, the map) and their own requests.
    for (const [path, name] of [
      [`/compare?f=${flightId}`, 'Compare'],
      ['/thermals', 'Thermal map'],
      ['/rankings', 'Rankings'],
      ['/feed', 'Feed'],
      ['/gear', 'Gear'],
      ['/pilots/anna', 'Public pilot page'],
      [sharedPath, 'Shared flight'],
    ] as const) {
      await open(page, server, path);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      metric.push(...metricUnits(await page.locator('main').innerText()).map((m) => `${name}: ${m}`));
    }
    await context.close();
    await setUnits(anna, null);
    expect(found).toEqual([]);
    expect(metric).toEqual([]);
    // Nine pages with axe twice each: two minutes on a quiet machine, more when the machine is shared.
  }, 300_000);
});
