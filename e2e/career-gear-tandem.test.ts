import type { Page } from 'playwright-core';
import { generateIgc, thermalFlight } from '../scripts/synthetic-igc';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, journey, newContext, screenshot } from './harness';
import { analysed, browserFor, open, pilot, upload } from './pilot';

// Issue 37 items 1 and 2 (docs/career.md): a reserve with its repack due on the dashboard, the check
// done with its PDF report, a tandem passenger and the page the passenger opens without an account,
// looked at light and dark, on a desktop and a 390 px phone, with axe.

jest.setTimeout(600_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describeBrowser('gear and tandem journey', () => {
  const { server, browser } = journey();
  let anna: HttpSession;

  beforeAll(async () => {
    anna = await pilot(server, 'career@example.com', 'career');
  }, 240_000);

  const noViolations = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

  it('keeps a reserve’s repack, records it done with its report, and shares a tandem flight with its passenger', async () => {
    await upload(anna, [{ name: 'tandem.igc', igc: generateIgc(thermalFlight('2024-07-14T09:00:00Z', 3)) }]);
    const [flight] = await analysed(anna);
    await anna.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' });

    const context = await browserFor(browser, server, anna);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));

    // A reserve in use since 2020, repacked every 6 months: overdue.
    await open(page, server, '/gear');
    await page.getByText('No gear yet', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Add gear' }).click();
    const itemDialog = page.getByRole('dialog', { name: 'Add gear' });
    await itemDialog.getByLabel('Kind').selectOption('reserve');
    await itemDialog.getByLabel('Name', { exact: true }).fill('Companion SQR 120');
    await itemDialog.getByLabel('In use from').fill('2020-01-01');
    await itemDialog.getByRole('button', { name: 'Add gear' }).click();
    await itemDialog.waitFor({ state: 'detached' });
    const reserve = page.getByRole('article', { name: 'Companion SQR 120' });
    await reserve.getByRole('button', { name: 'Add check to Companion SQR 120' }).click();
    const checkDialog = page.getByRole('dialog', { name: 'Add a check' });
    await checkDialog.getByLabel('Check', { exact: true }).fill('Repack');
    await checkDialog.getByLabel('Every … months').fill('-6');
    await checkDialog.getByRole('button', { name: 'Add check' }).click();
    await checkDialog.getByRole('alert').getByText('1 to 120 months', { exact: false }).waitFor();
    await checkDialog.getByLabel('Every … months').fill('6');
    await checkDialog.getByRole('button', { name: 'Add check' }).click();
    await checkDialog.waitFor({ state: 'detached' });
    await reserve.getByText('Overdue').waitFor();
    await noViolations(page);

    // The dashboard says so.
    await open(page, server, '/dashboard');
    const due = page.getByRole('region', { name: 'Gear checks due' });
    await due.getByText('Companion SQR 120: Repack').waitFor();
    await screenshot(page, 'career-dashboard-due-desktop-light', { settled: true });
    await due.getByRole('link', { name: 'Open your gear' }).click();

    // Done today, with the loft's report attached.
    await reserve.getByRole('button', { name: 'Check done…' }).click();
    const recordDialog = page.getByRole('dialog', { name: 'Repack done' });
    await recordDialog.getByLabel('Done by (optional)').fill('Para-Loft');
    await recordDialog.getByLabel('Report (optional)').setInputFiles({ name: 'repack.pdf', mimeType: 'application/pdf', buffer: PDF });
    await recordDialog.getByRole('button', { name: 'Save check done' }).click();
    await recordDialog.waitFor({ state: 'detached' });
    await reserve.getByText('Up to date').waitFor();
    await reserve.getByText('1 check done').click();
    const report = reserve.getByRole('link', { name: 'Report repack.pdf' });
    const href = await report.getAttribute('href');
    const file = await anna.fetch(href!);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    await noViolations(page);
    await screenshot(page, 'career-gear-desktop-light', { settled: true });

    // The flight's passenger, and the page made for them.
    await open(page, server, `/flight/${flight!.id}`);
    const section = page.getByRole('region', { name: 'Tandem passenger' });
    await section.getByRole('button', { name: 'Add a passenger' }).click();
    await section.getByLabel("Passenger's name").fill('Anna Gast');
    await section.getByLabel('Contact (optional)').fill('anna.gast@example.com');
    await section.getByRole('button', { name: 'Save passenger' }).click();
    await section.getByRole('button', { name: 'Make a page for the passenger' }).click();
    const link = section.getByRole('textbox', { name: 'Passenger page link' });
    await link.waitFor();
    const url = new URL(await link.inputValue());
    // Scrolled down to the passenger, the sticky header covers part of the section tabs, which axe
    // counts as a small target; the page is checked from its top, as in e2e/career.test.ts.
    await page.evaluate(() => window.scrollTo(0, 0));
    await noViolations(page);

    // Statistics count it.
    await open(page, server, '/statistics');
    await page.getByRole('table', { name: 'Tandem flights per season' }).getByRole('row', { name: '2024 1' }).waitFor();
    await context.close();

    // The passenger, without an account, on a phone, in both themes.
    for (const colorScheme of ['light', 'dark'] as const) {
      const visitor = await newContext(browser, server, { colorScheme, width: 390 });
      const phone = await visitor.newPage();
      phone.on('pageerror', (e) => errors.push(String(e)));
      await phone.goto(server.url + url.pathname);
      await phone.getByRole('heading', { level: 1, name: "Anna Gast's tandem flight" }).waitFor();
      await phone.getByRole('heading', { name: 'Height Profile' }).waitFor();
      const text = await phone.locator('body').innerText();
      for (const secret of ['career', 'anna.gast@example.com', 'tandem.igc']) expect(text).not.toContain(secret);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await noViolations(phone);
      await screenshot(phone, `career-passenger-phone-${colorScheme}`, { settled: true });
      await visitor.close();
    }

    // The gear page on a phone in the dark.
    const dark = await browserFor(browser, server, anna, 'dark', 390);
    const darkPage = await dark.newPage();
    await open(darkPage, server, '/gear');
    await darkPage.getByRole('article', { name: 'Companion SQR 120' }).waitFor();
    expect(await darkPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await noViolations(darkPage);
    await screenshot(darkPage, 'career-gear-phone-dark', { settled: true });
    await dark.close();

    // Revoked: the passenger's link is gone.
    await anna.fetch(`/api/FlightDetail/${flight!.id}/passenger/link`, { method: 'DELETE' });
    const gone = await fetch(`${server.url}/api/public/passengers/${url.pathname.split('/').pop()}`);
    expect(gone.status).toBe(404);
    expect(errors).toEqual([]);
  });
});
