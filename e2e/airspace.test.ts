import { CIRCLE, flightIgc, openAir } from '../scripts/airspace-scenario';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, journey, screenshot } from './harness';
import { analysed, browserFor, open, pilot, upload, type Flight } from './pilot';

// Journey (docs/airspace.md): the pilot loads an OpenAir file in the profile, sees the flagged
// flight in the list, the airspace on the map and its floor on the profile, and clears it with a note.
// The flight and the circle are the server tests' (scripts/airspace-scenario.ts); line 7 cannot be read.
const OPENAIR = openAir([...CIRCLE, 'ZZ not a command']);

describeBrowser('airspace: load a file, see the flag, the map and the profile, clear it', () => {
  const { server, browser } = journey();
  let pia: HttpSession;
  let flight: Flight;

  beforeAll(async () => {
    pia = await pilot(server, 'pia25@example.com', 'pia25');
    await upload(pia, [{ name: 'f.igc', igc: flightIgc() }]);
    [flight] = await analysed(pia);
    await pia.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' });
  }, 240_000);

  it('loads the file in the profile, flags the flight, draws it, and keeps a clearance with its note', async () => {
    const context = await browserFor(browser, server, pia, 'light');
    const page = await context.newPage();
    await open(page, server, '/profile');
    const section = page.getByTestId('airspace-personal-files');
    await section.getByLabel('OpenAir file').setInputFiles({ name: 'ctr.txt', mimeType: 'text/plain', buffer: Buffer.from(OPENAIR) });
    await section.getByLabel('Name').fill('Local CTR');
    await section.getByLabel('Valid from').fill('2024-07-01');
    await section.getByLabel('Valid until').fill('2024-07-31');
    await section.getByRole('button', { name: 'Load file' }).click();
    await section.getByText('1 airspace loaded.').waitFor();
    await section.getByText('Line 7: Unknown command "ZZ".').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'airspace-profile-files');
    // "Replace" opens the file's form with its name and dates; cancelled here (the server tests replace).
    await section.getByRole('button', { name: 'Replace Local CTR' }).click();
    const replace = section.getByRole('form', { name: 'Replace Local CTR' });
    expect(await replace.getByLabel('Name').inputValue()).toBe('Local CTR');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'airspace-profile-replace');
    await replace.getByRole('button', { name: 'Cancel' }).click();
    await replace.waitFor({ state: 'detached' });

    // The background re-check flags the flight in the list. `open` returns once the app has mounted,
    // before the list has answered: each look waits for the flight's row, then reads its flag.
    let flagged = false;
    for (let i = 0; i < 20 && !flagged; i++) {
      await open(page, server, '/dashboard');
      await page.locator('tbody tr').first().waitFor();
      flagged = await page.getByTestId('airspace-flag').first().isVisible();
      if (!flagged) await new Promise((r) => setTimeout(r, 500));
    }
    expect(flagged).toBe(true);
    expect(await page.getByTestId('airspace-flag').first().textContent()).toContain('1 airspace infringement');
    await context.close();

    for (const [theme, width] of [['light', undefined], ['dark', undefined], ['light', 390]] as const) {
      const ctx = await browserFor(browser, server, pia, theme, width);
      const p = await ctx.newPage();
      await open(p, server, `/flight/${flight.id}`);
      const row = p.getByTestId('airspace-infringement');
      await row.waitFor();
      expect(await row.textContent()).toContain('Circle CTR');
      await p.getByRole('button', { name: 'Airspace on the map' }).waitFor();
      await p.getByTestId('airspace-limit').first().waitFor({ state: 'attached' });
      // The CTR's floor (4,900 ft, under the track) and ceiling (FL100, over it) on the profile.
      expect(await p.getByTestId('airspace-limit').count()).toBe(2);
      await row.hover();
      await p.getByTestId('hover-line').waitFor({ state: 'attached' });
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(p, `airspace-flight-${theme}${width ? '-phone' : ''}`);
      if (!width) expect(await seriousViolations(p)).toEqual([]);
      await ctx.close();
    }

    // The files panel with a file's replace form, dark at phone width.
    const phone = await browserFor(browser, server, pia, 'dark', 390);
    const profile = await phone.newPage();
    await open(profile, server, '/profile');
    await profile.getByRole('button', { name: 'Replace Local CTR' }).click();
    await profile.getByRole('form', { name: 'Replace Local CTR' }).waitFor();
    expect(await profile.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(profile, 'airspace-profile-replace-dark-phone');
    await phone.close();

    const ctx = await browserFor(browser, server, pia, 'light');
    const p = await ctx.newPage();
    await open(p, server, `/flight/${flight.id}`);
    await p.getByRole('button', { name: /^Mark cleared: Circle CTR at / }).click();
    await p.getByRole('textbox', { name: 'Clearance note' }).fill('cleared by ATC');
    await p.getByRole('button', { name: 'Save clearance' }).click();
    await p.getByText('Cleared: cleared by ATC').waitFor();
    await p.getByText('Every infringement is cleared.').waitFor();
    const listed = (await (await pia.fetch('/api/FlightDetail')).json()) as { airspaceInfringements: number | null }[];
    expect(listed[0]!.airspaceInfringements).toBe(0);
    await ctx.close();
  }, 240_000);
});
