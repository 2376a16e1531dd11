import type { Page } from 'playwright-core';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, journey } from './harness';
import { annaAndBen, browserFor, jsonRequest, open, shareToken } from './pilot';
import { journeyShots } from './shots';

// Issue 36, finding, following and blocking, with two pilots: Anna lets others find and follow her in
// her profile; Ben finds her by name on the Pilots page (phone, dark) and follows her; Anna follows him
// back from her followers list (desktop, light); Ben likes and comments on her public flight; Anna
// blocks him from his comment: his comment and like disappear for everyone, the follows end both ways,
// and Ben is told he can't comment. Every page is checked by axe-core; screenshots in light and dark,
// at phone and desktop width (SHOTS_DIR, else e2e/screenshots).

jest.setTimeout(600_000);

const shot = journeyShots('follows');

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describeBrowser('finding, following and blocking: two pilots', () => {
  const { server, browser } = journey({ ownServer: {} });
  let anna: HttpSession;
  let ben: HttpSession;
  let token = '';

  beforeAll(async () => {
    const pilots = await annaAndBen(server, 'interlaken.igc');
    ({ anna, ben } = pilots);
    await anna.fetch(`/api/FlightDetail/${pilots.flightId}`, jsonRequest('PATCH', { visibility: 'public' }));
    token = await shareToken(anna, pilots.flightId);
    // Ben accepts followers (so Anna can follow back); his page stays unpublished.
    await ben.fetch('/api/profile/follow-settings', jsonRequest('PUT', { acceptsFollowers: true }));
  }, 240_000);

  it('Ben finds Anna by name and follows her; she follows back; she blocks him and he is told the truth', async () => {
    // Anna, desktop and light: both settings start off; she turns them on in her profile.
    const annaContext = await browserFor(browser, server, anna, 'light');
    const a = await annaContext.newPage();
    await open(a, server, '/profile');
    // The switches follow the server's answer: each click saves, then shows the saved state.
    const findable = a.getByRole('switch', { name: 'Others can find me by name', disabled: false });
    const followable = a.getByRole('switch', { name: 'Others can follow me', disabled: false });
    await findable.waitFor();
    expect([await findable.isChecked(), await followable.isChecked()]).toEqual([false, false]);
    await findable.click();
    await a.getByRole('switch', { name: 'Others can find me by name', checked: true }).waitFor();
    await a.getByRole('switch', { name: 'Others can follow me', disabled: false }).click();
    await a.getByRole('switch', { name: 'Others can follow me', checked: true }).waitFor();
    expect(await seriousViolations(a)).toEqual([]);

    // Ben, phone and dark: finds her on the Pilots page and follows her.
    const benContext = await browserFor(browser, server, ben, 'dark', 390);
    const b = await benContext.newPage();
    const errors: string[] = [];
    b.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await open(b, server, '/pilots');
    await b.getByRole('searchbox', { name: 'Name' }).fill('anna');
    const found = b.getByRole('list', { name: 'Pilots found' });
    await found.getByText('Anna Alpin').waitFor();
    expect(await found.textContent()).not.toContain('anna@example.com');
    await found.getByRole('button', { name: 'Follow Anna Alpin' }).click();
    await found.getByRole('button', { name: 'Unfollow Anna Alpin' }).waitFor();
    expect(await seriousViolations(b)).toEqual([]);
    expect(await fitsWidth(b)).toBe(true);
    await shot(b, 'search-phone-dark');

    // He likes and comments on her public flight.
    await open(b, server, `/shared/${token}`);
    await b.getByRole('button', { name: 'Like' }).click();
    await b.getByText('1 like', { exact: true }).waitFor();
    await b.getByLabel('Your comment').fill('Nice climb!');
    await b.getByRole('button', { name: 'Send' }).click();
    await b.getByText('Nice climb!').waitFor();

    // Anna follows him back from her followers list.
    await open(a, server, '/pilots');
    const followers = a.getByRole('list', { name: 'Your followers' });
    await followers.getByRole('button', { name: 'Follow Ben Berg back' }).click();
    await followers.getByRole('button', { name: 'Unfollow Ben Berg' }).waitFor();
    expect(await seriousViolations(a)).toEqual([]);
    await shot(a, 'followers-desktop-light');

    // Anna blocks him from his comment: the comment and the like are gone at once.
    await open(a, server, `/shared/${token}`);
    await a.getByText('Nice climb!').waitFor();
    await a.getByRole('button', { name: 'Block Ben Berg' }).click();
    const dialog = a.getByRole('dialog', { name: 'Block Ben Berg?' });
    expect(await dialog.textContent()).toContain('You stop following each other.');
    expect(await seriousViolations(a)).toEqual([]);
    await dialog.getByRole('button', { name: 'Block' }).click();
    await a.getByText('Ben Berg is blocked.').waitFor();
    await a.getByText('0 likes', { exact: true }).waitFor();
    expect(await a.getByText('Nice climb!').count()).toBe(0);

    // Followers are gone both ways.
    await open(a, server, '/pilots');
    await a.getByText('Nobody follows you yet.').waitFor();

    // Ben sees the flight without his comment, and the truth instead of the comment box.
    await open(b, server, `/shared/${token}`);
    await b.getByText("You can't comment on this pilot's flights.").waitFor();
    expect(await b.getByLabel('Your comment').count()).toBe(0);
    expect(await b.getByRole('button', { name: 'Like' }).count()).toBe(0);
    expect(await b.getByText('Nice climb!').count()).toBe(0);
    expect(await seriousViolations(b)).toEqual([]);
    expect(await fitsWidth(b)).toBe(true);
    await shot(b, 'blocked-phone-dark');
    // He no longer finds her.
    await open(b, server, '/pilots');
    await b.getByRole('searchbox', { name: 'Name' }).fill('anna');
    await b.getByText('No pilot found by that name.').waitFor();
    expect(errors).toEqual([]);
    await benContext.close();
    await annaContext.close();
  });

  it('the Pilots page and the settings read well in light and dark, on a phone and a desktop', async () => {
    for (const [theme, width] of [['light', 390], ['dark', undefined]] as const) {
      const context = await browserFor(browser, server, anna, theme, width);
      const page = await context.newPage();
      await open(page, server, '/pilots');
      await page.getByRole('searchbox', { name: 'Name' }).fill('ben');
      await page.getByText('No pilot found by that name.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `pilots-${theme}-${width ?? 'desktop'}`);
      await open(page, server, '/profile');
      await page.getByRole('heading', { name: 'Finding and following' }).scrollIntoViewIfNeeded();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `profile-${theme}-${width ?? 'desktop'}`);
      await context.close();
    }
  });
});
