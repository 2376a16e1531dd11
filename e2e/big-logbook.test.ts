import type { Page } from 'playwright-core';
import { seedPilot } from '../server/src/dev/seed-pilot';
import { HttpSession } from '../server/test/helpers/http-session';
import { describeBrowser, journey, screenshot } from './harness';
import { browserFor, open } from './pilot';

jest.setTimeout(300_000);

const SIZE = 10_000;
const PILOT = { email: 'tenyears@flightlog.local', username: 'tenyears', password: 'Ten#Years1' };

/** The selected row's place in the table (aria-rowindex: the header is row 1) and whether it is inside the scrolled list. */
async function selection(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector<HTMLElement>('tr[aria-selected="true"]');
    const list = document.querySelector('table[aria-label="Flights"]')?.parentElement;
    if (!row || !list) return null;
    const r = row.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    return { rowIndex: Number(row.getAttribute('aria-rowindex')), inView: r.top >= l.top - 1 && r.bottom <= l.bottom + 1 };
  });
}

/** Polls until what `read` gives passes `check` (up to 20 s), then asserts it: the failure shows the last value. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => void) {
  let last: T = await read();
  for (let i = 0; i < 200; i++) {
    try {
      check(last);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
      last = await read();
    }
  }
  check(last);
}

const drawnRows = (page: Page) => page.locator('tr[data-flight-id]').count();

describeBrowser('a logbook of 10,000 flights', () => {
  const { server, browser } = journey({ ownServer: {} });
  let session: HttpSession;

  beforeAll(async () => {
    await seedPilot(server.dataDir, PILOT, { count: SIZE });
    session = new HttpSession(server.url);
    await session.fetch('/api/health');
    const login = await session.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: PILOT.email, password: PILOT.password }) });
    expect(login.status).toBe(200);
  });

  it('lists All Years as a window of rows; the arrow keys keep the selection, wrap and scroll it into view', async () => {
    const context = await browserFor(browser, server, session);
    const page = await context.newPage();
    await open(page, server, '/dashboard');
    await page.waitForSelector('tr[data-flight-id]');
    await page.getByRole('combobox', { name: 'Year' }).selectOption('all');
    const table = page.getByRole('grid', { name: 'Flights' });
    await page.waitForFunction((n) => document.querySelector('table[aria-label="Flights"]')?.getAttribute('aria-rowcount') === String(n + 1), SIZE);
    expect(await drawnRows(page)).toBeGreaterThan(5);
    expect(await drawnRows(page)).toBeLessThan(80);

    await page.keyboard.press('ArrowDown');
    await eventually(() => selection(page), (v) => expect(v).toEqual({ rowIndex: 2, inView: true }));
    // Up from the first wraps to the last of 10,000, scrolled into view.
    await page.keyboard.press('ArrowUp');
    await eventually(() => selection(page), (v) => expect(v).toEqual({ rowIndex: SIZE + 1, inView: true }));
    expect(await drawnRows(page)).toBeLessThan(80);
    await page.keyboard.press('ArrowDown');
    await eventually(() => selection(page), (v) => expect(v).toEqual({ rowIndex: 2, inView: true }));
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowDown');
    await eventually(() => selection(page), (v) => expect(v).toEqual({ rowIndex: 32, inView: true }));
    expect(await table.getAttribute('aria-rowcount')).toBe(String(SIZE + 1));
    await screenshot(page, 'big-logbook-dashboard');
    await context.close();
  });

  it('shows the upload of 10,000 files at once and its files a page at a time', async () => {
    const context = await browserFor(browser, server, session);
    const page = await context.newPage();
    await open(page, server, '/history');
    const task = page.getByRole('article', { name: `logbook-${SIZE}-flights.zip` });
    await task.waitFor();
    await eventually(() => task.textContent(), (v) => expect(v).toMatch(/10,000 extracted files/));
    expect(await page.locator('tr').count()).toBe(0);

    await task.getByRole('button', { name: 'Show files' }).click();
    const files = task.getByRole('table', { name: `Files of logbook-${SIZE}-flights.zip` });
    await files.waitFor();
    expect(await files.getByRole('row').count()).toBe(101);
    const pages = task.getByRole('navigation', { name: /Pages of files/ });
    await eventually(() => pages.textContent(), (v) => expect(v).toMatch(/Files 1–100 of 10000/));
    await pages.getByRole('button', { name: 'Next files' }).click();
    await eventually(() => pages.textContent(), (v) => expect(v).toMatch(/Files 101–200 of 10000/));
    expect(await files.getByRole('row').count()).toBe(101);
    // Each file lists its flight.
    expect(await files.getByRole('button', { name: /^Flight \d+, active: view details$/ }).count()).toBe(100);
    await screenshot(page, 'big-logbook-history');
    await context.close();
  });
});
