import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describeBrowser, journey, newContext, screenshot } from './harness';

/** With RECORD_ACTION_LOG=1 the first journey refreshes the recorded log that src/app/__tests__/replay.test.ts replays. */
const ACTION_LOG_FIXTURE = join(__dirname, '../src/app/__tests__/fixtures/journey-actions.json');

// The journey's own pilots: it runs on the run's shared server.
const ANNA = 'account-anna@example.com';
const BRUNO = 'account-bruno@example.com';

describeBrowser('accounts in the browser', () => {
  const { server, browser } = journey();
  // Its browser contexts stay open to the end: letting the browser go closes them (journey, e2e/harness.ts).

  async function open(path: string, opts: Parameters<typeof newContext>[2] & { qa?: boolean } = {}): Promise<Page> {
    const context = await newContext(browser, server, opts);
    if (opts.qa) await context.addInitScript(() => localStorage.setItem('flightlog:qa', 'on'));
    const page = await context.newPage();
    await page.goto(server.url + path);
    return page;
  }

  // A mail carries its link twice (text and HTML): count each link once. Only the mails to `to`: other
  // journeys' pilots register on the same server (e2e/harness.ts, journey).
  const links = (to: string, pattern: RegExp) => [...new Set(server.outboxLinks(to).filter((l) => pattern.test(l)))];

  async function waitForLink(to: string, pattern: RegExp, count: number): Promise<string> {
    for (let i = 0; i < 100 && links(to, pattern).length < count; i++) await new Promise((r) => setTimeout(r, 100));
    const found = links(to, pattern);
    if (found.length < count) throw new Error(`No mail to ${to} with a link matching ${pattern}`);
    return found[count - 1]!;
  }

  async function register(page: Page, email: string, password: string) {
    await page.goto(`${server.url}/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Username').fill(email.split('@')[0]!);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registration successful!').waitFor();
  }

  async function login(page: Page, email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  it('register, verify, log in, edit the profile, change the password, log out and back in', async () => {
    const page = await open('/', { qa: true });
    await page.getByRole('heading', { name: 'Your paragliding logbook' }).waitFor();
    await screenshot(page, 'home-light');
    await register(page, ANNA, 'Glide#Path1');
    await page.waitForURL('**/login', { timeout: 8000 });

    // Signed in before verifying: the banner asks for the verification.
    await login(page, ANNA, 'Glide#Path1');
    await page.waitForURL('**/dashboard');
    await page.getByText('Your email address is not verified yet.').waitFor();
    await screenshot(page, 'dashboard-unverified-light');

    // Opened while signed in, the link leads on to the logbook and says so (not to the login form).
    const link = await waitForLink(ANNA, /verify-email/, 1);
    await page.goto(link);
    await page.waitForURL('**/dashboard?verified=true');
    await page.getByRole('status').getByText('Your email has been verified.').waitFor();
    await screenshot(page, 'dashboard-verified-light');
    // A second click is not "invalid or expired".
    await page.goto(link);
    await page.getByRole('status').getByText('Your email address is already verified.').waitFor();
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    expect(await page.getByText('Your email address is not verified yet.').count()).toBe(0);

    await page.getByLabel('Display name').fill('Anna the Pilot');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByRole('status').getByText('Profile updated successfully').waitFor();
    await page.getByLabel('Current password').fill('Glide#Path1');
    await page.getByLabel('New password', { exact: true }).fill('Thermal#Core2');
    await page.getByLabel('Confirm new password').fill('Thermal#Core2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('status').getByText('Password changed successfully').waitFor();
    await screenshot(page, 'profile-light');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await login(page, ANNA, 'Glide#Path1');
    await page.getByRole('alert').waitFor();
    await login(page, ANNA, 'Thermal#Core2');
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    expect(await page.getByLabel('Display name').inputValue()).toBe('Anna the Pilot');

    const log = await page.evaluate(() => (window as unknown as { flightlogQa: { actions(): unknown } }).flightlogQa.actions());
    const text = JSON.stringify(log);
    for (const secret of ['Glide#Path1', 'Thermal#Core2']) expect(text).not.toContain(secret);
    if (process.env.RECORD_ACTION_LOG) writeFileSync(ACTION_LOG_FIXTURE, JSON.stringify(log, null, 1));
  });

  it('a wrong password shows the server message', async () => {
    const page = await open('/login');
    await login(page, ANNA, 'not-my-password');
    await page.getByRole('alert').getByText('Invalid email or password.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('forgot and reset the password through the mailed link', async () => {
    const page = await open('/');
    await register(page, BRUNO, 'Ridge#Soar3');
    await page.goto(await waitForLink(BRUNO, /verify-email/, 1));
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The login form stays on screen while the next page loads: wait for the new one before typing.
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('Email').fill(BRUNO);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email Sent').waitFor();
    await page.goto(await waitForLink(BRUNO, /reset-password\?code=/, 1));
    await page.getByLabel('New password', { exact: true }).fill('weakweak');
    await page.getByLabel('Confirm new password').fill('weakweak');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password is too weak. Please choose a stronger password.').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Sink#Rate4x');
    await page.getByLabel('Confirm new password').fill('Sink#Rate4x');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Your password has been reset.').waitFor();
    await page.goto(`${server.url}/login`);
    await login(page, BRUNO, 'Sink#Rate4x');
    await page.waitForURL('**/dashboard');
  });

  it('the language chosen in the navbar survives a reload, in German and in Slovenian', async () => {
    const page = await open('/login');
    await login(page, BRUNO, 'Sink#Rate4x');
    await page.waitForURL('**/dashboard');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('link', { name: 'Statistik' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Statistik' }).waitFor();
    await page.getByRole('link', { name: 'Profil' }).click();
    await page.getByRole('heading', { name: 'Allgemeine Angaben' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'profile-de-light');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('sl');
    await page.getByRole('link', { name: 'Statistika' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Statistika' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sl');
    // Stored on the server too: a fresh browser signing in gets Slovenian.
    const other = await open('/login');
    await login(other, BRUNO, 'Sink#Rate4x');
    await other.getByRole('link', { name: 'Statistika' }).waitFor();
  });

  it('dark theme survives a reload and follows a dark system preference', async () => {
    const page = await open('/login');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.getByRole('switch', { name: 'Switch to dark mode' }).click();
    await page.reload();
    await page.getByRole('switch', { name: 'Switch to light mode' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshot(page, 'login-dark');
    const system = await open('/', { colorScheme: 'dark' });
    expect(await system.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await system.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await system.getByRole('heading', { name: 'Your paragliding logbook' }).waitFor();
    await screenshot(system, 'home-dark');
    const french = await open('/fr/login', { colorScheme: 'dark' });
    await french.getByRole('heading', { name: 'Connexion' }).waitFor();
    await screenshot(french, 'login-fr-dark');
  });

  it('a signed-out visit to /statistics lands on the login page', async () => {
    const page = await open('/statistics');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
  });
});
