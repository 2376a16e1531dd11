import type { Browser, Page } from 'playwright-core';
import { generateIgc, thermalFlight } from '../scripts/synthetic-igc';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, launchBrowser, screenshot, startServer, type RunningServer } from './harness';
import { analysed, browserFor, open, pilot, upload } from './pilot';

// Issue 24, clubs and rankings: a pilot starts a club in the browser and makes an invite link, a
// second pilot joins with it; the club page shows both pilots' public flights of today and the
// club's season ranking; the season ranking page lists them. Light, dark and phone width.

jest.setTimeout(600_000);

const today = new Date().toISOString().slice(0, 10);
const json = { 'content-type': 'application/json' };

async function publicPilot(server: RunningServer, name: string, displayName: string, seed: number) {
  const session = await pilot(server, `${name}@example.com`, name);
  await session.fetch('/api/auth/profile', { method: 'PUT', headers: json, body: JSON.stringify({ username: name, email: `${name}@example.com`, displayName }) });
  await upload(session, [{ name: `${name}.igc`, igc: generateIgc(thermalFlight(`${today}T08:00:00Z`, seed)) }]);
  await analysed(session);
  await session.fetch('/api/FlightDetail/visibility', { method: 'PUT', headers: json, body: JSON.stringify({ visibility: 'public' }) });
  await session.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' });
  return session;
}

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

describeBrowser('clubs and rankings journey', () => {
  let server: RunningServer;
  let browser: Browser;
  let clara: HttpSession;
  let dino: HttpSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    clara = await publicPilot(server, 'clara', 'Clara Cumulus', 3);
    dino = await publicPilot(server, 'dino', 'Dino Dust', 8);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('starts a club, invites a second pilot, and shows both on the club page and its ranking', async () => {
    const claraContext = await browserFor(browser, server, clara);
    const page = await claraContext.newPage();
    await open(page, server, '/clubs');
    await page.getByText('You belong to no club yet', { exact: false }).waitFor();
    await page.getByLabel('Club name').fill('Thun Thermal Club');
    await page.getByRole('button', { name: 'Create the club' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thun Thermal Club' }).waitFor();
    expect(page.url()).toContain('/clubs/thun-thermal-club');
    await page.getByRole('button', { name: 'Make an invite link' }).click();
    const invite = await page.getByLabel('Invite link').inputValue();
    expect(invite).toMatch(new RegExp(`^${server.url}/clubs/join/[A-Za-z0-9_-]{32}$`));

    const dinoContext = await browserFor(browser, server, dino, 'dark');
    const dinoPage = await dinoContext.newPage();
    await open(dinoPage, server, invite.slice(server.url.length));
    await dinoPage.getByRole('button', { name: 'Join the club' }).click();
    await dinoPage.getByRole('heading', { level: 1, name: 'Thun Thermal Club' }).waitFor();
    const members = dinoPage.getByRole('region', { name: 'Members' }).or(dinoPage.locator('section', { has: dinoPage.getByRole('heading', { name: 'Members' }) }));
    await members.getByText('Dino Dust (you)').waitFor();
    await members.getByText('Clara Cumulus (admin)').waitFor();
    const todayTable = dinoPage.getByRole('table', { name: 'Flights of today' });
    await todayTable.getByRole('link', { name: 'Clara Cumulus' }).waitFor();
    await todayTable.getByRole('link', { name: 'Dino Dust' }).waitFor();
    const ranking = dinoPage.getByRole('table', { name: /^Club ranking \d{4}$/ });
    expect(await ranking.getByRole('row').count()).toBe(3);
    expect(await seriousViolations(dinoPage)).toEqual([]);
    await screenshot(dinoPage, 'club-page-dark', { settled: true });

    await page.reload();
    await page.getByRole('button', { name: 'Remove Dino Dust' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'club-page-admin-light', { settled: true });

    // The instance's season ranking, filtered through the address.
    await open(page, server, `/rankings?season=${today.slice(0, 4)}`);
    const season = page.getByRole('table', { name: `Season ranking ${today.slice(0, 4)}` });
    await season.getByRole('link', { name: 'Dino Dust' }).or(season.getByText('Dino Dust')).first().waitFor();
    expect(await season.getByRole('row').count()).toBe(3);
    await page.getByLabel('Glider class').selectOption('Tandem');
    await page.getByText('No public scored flights in this season yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await claraContext.close();
    await dinoContext.close();
  });

  it('fits a phone: club page and ranking at 390 px', async () => {
    const context = await browserFor(browser, server, clara, 'light', 390);
    const page = await context.newPage();
    await open(page, server, '/clubs/thun-thermal-club');
    await page.getByRole('table', { name: /^Club ranking/ }).waitFor();
    await noOverflow(page);
    await screenshot(page, 'club-page-phone', { settled: true });
    await open(page, server, `/rankings?season=${today.slice(0, 4)}`);
    await page.getByRole('table', { name: /^Season ranking/ }).waitFor();
    await noOverflow(page);
    await screenshot(page, 'rankings-phone', { settled: true });
    await context.close();
  });
});
