import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { generateIgc, thermalFlight } from '../scripts/synthetic-igc';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, launchBrowser, newContext, startServer, type RunningServer } from './harness';
import { ANNA, BEN, analysed, browserFor, dismissAchievements, jsonRequest, namedPilot, open, pilot, shareToken, upload } from './pilot';
import { journeyShots } from './shots';

// Issue 36, the parts a visitor judges the community by: Anna publishes after review (a sailplane
// recording and two paragliding flights wait; she publishes two and keeps one private); a visitor finds
// the sailplane among sailplanes only, never in the paragliding ranking; Anna's public page counts her
// public flights only; the place page opens on its latest day with public flights; an admin hides a
// reported comment on the moderation page and both the reporter and the author hear of it. Light and
// dark, phone and desktop, English and German, each page checked by axe-core. Screenshots go to
// SHOTS_DIR (else e2e/screenshots).

jest.setTimeout(600_000);

const shot = journeyShots('fair-public');
// The sailplane recording of server/test/fixtures/igc/SOURCES.md: an ASG-29E, 4 May 2016.
const SAILPLANE_IGC = readFileSync(resolve(__dirname, '../server/test/fixtures/igc/654G6NG1.IGC'), 'latin1');

const LOOKS = [
  { theme: 'light', width: 1280, lang: '' },
  { theme: 'dark', width: 390, lang: '/de' },
] as const;

async function fits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

describeBrowser('fair and private in public: review, categories, public totals, place day, moderation', () => {
  let server: RunningServer;
  let browser: Browser;
  let anna: HttpSession;
  let ben: HttpSession;
  let admin: HttpSession;
  let publicToken = '';

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAILS: 'admin@example.com' });
    browser = await launchBrowser();
    anna = await namedPilot(server, ANNA);
    ben = await namedPilot(server, BEN);
    admin = await pilot(server, 'admin@example.com', 'admin');
    expect((await anna.fetch('/api/profile/community', jsonRequest('PUT', { defaultVisibility: 'review' }))).status).toBe(200);
    expect((await anna.fetch('/api/profile/public', jsonRequest('PUT', { enabled: true }))).status).toBe(200);
    await upload(anna, [
      { name: 'asg29.igc', igc: SAILPLANE_IGC },
      { name: 'niesen-14.igc', igc: generateIgc(thermalFlight('2024-07-14T09:00:00Z', 5)) },
      { name: 'niesen-15.igc', igc: generateIgc(thermalFlight('2024-07-15T09:00:00Z', 6)) },
    ]);
    expect(await analysed(anna)).toHaveLength(3);
    await dismissAchievements(anna, ben, admin);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('three new flights wait for review; Anna publishes two and keeps the newest private', async () => {
    const a = await (await browserFor(browser, server, anna)).newPage();
    await open(a, server, '/dashboard');
    const panel = a.getByRole('region', { name: '3 flights wait for your review' });
    await panel.waitFor();
    // Nothing is public before she decides.
    expect(((await (await anna.fetch('/api/FlightDetail')).json()) as { visibility: string }[]).map((f) => f.visibility)).toEqual(['private', 'private', 'private']);
    await shot(a, 'review-1280-light');
    expect(await seriousViolations(a)).toEqual([]);
    // Newest first: 15 July 2024 (kept private), 14 July 2024, 4 May 2016 (both published).
    await panel.getByRole('button', { name: /^Keep private: the flight of / }).first().click();
    await a.getByRole('region', { name: '2 flights wait for your review' }).getByRole('button', { name: /^Publish the flight of / }).first().click();
    await a.getByRole('region', { name: '1 flight waits for your review' }).getByRole('button', { name: /^Publish the flight of / }).click();
    await a.getByRole('region', { name: /wait/ }).waitFor({ state: 'detached' });
    const flights = ((await (await anna.fetch('/api/FlightDetail')).json()) as { id: number; startTime: string; visibility: string }[]).sort((x, y) => y.startTime.localeCompare(x.startTime));
    expect(flights.map((f) => [f.startTime.slice(0, 10), f.visibility])).toEqual([
      ['2024-07-15', 'private'],
      ['2024-07-14', 'public'],
      ['2016-05-04', 'public'],
    ]);
    publicToken = await shareToken(anna, flights[1]!.id);
    await a.context().close();
  });

  it('a visitor finds the sailplane among sailplanes only, and Anna’s page counts her public flights only', async () => {
    for (const { theme, width, lang } of LOOKS) {
      const tag = `${width}-${theme}${lang ? '-de' : ''}`;
      const visitor = await (await newContext(browser, server, { colorScheme: theme, width })).newPage();
      await visitor.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
      const rows = visitor.locator('section[aria-labelledby="ranking-rows"]');

      // The paragliding ranking of 2016 (the default category) has no sailplane in it.
      await open(visitor, server, `${lang}/rankings?season=2016`);
      await rows.getByText(lang ? 'In dieser Saison noch keine öffentlichen gewerteten Flüge.' : 'No public scored flights in this season yet.').waitFor();
      // Among sailplanes, Anna's ASG-29 ranks.
      await open(visitor, server, `${lang}/rankings?season=2016&category=sailplane`);
      await rows.getByRole('table').getByText('Anna Alpin').waitFor();
      await fits(visitor);
      await shot(visitor, `rankings-sailplane-${tag}`);
      expect(await seriousViolations(visitor)).toEqual([]);
      // Her paragliding season 2024 counts the public flight of 14 July only.
      await open(visitor, server, `${lang}/rankings?season=2024`);
      const links = rows.getByRole('table').getByRole('link');
      await links.first().waitFor();
      const hrefs = await links.evaluateAll((as) => as.map((el) => el.getAttribute('href') ?? ''));
      expect(hrefs.filter((h) => h.includes('/shared/'))).toEqual([`${lang}/shared/${publicToken}`]);

      // Her public page: two public flights (the sailplane and 14 July), not the private one of 15 July.
      await open(visitor, server, `${lang}/pilots/${ANNA.username}`);
      const totals = visitor.locator('dl').first();
      await totals.waitFor();
      expect(await totals.locator('dt').first().textContent()).toBe(lang ? 'Flüge gesamt' : 'Total Flights');
      expect(await totals.locator('dd').first().textContent()).toBe('2');
      expect(await visitor.locator('body').textContent()).not.toMatch(/15[./]0?7[./]2024|Jul(y)? 15|15 Jul/);
      await fits(visitor);
      await shot(visitor, `pilot-page-${tag}`);
      expect(await seriousViolations(visitor)).toEqual([]);

      // The place page opens on 14 July, its latest day with public flights (15 July was private).
      const placeId = ((await (await fetch(`${server.url}/api/public/flights/${publicToken}`)).json()) as { place: { id: string } }).place.id;
      await open(visitor, server, `${lang}/places/${placeId}`);
      const day = visitor.locator('input[type="date"]');
      await day.waitFor();
      expect(await day.inputValue()).toBe('2024-07-14');
      await visitor.locator(`a[href="${lang}/shared/${publicToken}"]`).first().waitFor();
      await fits(visitor);
      await shot(visitor, `place-${tag}`);
      expect(await seriousViolations(visitor)).toEqual([]);
      await visitor.context().close();
    }
  });

  it('an admin hides a reported comment on the moderation page; the reporter and the author hear of it', async () => {
    const comment = (await (await ben.fetch(`/api/public/flights/${publicToken}/comments`, jsonRequest('POST', { body: 'Buy cheap wings at example.com' }))).json()) as { id: string };
    expect((await anna.fetch(`/api/comments/${comment.id}/report`, jsonRequest('POST', { reason: 'Spam' }))).status).toBeLessThan(300);

    const m = await (await browserFor(browser, server, admin)).newPage();
    await open(m, server, '/dashboard');
    await m.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Moderation' }).click();
    const report = m.getByRole('listitem', { name: 'Report 1' });
    await report.getByText('Buy cheap wings at example.com').waitFor();
    await shot(m, 'moderation-1280-light');
    expect(await seriousViolations(m)).toEqual([]);
    await report.getByRole('button', { name: 'Hide' }).click();
    await m.getByText('The comment is hidden.').waitFor();
    await m.context().close();

    // The hidden comment is gone for visitors.
    const comments = (await (await fetch(`${server.url}/api/public/flights/${publicToken}/comments`)).json()) as { comments: unknown[] };
    expect(comments.comments).toEqual([]);

    for (const [who, theme, width, text] of [
      [anna, 'light', 1280, 'A moderator handled your report of this comment on the flight'],
      [ben, 'dark', 390, 'A moderator removed your comment on the flight'],
    ] as const) {
      const p = await (await browserFor(browser, server, who, theme, width)).newPage();
      await open(p, server, '/notifications');
      await p.getByText(text, { exact: false }).waitFor();
      await fits(p);
      await shot(p, `moderated-${who === anna ? 'reporter' : 'author'}-${width}-${theme}`);
      expect(await seriousViolations(p)).toEqual([]);
      await p.context().close();
    }
  });
});
