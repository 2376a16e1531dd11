import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { FIXTURE_DIR } from '../server/test/helpers/fixtures';
import { describeBrowser, journey, newContext, screenshot, type RunningServer } from './harness';
import type { HttpSession } from '../server/test/helpers/http-session';
import { pilot } from './pilot';

jest.setTimeout(300_000);

/** Real recordings: a triangle, an FAI triangle and two more days. */
const REAL = ['tri.igc', 'fai.igc', '20180427.igc', '20211015.igc'];

async function igcFiles(): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  return REAL.map((name) => ({ name, mimeType: 'application/octet-stream', buffer: readFileSync(join(FIXTURE_DIR, name)) }));
}

/** A verified pilot with a session (`pilot`); its cookies go into the browser context. */
async function signIn(server: RunningServer, context: BrowserContext, email: string) {
  const session = await pilot(server, email, email.split('@')[0]!);
  await context.addCookies([...session.cookies].map(([name, value]) => ({ name, value, url: server.url })));
}

/** Pixels of the map's drawing canvas (the vector layers, apart from the tiles) in a colour range. */
async function mapPixels(page: Page, kind: 'track' | 'highlight'): Promise<number> {
  return page.evaluate((k) => {
    let count = 0;
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="map-panel"] .flight-layers canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || !canvas.width || !canvas.height) continue;
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
        if (k === 'highlight' ? r === 255 && g === 0 && b === 0 && a === 255 : a > 200 && r > 180 && g < 80 && b < 80) count++;
      }
    }
    return count;
  }, kind);
}

/** Retries an expectation on a fresh value until it holds or the time is up. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      check(await read());
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * Achievement popups of the freshly analysed flights would cover the page: dismiss them and reload.
 * Notifications are written just after a flight is stored, so dismiss until two checks in a row find none.
 */
async function dismissAchievements(page: Page) {
  for (let quiet = 0, round = 0; quiet < 2 && round < 60; round++) {
    const pending = await page.evaluate(async () => {
      const list = (await (await fetch('/api/achievements/notifications', { credentials: 'include' })).json()) as unknown[];
      if (!list.length) return 0;
      const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      await fetch('/api/achievements/notifications/dismiss-all', { method: 'POST', credentials: 'include', headers: { 'X-XSRF-TOKEN': token, 'content-type': 'application/json' }, body: '{}' });
      return list.length;
    });
    quiet = pending ? 0 : quiet + 1;
    await new Promise((r) => setTimeout(r, 500));
  }
  await page.reload();
  await page.locator('tbody tr[data-flight-id]').first().waitFor();
}

const selectedId = (page: Page) => page.locator('tr[aria-selected="true"]').getAttribute('data-flight-id');

describeBrowser('dashboard journey', () => {
  const { server, browser } = journey();

  it('uploads, lists, draws, navigates, marks and deletes flights', async () => {
    const context = await newContext(browser, server);
    await signIn(server, context, 'journey@example.com');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));

    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    // An empty logbook opens on the first-run panel (upload your first file), not on an empty map.
    await page.getByRole('heading', { name: 'Welcome to your logbook' }).waitFor();
    expect(await page.getByText('Select a flight to view its path').count()).toBe(0);

    // Upload through the UI.
    const files = await igcFiles();
    await page.getByTestId('upload-input').setInputFiles(files);
    await page.getByText(/Upload successful/).waitFor({ timeout: 60_000 });

    // The period lands in the address; All Years lists every flight.
    await page.waitForURL(/year=\d{4}&month=\d+/);
    // The first flights of an empty logbook: the newest is selected at once, not "Select a flight to view its path".
    await eventually(() => selectedId(page), (v) => expect(v).toBeTruthy(), 60_000);
    // The row is marked before the panel has the flight's details: the prompt goes once they arrive.
    await eventually(() => page.getByText('Select a flight to view its path').count(), (v) => expect(v).toBe(0), 15_000);
    await page.getByLabel('Year').selectOption('all');
    await page.waitForURL(/year=all/);
    const rows = page.locator('tbody tr[data-flight-id]');
    await eventually(() => rows.count(), (v) => expect(v).toBeGreaterThanOrEqual(4), 30_000);
    // Processing rows are polled until every flight is analysed.
    await eventually(() => page.getByText('Processing...').count(), (v) => expect(v).toBe(0), 180_000);
    const count = await rows.count();
    await dismissAchievements(page);

    // Select one: the track is drawn on the map canvas.
    await rows.nth(1).click();
    await page.locator('[data-testid="map-loading"]').waitFor({ state: 'detached', timeout: 30_000 });
    await eventually(() => mapPixels(page, 'track'), (v) => expect(v).toBeGreaterThan(200), 15_000);
    expect(await mapPixels(page, 'highlight')).toBeLessThan(5);

    // Arrow keys move the selection and wrap.
    const first = await selectedId(page);
    await page.keyboard.press('ArrowDown');
    await eventually(() => selectedId(page), (v) => expect(v).not.toBe(first), 10_000);
    await page.keyboard.press('ArrowUp');
    await eventually(() => selectedId(page), (v) => expect(v).toBe(first), 10_000);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    const lastId = await rows.nth(count - 1).getAttribute('data-flight-id');
    await eventually(() => selectedId(page), (v) => expect(v).toBe(lastId), 10_000);
    await page.keyboard.press('ArrowDown');
    const firstId = await rows.nth(0).getAttribute('data-flight-id');
    await eventually(() => selectedId(page), (v) => expect(v).toBe(firstId), 10_000);
    await eventually(() => mapPixels(page, 'track'), (v) => expect(v).toBeGreaterThan(200), 15_000);

    // Hovering the height profile puts the red point on the map.
    const area = page.getByTestId('height-graph-hover-area');
    await area.waitFor();
    await area.scrollIntoViewIfNeeded();
    const box = (await area.boundingBox())!;
    await area.hover({ position: { x: box.width * 0.5, y: box.height * 0.5 } });
    await page.getByRole('tooltip').waitFor();
    await expect(page.getByRole('tooltip').textContent()).resolves.toMatch(/Baro.*GPS.*\d\d:\d\d:\d\d/);
    await eventually(() => mapPixels(page, 'highlight'), (v) => expect(v).toBeGreaterThan(30), 5000);
    await screenshot(page, 'dashboard-1280-light');
    await page.mouse.move(5, 5);
    await eventually(() => mapPixels(page, 'highlight'), (v) => expect(v).toBeLessThan(5), 5000);

    // The flight page, then next and previous.
    const shownId = (await selectedId(page))!;
    await page.getByRole('link', { name: 'View details' }).click();
    await page.waitForURL(new RegExp(`/flight/${shownId}$`));
    await page.getByRole('heading', { name: 'Flight Details' }).waitFor();
    await page.getByText('Flight Time').waitFor();
    await eventually(() => mapPixels(page, 'track'), (v) => expect(v).toBeGreaterThan(200), 15_000);
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    // The first row is the newest flight: no next one, a previous one.
    await eventually(() => previous.isEnabled(), (v) => expect(v).toBe(true), 10_000);
    expect(await next.isDisabled()).toBe(true);
    await previous.click();
    await page.waitForURL((url) => !url.pathname.endsWith(`/flight/${shownId}`));
    await eventually(() => next.isEnabled(), (v) => expect(v).toBe(true), 15_000);
    await next.click();
    await page.waitForURL(new RegExp(`/flight/${shownId}$`));
    await page.getByText('Flight Time').waitFor();
    await screenshot(page, 'flight-1280-light');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/dashboard\?year=all/);

    // Mark the selected flight for review, filter marked, delete it.
    await page.getByLabel('Review reason').selectOption({ label: 'User Requested' });
    await page.getByRole('button', { name: /Mark for Review|Update Reason/ }).click();
    const markedToggle = page.getByRole('button', { name: /Marked for Review \(\d+\)/ });
    await markedToggle.waitFor();
    await eventually(() => markedToggle.textContent(), (v) => expect(v).toMatch(/\((\d+)\)/), 5000);
    const marked = Number(/\((\d+)\)/.exec((await markedToggle.textContent())!)![1]);
    await markedToggle.click();
    await eventually(() => rows.count(), (v) => expect(v).toBe(marked), 10_000);
    await expect(page.getByLabel('Year').isDisabled()).resolves.toBe(true);
    await page.locator(`tr[data-flight-id="${shownId}"]`).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete flight' }).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => rows.count(), (v) => expect(v).toBe(marked - 1), 10_000);
    expect(await page.locator(`tr[data-flight-id="${shownId}"]`).count()).toBe(0);
    await page.getByRole('button', { name: /Marked for Review/ }).click();
    await eventually(() => rows.count(), (v) => expect(v).toBe(count - 1), 10_000);
    expect(await page.locator(`tr[data-flight-id="${shownId}"]`).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  // The three looks share one pilot: the first look to run uploads two recordings through the page and waits for
  // their analysis (the upload and analysis are the same at every width and theme, and the first test checks them
  // in full); the others open the same logbook. Each look still opens its own context at its width and stored theme.
  let looks: HttpSession | undefined;

  it.each([
    [1280, 'dark'],
    [390, 'light'],
    [390, 'dark'],
  ] as const)('looks right at %i px in %s', async (width, theme) => {
    const context = await newContext(browser, server, { width, colorScheme: theme });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const uploadHere = !looks;
    looks ??= await pilot(server, 'looks@example.com', 'looks');
    await context.addCookies([...looks.cookies].map(([name, value]) => ({ name, value, url: server.url })));
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    if (uploadHere) {
      await page.getByTestId('upload-input').setInputFiles((await igcFiles()).slice(0, 2));
      await page.getByText(/Upload successful/).waitFor({ timeout: 60_000 });
    }
    await page.getByLabel('Year').selectOption('all');
    const rows = page.locator('tbody tr[data-flight-id]');
    await eventually(() => page.getByText('Processing...').count(), (v) => expect(v).toBe(0), 180_000);
    if (uploadHere) await dismissAchievements(page);
    await eventually(() => rows.count(), (v) => expect(v).toBe(2), 30_000);
    if (width === 390) {
      // Issue 26: on a phone (390 x 844) the logbook is in view: the first flight row starts within the first screen.
      await page.setViewportSize({ width, height: 844 });
      await rows.first().waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      const top = await rows.first().evaluate((row) => row.getBoundingClientRect().top);
      expect(top).toBeGreaterThan(0);
      expect(top).toBeLessThan(600);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    }
    await rows.first().click();
    await eventually(() => mapPixels(page, 'track'), (v) => expect(v).toBeGreaterThan(100), 15_000);
    await screenshot(page, `dashboard-${width}-${theme}`);
    const id = await selectedId(page);
    await page.goto(`${server.url}/flight/${id}`);
    await page.getByText('Flight Time').waitFor();
    await eventually(() => mapPixels(page, 'track'), (v) => expect(v).toBeGreaterThan(100), 15_000);
    await screenshot(page, `flight-${width}-${theme}`);
    await context.close();
  });
});
