import type { Page } from 'playwright-core';
import { generateIgc, thermalFlight } from '../scripts/synthetic-igc';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, journey, newContext, screenshot } from './harness';
import { analysed, browserFor, open, pilot, upload } from './pilot';

// Issue 24 items 1 and 4: three pilots' flights of one day compared and replayed; the thermal map
// of the pilot's own flights with a month filter, and the public thermal map a visitor opens from the
// home page. Light, dark and phone width, checked by axe.

jest.setTimeout(600_000);

const shot = (page: Page, name: string) => screenshot(page, name, { settled: true });
const json = { 'content-type': 'application/json' };

/** No horizontal page overflow; on failure, the elements that stick out say where. */
async function noSideScroll(page: Page) {
  const wider = await page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= limit) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > limit + 1)
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
  });
  expect(wider).toEqual([]);
}

describeBrowser('compare and thermal map journey', () => {
  const { server, browser } = journey({ ownServer: {} });
  let anna: HttpSession;
  let annaFlight: number;
  const tokens: string[] = [];

  beforeAll(async () => {
    anna = await pilot(server, 'anna@example.com', 'anna');
    await upload(anna, [{ name: 'anna.igc', igc: generateIgc(thermalFlight('2024-07-14T09:00:00Z', 1)) }]);
    annaFlight = (await analysed(anna))[0]!.id;
    for (const [i, name] of ['ben', 'carla'].entries()) {
      const other = await pilot(server, `${name}@example.com`, name);
      const site = { latitude: 46.68 + 0.004 * (i + 1), longitude: 7.86 + 0.004 * (i + 1), altitude: 1800 };
      await upload(other, [{ name: `${name}.igc`, igc: generateIgc(thermalFlight(`2024-07-14T09:${i ? '10' : '05'}:00Z`, 2 + i, site)) }]);
      const [f] = await analysed(other);
      expect((await other.fetch(`/api/FlightDetail/${f!.id}`, { method: 'PATCH', headers: json, body: JSON.stringify({ visibility: 'public' }) })).status).toBe(200);
      tokens.push(((await (await other.fetch(`/api/FlightDetail/${f!.id}/share`)).json()) as { share: { token: string } }).share.token);
    }
    await anna.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' });
  }, 300_000);

  for (const theme of ['light', 'dark'] as const) {
    it(`compares three flights of one day and plays them (${theme})`, async () => {
      const context = await browserFor(browser, server, anna, theme);
      const page = await context.newPage();
      await open(page, server, `/flight/${annaFlight}`);
      await page.getByRole('group', { name: 'Compare, download and report' }).getByRole('link', { name: 'Compare', exact: true }).click();
      await page.getByRole('list', { name: 'Compared flights' }).waitFor();
      // Add the two public flights by their share links.
      for (const token of tokens) {
        await page.getByLabel("Add a flight: its share link, or your flight's number").fill(`${server.url}/shared/${token}`);
        await page.getByRole('button', { name: 'Add', exact: true }).click();
      }
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="Compared flights"] li').length === 3);
      expect(await page.getByRole('list', { name: 'Compared flights' }).getByRole('link').allTextContents()).toEqual(['anna', 'ben', 'carla']);
      await page.getByTestId('compare-map').locator('canvas').first().waitFor();
      const clock = page.getByTestId('replay-clock');
      const start = await clock.textContent();
      await page.getByLabel('Speed').selectOption('200');
      await page.getByRole('button', { name: 'Play' }).click();
      await page.waitForFunction((before) => document.querySelector('[data-testid="replay-clock"]')?.textContent !== before, start);
      await page.getByRole('button', { name: 'Pause' }).click();
      // Keyboard: End goes to the last landing, where everyone has landed.
      await page.getByRole('group', { name: 'Replay' }).focus();
      await page.keyboard.press('End');
      await page.getByRole('table', { name: 'Standings' }).getByText('(landed)').first().waitFor();
      await page.keyboard.press('Home');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      expect(await page.getByRole('table', { name: 'Standings' }).getByText('(leader)').count()).toBe(1);
      // Anna's flight is private: the comparison has no link to share.
      expect(await page.getByLabel(/Link to this comparison/).count()).toBe(0);
      await shot(page, `compare-${theme}`);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`opens a comparison of public flights for a visitor at phone width, shareable (${theme})`, async () => {
      const context = await newContext(browser, server, { colorScheme: theme, width: 390 });
      await context.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
      const page = await context.newPage();
      await open(page, server, `/compare?f=${tokens.join(',')}`);
      const link = page.getByLabel(/Link to this comparison/);
      await link.waitFor();
      expect(await link.inputValue()).toBe(`${server.url}/compare?f=${tokens.join(',')}`);
      await page.getByRole('table', { name: 'Standings' }).waitFor();
      // Halfway through the day, so the markers and tails are on the map in the screenshot.
      await page.getByRole('group', { name: 'Replay' }).focus();
      for (let i = 0; i < 12; i++) await page.keyboard.press('Shift+ArrowRight');
      await shot(page, `compare-phone-${theme}`);
      await noSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      // An unknown token: the page says which entries to remove.
      await open(page, server, `/compare?f=${tokens[0]},AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
      await page.getByText('One of these flights does not exist or is not public.').waitFor();
      await context.close();
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`lets a visitor open the public thermal map from the home page and filter it (${theme}, 390 px)`, async () => {
      const context = await newContext(browser, server, { colorScheme: theme, width: 390 });
      await context.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
      const page = await context.newPage();
      await open(page, server, '/');
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Thermal map' }).click();
      await page.getByRole('heading', { name: 'Thermal map' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/thermals/public');
      // Only public flights, no choice of scope; the own map needs signing in.
      expect(await page.getByLabel('Flights').count()).toBe(0);
      await page.getByRole('link', { name: 'Sign in' }).waitFor();
      const summary = () => page.getByTestId('thermal-summary').textContent();
      await page.waitForFunction(() => /Thermals in view: [1-9]/.test(document.querySelector('[data-testid="thermal-summary"]')?.textContent ?? ''));
      const all = await summary();
      await page.getByLabel('Month').selectOption({ label: 'January' });
      await page.waitForFunction(() => /Thermals in view: 0\./.test(document.querySelector('[data-testid="thermal-summary"]')?.textContent ?? ''));
      await page.getByLabel('Month').selectOption({ label: 'July' });
      await page.waitForFunction((before) => document.querySelector('[data-testid="thermal-summary"]')?.textContent === before, all);
      // The visitor's download is the public hotspots, fetched without a session.
      const cup = await page.getByRole('link', { name: 'Download hotspots (.cup)' }).getAttribute('href');
      expect(cup).toMatch(/^\/api\/thermals\.cup\?scope=public&/);
      const res = await page.request.get(server.url + cup!);
      expect(res.status()).toBe(200);
      expect((await res.text()).split('\r\n')[0]).toBe('name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc');
      await shot(page, `thermals-public-${theme}-390`);
      await noSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  for (const [theme, width] of [['light', 1280], ['dark', 390]] as const) {
    it(`shows the thermal map of the pilot's own flights and filters it by month (${theme}, ${width} px)`, async () => {
      const context = await browserFor(browser, server, anna, theme, width);
      const page = await context.newPage();
      await open(page, server, '/thermals');
      await page.getByRole('heading', { name: 'Thermal map' }).waitFor();
      const summary = page.getByTestId('thermal-summary');
      await page.waitForFunction(() => /Thermals in view: [1-9]/.test(document.querySelector('[data-testid="thermal-summary"]')?.textContent ?? ''));
      await page.getByRole('table', { name: 'Busiest spots in view' }).waitFor();
      await page.getByLabel('Month').selectOption({ label: 'January' });
      await page.waitForFunction(() => /Thermals in view: 0\./.test(document.querySelector('[data-testid="thermal-summary"]')?.textContent ?? ''));
      await page.getByText('No thermals in view with these filters.').waitFor();
      await page.getByLabel('Month').selectOption({ label: 'July' });
      await page.waitForFunction(() => /Thermals in view: [1-9]/.test(document.querySelector('[data-testid="thermal-summary"]')?.textContent ?? ''));
      expect(await summary.textContent()).toMatch(/Thermals in view: \d+/);
      const cup = await page.getByRole('link', { name: 'Download hotspots (.cup)' }).getAttribute('href');
      const res = await anna.fetch(cup!);
      expect((await res.text()).split('\r\n')[0]).toBe('name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc');
      await shot(page, `thermals-${theme}-${width}`);
      if (width < 400) await noSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
