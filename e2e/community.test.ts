import type { Locator, Page } from 'playwright-core';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, goInApp, journey, showTheme } from './harness';
import { annaAndBen, browserFor, jsonRequest, open } from './pilot';
import { journeyShots } from './shots';

// Issue 28, flying together, with two pilots: Anna makes a flight public; Ben follows her, finds it in
// his feed and at the place's day, likes and comments; Anna sees the badge; she makes it private and
// Ben's page shows it gone. Screenshots (SHOTS_DIR, else e2e/screenshots) in light and dark, at phone
// width, in English and German, each page checked by axe-core.

jest.setTimeout(600_000);

// The checks wait for what they read (each page's `ready`), not for a quiet network.
const shot = journeyShots('community', { settled: 'for-shot' });

/** Nothing wider than the window: the page never scrolls sideways at phone width. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const over = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (over <= 0) return 0;
    // Name the elements that stick out, to say what to fix.
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1);
    return `${over}px: ${wide.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.className}`).join(', ')}`;
  });

/** Polls until the check holds (a control that follows the server's answer). */
async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 150; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Chooses a visibility on the flight page (confirming going private) and waits for the server's answer. */
async function chooseVisibility(page: Page, flightId: number, visibility: string) {
  const who = page.getByLabel('Who can see this flight');
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api/FlightDetail/${flightId}`) && r.request().method() === 'PATCH');
  await who.selectOption(visibility);
  if (visibility === 'private') await page.getByRole('dialog', { name: 'Make this flight private?' }).getByRole('button', { name: 'Make private' }).click();
  await answered;
  await until(async () => (await who.inputValue()) === visibility, `the visibility ${visibility}`);
}

describeBrowser('flying together: two pilots', () => {
  const { server, browser } = journey({ ownServer: { ADMIN_EMAILS: 'anna@example.com' } });
  let anna: HttpSession;
  let ben: HttpSession;
  let flightId: number;
  let token = '';
  let placePath = '';

  beforeAll(async () => {
    ({ anna, ben, flightId } = await annaAndBen(server, 'interlaken.igc'));
    // Anna's page is published (the pilot page has its own journey) and she accepts followers (a setting
    // of its own); Ben's page stays private.
    await anna.fetch('/api/profile/public', jsonRequest('PUT', { enabled: true }));
    await anna.fetch('/api/profile/follow-settings', jsonRequest('PUT', { acceptsFollowers: true }));
  }, 240_000);

  it('Anna makes a flight public; Ben follows her, finds it in the feed and at the place, likes and comments; Anna sees the badge', async () => {
    // Anna: private by default; she makes it public on the flight page.
    const a = await (await browserFor(browser, server, anna)).newPage();
    await open(a, server, `/flight/${flightId}`);
    const who = a.getByLabel('Who can see this flight');
    expect(await who.inputValue()).toBe('private');
    await chooseVisibility(a, flightId, 'public');
    // The share dialog offers the same choice, and now holds the public flight's link.
    await a.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: 'Share this flight' });
    expect(await dialog.getByLabel('Who can see this flight').inputValue()).toBe('public');
    token = new URL(await dialog.getByRole('textbox', { name: 'Share link' }).inputValue()).pathname.split('/').pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Ben follows Anna on her page.
    const benContext = await browserFor(browser, server, ben);
    const b = await benContext.newPage();
    const errors: string[] = [];
    b.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await open(b, server, '/pilots/annaflies');
    await b.getByRole('heading', { name: "Anna Alpin's flight logbook" }).waitFor();
    expect(await b.getByRole('table', { name: 'Public flights' }).getByRole('link').count()).toBe(1);
    await b.getByRole('button', { name: 'Follow' }).click();
    await b.getByRole('button', { name: 'Unfollow' }).waitFor();
    await b.getByText('1 follower').waitFor();
    expect(await seriousViolations(b)).toEqual([]);

    // His feed lists the flight; its place opens at the flight's day with Anna's flight.
    const row = b.getByRole('row').filter({ hasText: 'Anna Alpin' });
    await goInApp(b, '/feed', () => row);
    expect(await row.getByRole('link', { name: 'Jul 14, 2024' }).getAttribute('href')).toBe(`/shared/${token}`);
    expect(await seriousViolations(b)).toEqual([]);
    const placeLink = row.getByRole('link').nth(2);
    placePath = (await placeLink.getAttribute('href'))!;
    expect(placePath).toMatch(/^\/places\/[A-Za-z0-9_-]{16}\?day=2024-07-14$/);
    await placeLink.click();
    await b.getByText('1 pilot flies here').waitFor();
    const day = b.getByRole('table', { name: 'Flights of the day' });
    await day.getByRole('link', { name: 'Anna Alpin' }).waitFor();
    expect(await b.getByRole('textbox', { name: 'Day' }).inputValue()).toBe('2024-07-14');
    expect(await seriousViolations(b)).toEqual([]);

    // On the flight's page he likes it and comments.
    await day.getByRole('link', { name: 'Anna Alpin' }).click();
    await b.getByRole('heading', { name: 'Comments' }).waitFor();
    await b.getByRole('button', { name: 'Like' }).click();
    await b.getByText('1 like', { exact: true }).waitFor();
    await b.getByLabel('Your comment').fill('Great climb over <b>Interlaken</b>!');
    await b.getByRole('button', { name: 'Send' }).click();
    await b.getByText('Great climb over <b>Interlaken</b>!').waitFor();
    expect(await b.locator('li b').count()).toBe(0);
    expect(await seriousViolations(b)).toEqual([]);
    expect(errors).toEqual([]);
    await benContext.close();

    // Anna: the Feed tab carries the badge; the feed names the flight with the new comment.
    await open(a, server, '/statistics');
    const feedTab = a.getByRole('link', { name: 'Feed New comments on your flights: 1' });
    await feedTab.waitFor();
    expect(await a.getByTestId('new-comments-badge').textContent()).toBe('1');
    expect(await seriousViolations(a)).toEqual([]);
    await feedTab.click();
    const news = a.getByRole('region', { name: 'New comments on your flights' });
    await news.getByText('1 new comment', { exact: false }).waitFor();
    expect(await news.getByRole('link').getAttribute('href')).toBe(`/shared/${token}`);

    // She reports the comment (she is an admin here), so the moderation queue has something to show.
    const reportButton = a.getByRole('button', { name: 'Report the comment by Ben Berg' });
    await goInApp(a, `/shared/${token}`, () => reportButton);
    await reportButton.click();
    const report = a.getByRole('dialog', { name: 'Report a comment' });
    await report.getByLabel('Reason').fill('Testing the queue');
    await report.getByRole('button', { name: 'Send report' }).click();
    await a.getByText('Thank you: the administrators will look at the comment.').waitFor();
    await goInApp(a, '/moderation', (p) => p.getByRole('heading', { name: 'Reported comments' }));
    await a.getByText('Reported by annaflies: “Testing the queue”').waitFor();
    expect(await seriousViolations(a)).toEqual([]);
    await a.context().close();
  });

  it('looks right in light and dark, at phone width, in English and German, with no serious accessibility finding', async () => {
    // One context per pilot, width and language, each page shown once and checked in both themes: the theme is
    // switched on the shown page (showTheme), as the colour scheme of the system changes.
    const variants = [
      { width: 1280, lang: '' },
      { width: 390, lang: '' },
      { width: 390, lang: '/de' },
    ] as const;
    // Each page's sign that it is in place: what it shows once its data has come (the first element it matches).
    const pages: { who: HttpSession; path: string; name: string; ready: (p: Page) => Locator; state?: 'attached' }[] = [
      { who: ben, path: '/feed', name: 'feed', ready: (p) => p.getByRole('link', { name: 'Anna Alpin' }) },
      { who: ben, path: placePath, name: 'place-day', ready: (p) => p.getByRole('link', { name: 'Anna Alpin' }) },
      { who: ben, path: `/shared/${token}`, name: 'shared-comments', ready: (p) => p.getByText('Great climb over', { exact: false }) },
      { who: ben, path: '/pilots/annaflies', name: 'pilot-page', ready: (p) => p.getByRole('table').last() },
      { who: anna, path: '/feed', name: 'badge-and-new-comments', ready: (p) => p.getByTestId('new-comments-badge'), state: 'attached' },
      { who: anna, path: '/profile', name: 'profile-community', ready: (p) => p.locator('select').nth(1) },
      { who: anna, path: '/moderation', name: 'moderation-queue', ready: (p) => p.locator('blockquote') },
    ];
    for (const { width, lang } of variants) {
      for (const who of [ben, anna]) {
        const context = await browserFor(browser, server, who, 'system', width);
        const page = await context.newPage();
        // Each page loads in the theme the last check left and is then switched to the other.
        let theme: 'light' | 'dark' = 'light';
        const bothThemes = () => [theme, theme === 'light' ? 'dark' : 'light'] as const;
        const tag = (t: string) => `${width}-${t}${lang ? `-${lang.slice(1)}` : ''}`;
        // The first page is loaded, the others reached inside the app as a link takes the pilot there.
        for (const [index, { path, name, ready, state }] of pages.filter((p) => p.who === who).entries()) {
          if (index === 0) {
            await open(page, server, `${lang}${path}`);
            await ready(page).first().waitFor({ state });
          } else await goInApp(page, `${lang}${path}`, ready);
          for (const next of bothThemes()) {
            await showTheme(page, (theme = next));
            await shot(page, `${name}-${tag(theme)}`);
            expect([name, tag(theme), await seriousViolations(page)]).toEqual([name, tag(theme), []]);
            if (width === 390) expect([name, tag(theme), await overflow(page)]).toEqual([name, tag(theme), 0]);
          }
          if (name === 'profile-community' && !lang) {
            // The confirmation of a change of many flights, in the app's dialog.
            // (Anna's one flight is public: making everything private would change it. Cancelled here.)
            await page.getByRole('combobox', { name: 'Make them' }).selectOption('private');
            await page.getByRole('button', { name: 'Change…' }).click();
            const confirm = page.getByRole('dialog', { name: 'Change who can see your flights' });
            await confirm.getByText('1 flight becomes “Private: only me”.').waitFor();
            for (const next of bothThemes()) {
              await showTheme(page, (theme = next));
              await shot(page, `profile-confirm-${tag(theme)}`);
              expect([tag(theme), await seriousViolations(page)]).toEqual([tag(theme), []]);
            }
            await confirm.getByRole('button', { name: 'Cancel' }).click();
          }
        }
        await context.close();
      }
    }
  });

  it('Anna reads the comments and makes the flight private: it is gone from Ben’s page, feed and the place at once', async () => {
    const a = await (await browserFor(browser, server, anna)).newPage();
    await open(a, server, '/feed');
    await a.getByRole('button', { name: 'Mark as read' }).click();
    await a.getByTestId('new-comments-badge').waitFor({ state: 'detached' });
    await a.getByRole('link', { name: 'Feed', exact: true }).waitFor();

    // Ben has the flight open while Anna changes it.
    const benContext = await browserFor(browser, server, ben);
    const b = await benContext.newPage();
    await open(b, server, `/shared/${token}`);
    await b.getByText('Great climb over', { exact: false }).waitFor();

    await open(a, server, `/flight/${flightId}`);
    await a.getByLabel('Who can see this flight').waitFor();
    await chooseVisibility(a, flightId, 'private');

    await b.reload();
    await b.getByRole('heading', { name: 'This flight is not shared' }).waitFor();
    expect(await b.getByText('Great climb over', { exact: false }).count()).toBe(0);
    await open(b, server, '/feed');
    await b.getByText('No flights yet: follow pilots on their pages.').waitFor();
    await open(b, server, placePath);
    await b.getByRole('heading', { name: 'Page not found', exact: false }).waitFor();
    await open(b, server, '/pilots/annaflies');
    await b.getByText('No public flights yet.').waitFor();
    await shot(b, 'gone-pilot-page-1280-light');
    expect(await seriousViolations(b)).toEqual([]);
    await benContext.close();
    await a.context().close();
  });
});
