import type { Page } from 'playwright-core';
import { generateIgc, thermalFlight } from '../scripts/synthetic-igc';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, goInApp, journey, screenshot, showTheme, SHOTS_WANTED } from './harness';
import { analysed, browserFor, open, pilot, upload } from './pilot';

// Issue 14, the pilot's own logbook: a wing linked by its IGC glider type, a note found again by
// one of its words, sites renamed and merged, a flight without a track, and the wing's hours.

jest.setTimeout(600_000);

const INTERLAKEN = { latitude: 46.68, longitude: 7.86, altitude: 1800 };
/** About 6 km away: a second site. */
const NIESEN = { latitude: 46.645, longitude: 7.65, altitude: 2300 };

async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      check(await read());
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

// A screenshot (when asked for) once the network is quiet; the checks wait for what they need themselves.
const shot = (page: Page, name: string) => screenshot(page, name, { settled: 'for-shot' });

const rows = (page: Page) => page.locator('tbody tr[data-flight-id]');

describeBrowser('logbook journey', () => {
  const { server, browser } = journey();
  let anna: HttpSession;

  beforeAll(async () => {
    anna = await pilot(server, 'logbook@example.com', 'logbook');
  }, 240_000);

  it('links a wing, finds a note, renames and merges sites, adds a flight without a track, and shows the check due', async () => {
    const context = await browserFor(browser, server, anna);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));

    // A wing first, checked long ago every 12 months: its check is due.
    await open(page, server, '/gliders');
    await page.getByText('No gliders yet', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Add glider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a glider' });
    await dialog.getByRole('button', { name: 'Add glider' }).click();
    await dialog.getByText('Manufacturer is required.').waitFor();
    await dialog.getByLabel('Manufacturer').fill('Ozone');
    await dialog.getByLabel('Model').fill('Rush 6');
    // The class is asked, never assumed.
    await dialog.getByLabel('Class').selectOption('EN B');
    await dialog.getByLabel('Last check').fill('2022-03-01');
    await dialog.getByLabel('Check every … months').fill('12');
    await dialog.getByRole('button', { name: 'Add glider' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Ozone Rush 6' }).waitFor();

    // Two flights: one whose IGC glider type matches the wing (other case and punctuation), at two sites.
    await upload(anna, [
      { name: 'interlaken.igc', igc: generateIgc({ ...thermalFlight('2024-07-14T09:00:00Z', 1, INTERLAKEN), gliderType: 'OZONE RUSH-6' }) },
      { name: 'niesen.igc', igc: generateIgc({ ...thermalFlight('2024-07-20T10:00:00Z', 2, NIESEN), gliderType: 'Advance Iota' }) },
    ]);
    const flights = await analysed(anna);
    expect(flights).toHaveLength(2);
    await anna.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' });

    // The matching flight shows the wing in its details.
    await open(page, server, '/dashboard?year=2024&month=7');
    await eventually(() => rows(page).count(), (n) => expect(n).toBe(2));
    await rows(page).last().click();
    const panel = page.getByRole('region', { name: 'Selected flight' });
    await panel.getByLabel('Glider').waitFor();
    await eventually(() => panel.getByLabel('Glider').evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? ''), (text) => expect(text).toBe('Ozone Rush 6'));

    // A note with a line break, saved, then found by one of its words in another case.
    await panel.getByLabel('Notes').fill('Thermik bis zur Wolkenbasis\nLanding in strong valley wind');
    await panel.getByRole('button', { name: 'Save notes' }).click();
    await panel.getByText('All changes saved').waitFor();
    const noted = await page.locator('tr[aria-selected="true"]').getAttribute('data-flight-id');
    await page.getByRole('searchbox', { name: 'Search notes, sites and gliders' }).fill('WOLKENBASIS');
    await page.waitForURL(/q=WOLKENBASIS/);
    await page.getByText('1 flight in all years matches “WOLKENBASIS”', { exact: false }).waitFor();
    await eventually(() => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-flight-id'))), (ids) => expect(ids).toEqual([noted]));
    await page.getByRole('button', { name: 'Clear search' }).click();
    await eventually(() => rows(page).count(), (n) => expect(n).toBe(2));
    expect(page.url()).not.toContain('q=');

    // Sites: rename one, merge the other into it; the statistics' site list follows.
    await open(page, server, '/sites');
    const list = page.getByRole('list', { name: 'Your sites' });
    await eventually(() => list.getByRole('listitem').count(), (n) => expect(n).toBeGreaterThanOrEqual(2));
    // The two launch sites (landings have sites of their own).
    const launches = ((await (await anna.fetch('/api/sites')).json()) as { name: string; flightCount: number }[]).filter((s) => s.flightCount > 0).map((s) => s.name);
    expect(launches).toHaveLength(2);
    const [firstName, other] = launches as [string, string];
    await page.getByRole('button', { name: `Rename ${firstName}` }).click();
    await page.getByLabel('New name').fill('Amisbühl');
    await page.getByRole('button', { name: 'Save name' }).click();
    await list.getByText('Amisbühl', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Merge ${other} into another site` }).click();
    const merge = page.getByRole('dialog', { name: `Merge ${other}` });
    await merge.getByLabel('Merge into').selectOption({ label: 'Amisbühl' });
    await merge.getByRole('button', { name: 'Merge sites' }).click();
    await merge.waitFor({ state: 'detached' });
    await eventually(() => list.getByRole('listitem').locator('strong').allTextContents(), (names) => expect(names).not.toContain(other));
    await shot(page, 'sites-1280-light');

    await open(page, server, '/statistics');
    const top = page.getByRole('list', { name: 'Top Launch Sites' });
    await top.waitFor();
    await eventually(() => top.getByRole('listitem').allTextContents(), (items) => expect(items.some((i) => i.includes('Amisbühl') && i.includes('2 flights'))).toBe(true));
    const totalBefore = await page.getByText('Total Flights').locator('..').locator('dd').first().textContent();
    expect(totalBefore).toBe('2');

    // A flight without a track, launched at the renamed site: it lands in its month and in the totals.
    await open(page, server, '/dashboard');
    await page.getByRole('button', { name: 'Add flight without a track' }).click();
    const add = page.getByRole('dialog', { name: 'Add a flight without a track' });
    await add.getByLabel('Takeoff (local date and time)').fill('2023-05-01T10:00');
    await add.getByLabel('Duration (h:mm)').fill('1:30');
    await add.getByLabel('Launch site').selectOption({ label: 'Amisbühl' });
    await add.getByLabel('Notes').fill('Tandem with Eva, instrument left at home');
    await shot(page, 'add-flight-1280-light');
    await add.getByRole('button', { name: 'Add flight' }).click();
    await add.waitFor({ state: 'detached' });
    await page.waitForURL(/year=2023&month=5/);
    await eventually(() => rows(page).count(), (n) => expect(n).toBe(1));
    await page.locator('tr[aria-selected="true"]').waitFor();
    await page.getByTestId('no-track').waitFor();
    // The achievements this flight earned would cover the screenshots.
    await anna.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' });

    await open(page, server, '/statistics');
    await eventually(() => page.getByText('Total Flights').locator('..').locator('dd').first().textContent(), (t) => expect(t).toBe('3'));
    await page.getByRole('table', { name: 'Flights per glider' }).waitFor();
    await shot(page, 'statistics-1280-light');

    // The Gliders page: the wing's hours and its check due, in words.
    await open(page, server, '/gliders');
    const rush = page.getByRole('article', { name: 'Ozone Rush 6' });
    await rush.getByText('Check due').waitFor();
    const hours = await rush.getByText('Hours').locator('..').locator('dd').textContent();
    expect(hours).toMatch(/^\d+:\d\d$/);
    expect(hours).not.toBe('0:00');
    // A quiet network before the page's errors are read, screenshot or not.
    await screenshot(page, 'gliders-1280-light', { settled: true });
    expect(errors).toEqual([]);
    await context.close();

    // Screenshots: dark, phone width, French and German (the achievements earned on the way dismissed first).
    // At full width the pages and dialogs, filled with a wing, sites and flights, are checked with axe too.
    // One context per width and language; each page is shown once and checked in each of the variant's themes
    // (showTheme switches the shown page), starting with the one the last check left.
    const violations: string[] = [];
    const check = async (p: Page, name: string, width: number) => {
      if (width === 1280) violations.push(...(await seriousViolations(p)).map((v) => `${name}: ${v}`));
    };
    await anna.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' });
    for (const { width, prefix, tags } of [
      { width: 1280, prefix: '', tags: { light: '1280-light', dark: '1280-dark' } },
      { width: 390, prefix: '', tags: { light: '390-light', dark: '390-dark' } },
      { width: 1280, prefix: '/fr', tags: { light: '1280-fr' } },
      { width: 390, prefix: '/de', tags: { dark: '390-de-dark' } },
    ] as { width: number; prefix: string; tags: Partial<Record<'light' | 'dark', string>> }[]) {
      const themes = Object.keys(tags) as ('light' | 'dark')[];
      let theme = themes[0]!;
      const ctx = await browserFor(browser, server, anna, 'system', width);
      const p = await ctx.newPage();
      await p.emulateMedia({ colorScheme: theme });
      /** Runs `what` on the page as it is now in each of the variant's themes, the one it shows first. */
      const inEachTheme = async (what: (tag: string) => Promise<void>) => {
        for (const next of themes.includes(theme) ? [theme, ...themes.filter((t) => t !== theme)] : themes) {
          await showTheme(p, (theme = next));
          await what(tags[next]!);
        }
      };
      // The first page is loaded, the others reached inside the app, as its links take the pilot there.
      for (const [index, path] of ['/gliders', '/sites', '/dashboard?year=2023&month=5', '/statistics'].entries()) {
        if (index === 0) {
          await open(p, server, `${prefix}${path}`);
          await p.locator('h1').first().waitFor();
        } else await goInApp(p, `${prefix}${path}`, (q) => q.locator('h1'));
        // Lazy sections (charts, the map) and their data, before axe (full width) or a screenshot.
        if (width === 1280 || SHOTS_WANTED) await p.waitForLoadState('networkidle');
        if (path.startsWith('/dashboard')) {
          await rows(p).first().click();
          await p.getByTestId('no-track').waitFor();
        }
        await inEachTheme(async (tag) => {
          await shot(p, `${path.slice(1).split('?')[0]}-${tag}`);
          await check(p, `${path} ${tag}`, width);
        });
        if (path === '/gliders') {
          await p.getByRole('button', { name: /Ozone Rush 6/ }).first().click();
          await p.getByRole('dialog').waitFor();
          await inEachTheme(async (tag) => {
            await shot(p, `glider-dialog-${tag}`);
            await check(p, `glider dialog ${tag}`, width);
          });
        }
        if (path.startsWith('/dashboard')) {
          await p.getByRole('button', { name: /without a track|Without track|sans trace|Sans trace|ohne Track|Ohne Track/ }).click();
          await p.getByRole('dialog').waitFor();
          await inEachTheme(async (tag) => {
            await shot(p, `add-flight-${tag}`);
            await check(p, `add-flight dialog ${tag}`, width);
          });
          if (tags.light === '1280-light') {
            // A new launch site placed with a click on the map.
            await showTheme(p, (theme = 'light'));
            const tag = tags.light;
            const dialog = p.getByRole('dialog');
            await dialog.getByLabel('Launch site').selectOption('new');
            const map = dialog.getByRole('group', { name: 'Map for placing the new launch site' });
            await map.locator('canvas').first().waitFor();
            const box = (await map.boundingBox())!;
            await p.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.6);
            await eventually(() => dialog.getByLabel('Latitude').inputValue(), (v) => expect(Number(v)).toBeGreaterThan(40));
            await shot(p, `add-flight-new-site-${tag}`);
            await check(p, `add-flight new site ${tag}`, width);
          }
        }
      }
      await ctx.close();
    }
    expect(violations).toEqual([]);
  });
});
