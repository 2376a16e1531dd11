import type { Page } from 'playwright-core';
import { generateIgc, thermalFlight } from '../scripts/synthetic-igc';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, journey, screenshot, type RunningServer } from './harness';
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
  const { server, browser } = journey({ ownServer: {} });
  let clara: HttpSession;
  let dino: HttpSession;

  beforeAll(async () => {
    clara = await publicPilot(server, 'clara', 'Clara Cumulus', 3);
    dino = await publicPilot(server, 'dino', 'Dino Dust', 8);
  }, 600_000);

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
    await dinoPage.getByRole('button', { name: 'Join Thun Thermal Club' }).click();
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
    await page.getByLabel('Glider class').selectOption('');

    // The admin gives the club its home place, chosen from the places with public flights.
    await open(page, server, '/clubs/thun-thermal-club');
    const homePlaces = page.getByRole('region', { name: 'Home places' });
    const placeSelect = homePlaces.getByLabel('Place');
    await placeSelect.locator('option').nth(1).waitFor({ state: 'attached' });
    const placeName = (await placeSelect.locator('option').nth(1).textContent())!;
    await placeSelect.selectOption({ index: 1 });
    await homePlaces.getByRole('button', { name: 'Add home place' }).click();
    await homePlaces.getByRole('button', { name: `Remove ${placeName}` }).waitFor();
    await page.getByRole('link', { name: placeName }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The ranking's pickers: that place and the club; both in the address, so the filtered ranking can be shared.
    await open(page, server, `/rankings?season=${today.slice(0, 4)}`);
    await page.getByLabel('Place').locator('option', { hasText: placeName }).waitFor({ state: 'attached' });
    await page.getByLabel('Place').selectOption({ label: placeName });
    await page.getByLabel('Club').locator('option', { hasText: 'Thun Thermal Club' }).waitFor({ state: 'attached' });
    await page.getByLabel('Club').selectOption({ label: 'Thun Thermal Club' });
    await page.waitForURL(/club=thun-thermal-club/);
    expect(new URL(page.url()).searchParams.get('place')).toMatch(/^[A-Za-z0-9_-]+$/);
    await season.getByRole('row').nth(2).waitFor();
    expect(await season.getByRole('row').count()).toBe(3);
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

  it('shows the ranking pickers and the home-place editor at 390 px, light and dark, in English and German', async () => {
    const year = today.slice(0, 4);
    for (const theme of ['light', 'dark'] as const) {
      for (const lang of ['en', 'de'] as const) {
        const context = await browserFor(browser, server, clara, theme, 390);
        const page = await context.newPage();
        const prefix = lang === 'en' ? '' : `/${lang}`;
        await open(page, server, `${prefix}/rankings?season=${year}&club=thun-thermal-club`);
        await page.getByRole('table').waitFor();
        await page.locator('select option[value="thun-thermal-club"]').waitFor({ state: 'attached' });
        await noOverflow(page);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `rankings-pickers-${theme}-${lang}`, { settled: true });
        await open(page, server, `${prefix}/clubs/thun-thermal-club`);
        await page.locator('#club-places').waitFor();
        await noOverflow(page);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `club-editor-${theme}-${lang}`, { settled: true });
        await context.close();
      }
    }
  });

  it('deletes the club only after the dialog is confirmed; its page is then not found', async () => {
    const context = await browserFor(browser, server, clara);
    const page = await context.newPage();
    await open(page, server, '/clubs/thun-thermal-club');
    await page.getByRole('button', { name: 'Delete Thun Thermal Club' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Thun Thermal Club?' });
    await dialog.getByText('Its 2 members lose the membership').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'club-delete-dialog', { settled: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Thun Thermal Club' }).click();
    await dialog.getByRole('button', { name: 'Delete the club' }).click();
    await page.waitForURL(/\/clubs$/);
    await page.getByText('You belong to no club yet', { exact: false }).waitFor();
    expect((await dino.fetch('/api/clubs/thun-thermal-club')).status).toBe(404);
    await context.close();
  });
});
