import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
// How the journeys' Chromium starts, the shared one too (scripts/jest-global-setup.cjs).
import CHROMIUM_ARGS from './chromium-args.json';
import { serverAt, startServer, type RunningServer } from './server';

export { startServer, type RunningServer } from './server';

const ROOT = resolve(__dirname, '..');
export const SCREENSHOT_DIR = join(ROOT, 'e2e/screenshots');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH;

// A journey's test waits up to 90 s for each signal (newContext): jest's 60 s for the whole test cut them short at
// load 60 on two cores (deep-link's first page took over a minute). Files that set their own (jest.setTimeout
// after their imports) keep theirs.
jest.setTimeout(300_000);

/** Browser journeys run only where Chromium is installed (CI always installs it); the global setup says once when they are skipped. */
export const describeBrowser: jest.Describe = CHROMIUM_PATH ? describe : describe.skip;

/**
 * The run's one Chromium, which the global setup starts (scripts/jest-global-setup.cjs), or one of its own
 * when a journey runs without it. Each journey works in its own browser contexts (newContext), so sharing the
 * browser shares no cookies or storage; `close()` on a shared one only disconnects this journey.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env.FLIGHTLOG_CHROMIUM_WS;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface JourneyOptions {
  /**
   * A server of the journey's own on an empty data folder, with these environment variables (`{}`: none), for a
   * journey that needs a setting (ADMIN_EMAILS), writes into the data folder, or counts what the whole instance
   * holds (public places, rankings, pilots found). Without it the journey uses the run's shared server, where
   * other journeys' pilots come and go at the same time: its pilots must be its own (e2e/pilot.ts).
   */
  ownServer?: Record<string, string>;
}

/** An object that stands for what `current()` gives when it is used (a journey's server and browser, set in beforeAll). */
function lateBound<T extends object>(what: string, current: () => T | undefined): T {
  const target = () => {
    const value = current();
    if (!value) throw new Error(`The journey's ${what} is used before its beforeAll`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = Reflect.get(target(), key) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target()) : value;
    },
  });
}

/**
 * The server and browser of a journey (a describe block): connects to the run's Chromium and takes the shared
 * server, or starts its own (`ownServer`), before the block's tests and its own beforeAll, and lets both go
 * after its tests. Call it first in the block; use the answer in hooks and tests.
 */
export function journey(options: JourneyOptions = {}): { server: RunningServer; browser: Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const shared = process.env.FLIGHTLOG_SHARED_SERVER;
    [server, browser] = await Promise.all([
      options.ownServer || !shared ? startServer(options.ownServer) : serverAt(JSON.parse(shared) as { url: string; dataDir: string }),
      launchBrowser(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return { server: lateBound('server', () => server), browser: lateBound('browser', () => browser) };
}

/** A 256×256 PNG of one colour, served for every map tile so nothing leaves the machine. */
export function solidTilePng(rgb: [number, number, number] = [226, 232, 220]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 256;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: size }, () => Buffer.from(rgb)))]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A browser context that may only talk to our server; map tiles are answered locally. */
export async function newContext(browser: Browser, server: RunningServer, opts: { colorScheme?: 'light' | 'dark'; width?: number; locale?: string; touch?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: 860 },
    colorScheme: opts.colorScheme ?? 'light',
    // A phone's touch screen: no hover, a coarse pointer (what the app's touch rules look for).
    ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
    // No region: the units follow the region of the browser's language (docs/units.md), and the journeys read metric numbers.
    locale: opts.locale ?? 'en',
  });
  // Playwright's 30 s for a navigation or a wait is what CI's failures under load ran into (a lazy page's chunk,
  // a page.goto at load 60 on two cores): a journey waits for its signal up to 90 s, and fails with what it waited for.
  context.setDefaultTimeout(90_000);
  const tile = solidTilePng();
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith(server.url)) return route.continue();
    if (/\/\d+\/\d+\/\d+(\.png)?$/.test(new URL(u).pathname)) return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
    return route.abort();
  });
  return context;
}

/**
 * Screenshots are for people to look at, not checks: the journeys take them only when asked, with SHOTS_DIR (their
 * folder) or E2E_SHOTS=1 (into e2e/screenshots). A full-page PNG after a quiet network cost the journeys about a
 * second a page (docs/testing.md, The journeys' own cost).
 */
export const SHOTS_WANTED = Boolean(process.env.SHOTS_DIR) || process.env.E2E_SHOTS === '1';
export const SHOTS_FOLDER = process.env.SHOTS_DIR || SCREENSHOT_DIR;

/**
 * A full-page screenshot `name.png` when screenshots are asked for (SHOTS_WANTED). `settled` first waits until the
 * network is quiet (images, tiles), and does so without a screenshot too: the checks after it may lean on that
 * wait. `settled: 'for-shot'` waits only when a screenshot is taken, for a journey whose checks wait for what they
 * need themselves.
 */
export async function screenshot(page: Page, name: string, { settled = false }: { settled?: boolean | 'for-shot' } = {}) {
  if (settled === true || (settled === 'for-shot' && SHOTS_WANTED)) await page.waitForLoadState('networkidle');
  if (!SHOTS_WANTED) return;
  mkdirSync(SHOTS_FOLDER, { recursive: true });
  await page.screenshot({ path: join(SHOTS_FOLDER, `${name}.png`), fullPage: true });
}

/**
 * Turns a loaded page light or dark without loading it again, as a phone switching its colour scheme does: the app
 * follows `prefers-color-scheme` while no theme is stored (src/features/theme), so the page's context must store
 * none (newContext, or browserFor(…, 'system')). Resolves once the app has drawn the theme and no CSS transition
 * is still changing a colour (axe reads the colours).
 */
export async function showTheme(page: Page, theme: 'light' | 'dark') {
  if (await page.evaluate(() => localStorage.getItem('theme'))) throw new Error('showTheme: the context stores a theme, so the page does not follow the colour scheme');
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction(
    (mode) => document.documentElement.dataset.theme === mode && !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'),
    theme,
  );
}

/**
 * Goes to `path` inside the loaded app, as a click on one of its links does (history.pushState and the popstate
 * the router listens to), instead of loading the page again (a load cost a journey about 2.5 s at load 15), and
 * resolves once `ready` matches an element the new page drew. React-router's lazy routes keep the old page until
 * the new one is in place, so `ready` alone could match the old page: every element shown before is marked, and
 * only an unmarked one counts. The window is at the top afterwards, as after a load.
 */
export async function goInApp(page: Page, path: string, ready: (page: Page) => Locator) {
  await page.evaluate((to) => {
    for (const element of document.querySelectorAll('#root *')) element.setAttribute('data-e2e-shown-before', '');
    // The router numbers its history entries (idx) to tell back from forward; this entry comes after the current one.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: null, key: `e2e${index + 1}`, idx: index + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await ready(page).and(page.locator(':not([data-e2e-shown-before])')).first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
}
