import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, journey, newContext } from './harness';
import { ANNA, browserFor, dismissAchievements, jsonRequest, namedPilot, oneFlight, open, shareToken } from './pilot';
import { journeyShots } from './shots';

// Issue 36: a visitor's header links, the pilot's confirmation before going private (the same address
// comes back), and a public flight's track download that the pilot allowed; light and dark, phone and
// desktop, each screen checked by axe-core. Screenshots go to SHOTS_DIR (else e2e/screenshots).

jest.setTimeout(600_000);

const shot = journeyShots('going-private');

const LOOKS = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 390 },
] as const;

describeBrowser('going private, visitor header and track download', () => {
  const { server, browser } = journey({ ownServer: {} });
  let anna: HttpSession;
  let flightId: number;
  let token = '';

  beforeAll(async () => {
    anna = await namedPilot(server, ANNA);
    flightId = await oneFlight(anna, 'interlaken.igc');
    await dismissAchievements(anna);
    await anna.fetch(`/api/FlightDetail/${flightId}`, jsonRequest('PATCH', { visibility: 'public' }));
    token = await shareToken(anna, flightId);
  }, 240_000);

  it('the pilot allows the download; a visitor sees the header links and downloads the track', async () => {
    const a = await (await browserFor(browser, server, anna)).newPage();
    await open(a, server, `/flight/${flightId}`);
    await a.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: 'Share this flight' });
    const download = dialog.getByLabel('Others may download the track (IGC, GPX)');
    expect(await download.inputValue()).toBe('default');
    await Promise.all([a.waitForResponse((r) => r.url().endsWith('/track-download') && r.request().method() === 'PUT'), download.selectOption('allowed')]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await a.context().close();

    for (const { theme, width } of LOOKS) {
      const visitor = await (await newContext(browser, server, { colorScheme: theme, width })).newPage();
      await visitor.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
      await open(visitor, server, `/shared/${token}`);
      await visitor.getByRole('heading', { name: "Anna Alpin's flight" }).waitFor();
      const header = visitor.getByRole('banner');
      // On a phone the links, language, theme and sign-in fold behind the header's Menu button.
      if (width <= 600) {
        const menu = header.getByRole('button', { name: 'Menu' });
        await menu.click();
        expect(await menu.getAttribute('aria-expanded')).toBe('true');
      }
      const main = header.getByRole('navigation', { name: 'Main' });
      expect(await main.getByRole('link').allTextContents()).toEqual(['Rankings', 'Thermal map']);
      await header.getByRole('link', { name: 'Login' }).waitFor();
      await header.getByRole('link', { name: 'Register' }).waitFor();
      const group = visitor.getByRole('group', { name: 'Download the track' });
      const gpx = group.getByRole('link', { name: 'Download GPX' });
      const href = (await gpx.getAttribute('href'))!;
      expect(href).toBe(`/api/public/flights/${token}/track.gpx`);
      const file = await visitor.request.get(server.url + href);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="2024-07-14_\d{4}_[^"]*\.gpx"/);
      expect(await file.text()).toContain('<trkpt');
      const igc = await visitor.request.get(server.url + (await group.getByRole('link', { name: 'Download IGC' }).getAttribute('href'))!);
      expect((await igc.text()).startsWith('A')).toBe(true);
      const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(visitor, `shared-${width}-${theme}`);
      expect(await seriousViolations(visitor)).toEqual([]);
      await visitor.context().close();
    }
  });

  it('going private asks first; the link stops, and made public again the same address opens the flight', async () => {
    for (const { theme, width } of LOOKS) {
      const a = await (await browserFor(browser, server, anna, theme, width)).newPage();
      await open(a, server, `/flight/${flightId}`);
      // On a phone the flight's share and export actions fold behind "More".
      if (width && width <= 600) await a.getByRole('button', { name: /More/ }).click();
      const who = a.getByLabel('Who can see this flight');
      await who.selectOption('private');
      const confirm = a.getByRole('dialog', { name: 'Make this flight private?' });
      await confirm.getByText('The link stops working until you make the flight public again', { exact: false }).waitFor();
      await shot(a, `confirm-${width}-${theme}`);
      expect(await seriousViolations(a)).toEqual([]);
      if (theme === 'light') {
        // Cancel changes nothing.
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await confirm.waitFor({ state: 'detached' });
        expect(await who.inputValue()).toBe('public');
      } else {
        await Promise.all([a.waitForResponse((r) => r.url().endsWith(`/api/FlightDetail/${flightId}`) && r.request().method() === 'PATCH'), confirm.getByRole('button', { name: 'Make private' }).click()]);
      }
      await a.context().close();
    }

    const visitor = await (await newContext(browser, server, { width: 390 })).newPage();
    await open(visitor, server, `/shared/${token}`);
    await visitor.getByRole('heading', { name: 'This flight is not shared' }).waitFor();
    expect((await visitor.request.get(`${server.url}/api/public/flights/${token}/track.gpx`)).status()).toBe(404);

    await anna.fetch(`/api/FlightDetail/${flightId}`, jsonRequest('PATCH', { visibility: 'public' }));
    await visitor.reload();
    await visitor.getByRole('heading', { name: "Anna Alpin's flight" }).waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitor.context().close();
  });
});
