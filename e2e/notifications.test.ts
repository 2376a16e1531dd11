import type { Page } from 'playwright-core';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, journey, showTheme } from './harness';
import { browserFor, dismissAchievements, jsonRequest, namedPilot, oneFlight, open, shareToken, type Who } from './pilot';
import { journeyShots } from './shots';

// Issue 36, the bell (docs/notifications.md), with two pilots: Bert follows Nina, likes her public
// flight, comments on it (the comment sits under the summary) and edits his comment; Nina sees the
// count on the header's bell, reads the notifications and marks them read. Screenshots (SHOTS_DIR, else
// e2e/screenshots) in light and dark, at 1280 and 390 px, each page checked by axe-core.

jest.setTimeout(600_000);

// The checks wait for what they read (the notifications, the bell's count), not for a quiet network.
const shot = journeyShots('notifications', { settled: 'for-shot' });

/**
 * The journey's own two pilots, not the community journeys' ANNA and BEN: it runs on the run's shared server, and
 * nothing but Bert's following, liking and commenting reaches Nina's bell (no other journey finds or follows her).
 */
const NINA: Who = { email: 'bell-nina@example.com', username: 'ninabell', displayName: 'Nina Niesen' };
const BERT: Who = { email: 'bell-bert@example.com', username: 'bertbell', displayName: 'Bert Berg' };

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describeBrowser('the bell: two pilots', () => {
  const { server, browser } = journey();
  let nina: HttpSession;
  let bert: HttpSession;
  let token = '';

  beforeAll(async () => {
    nina = await namedPilot(server, NINA);
    bert = await namedPilot(server, BERT);
    const flightId = await oneFlight(nina, 'niesen.igc');
    await dismissAchievements(nina, bert);
    await nina.fetch('/api/profile/public', jsonRequest('PUT', { enabled: true }));
    // Following needs the pilot's consent (docs/community.md, "Finding and following").
    expect((await nina.fetch('/api/profile/follow-settings', jsonRequest('PUT', { acceptsFollowers: true }))).status).toBe(200);
    await nina.fetch('/api/FlightDetail/visibility', jsonRequest('PUT', { visibility: 'public' }));
    token = await shareToken(nina, flightId);
    expect((await bert.fetch(`/api/pilots/${NINA.username}/follow`, { method: 'PUT' })).status).toBe(200);
  }, 240_000);

  it('Bert likes and comments, then edits his comment; Nina sees the bell, reads and marks all read', async () => {
    const b = await (await browserFor(browser, server, bert)).newPage();
    await open(b, server, `/shared/${token}`);
    await b.getByRole('heading', { name: 'Comments' }).waitFor();
    // The comments come before the map and the thermal tables.
    const headings = await b.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.indexOf('Comments')).toBeLessThan(headings.indexOf('Flight Path'));
    await b.getByRole('button', { name: 'Like', exact: true }).click();
    await b.getByRole('button', { name: 'Unlike' }).waitFor();
    await b.getByLabel('Your comment').fill('Great climb over the Niesen');
    await b.getByRole('button', { name: 'Send' }).click();
    await b.getByText('Great climb over the Niesen').waitFor();
    await b.getByRole('button', { name: 'Edit' }).click();
    const box = b.getByLabel('Edit your comment');
    await box.fill('Great climb over the Niesen, well done');
    await b.getByRole('button', { name: 'Save' }).click();
    await b.getByText('Great climb over the Niesen, well done').waitFor();
    await b.getByText('edited').waitFor();
    expect(await seriousViolations(b)).toEqual([]);
    await shot(b, 'shared-comments-1280-light');
    await b.context().close();

    const a = await (await browserFor(browser, server, nina)).newPage();
    await open(a, server, '/dashboard');
    const bell = a.getByRole('link', { name: 'Notifications, 3 unread' });
    await bell.waitFor();
    await bell.click();
    await a.waitForURL(/\/notifications$/);
    // The page is a lazy chunk: on a loaded CI machine it took longer than a wait's 30 s once.
    await a.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor({ timeout: 90_000 });
    const items = a.getByTestId('notification');
    await items.nth(2).waitFor();
    expect(await items.allTextContents()).toEqual([
      expect.stringContaining('Bert Berg commented on your flight'),
      expect.stringContaining('Bert Berg likes your flight'),
      expect.stringContaining('Bert Berg follows you.'),
    ]);
    expect(await items.first().textContent()).toContain('Great climb over the Niesen, well done');
    expect(await seriousViolations(a)).toEqual([]);
  });

  it('looks right in light and dark, on a phone and a desktop, with no serious accessibility finding', async () => {
    // One load per width, checked in both themes: the theme is switched on the loaded page (showTheme), as the
    // colour scheme of the system changes.
    for (const width of [1280, 390]) {
      const context = await browserFor(browser, server, nina, 'system', width);
      const page = await context.newPage();
      await open(page, server, '/notifications');
      await page.getByTestId('notification').nth(2).waitFor();
      await page.getByRole('link', { name: 'Notifications, 3 unread' }).waitFor();
      for (const theme of ['light', 'dark'] as const) {
        const tag = `${width}-${theme}`;
        await showTheme(page, theme);
        await shot(page, `page-${tag}`);
        expect([tag, await seriousViolations(page)]).toEqual([tag, []]);
        expect([tag, await horizontalOverflow(page)]).toEqual([tag, 0]);
      }
      await context.close();
    }
  });

  it('Nina marks one read, then all: the bell follows', async () => {
    const a = await (await browserFor(browser, server, nina)).newPage();
    await open(a, server, '/notifications');
    await a.getByTestId('notification').nth(2).waitFor();
    await a.getByRole('button', { name: 'Mark as read' }).first().click();
    await a.getByRole('link', { name: 'Notifications, 2 unread' }).waitFor();
    await a.getByRole('button', { name: 'Mark all as read' }).click();
    await a.getByText('All read').waitFor();
    await a.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await shot(a, 'all-read-1280-light');
    // Read stays read on the next visit.
    await a.reload();
    await a.getByText('All read').waitFor();
  });
});
