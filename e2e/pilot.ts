import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generateIgc, thermalFlight } from '../scripts/synthetic-igc';
import { HttpSession } from '../server/test/helpers/http-session';
import { newContext, type RunningServer } from './harness';

// A pilot made over HTTP (register, mailed verification link, login) with uploaded flights, and a
// browser that carries their session: what journeys over signed-in pages start from.

const PASSWORD = 'Str0ng#Passw0rd';

export interface Flight {
  id: number;
  status: string;
  flightTime: number | null;
  distance: number | null;
  maxAltitude: number | null;
  startTime: string | null;
}

/**
 * Registers, verifies through the mailed link and logs in over HTTP; returns the cookie jar. The email and
 * username must be the journey's own: on the run's shared server other journeys register at the same time.
 */
export async function pilot(server: RunningServer, email: string, username: string): Promise<HttpSession> {
  const session = new HttpSession(server.url);
  const verifyLinks = () => server.outboxLinks(email).filter((l) => l.includes('verify-email'));
  const before = verifyLinks().length;
  await session.fetch('/api/health');
  const register = await session.fetch('/api/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, username, password: PASSWORD }) });
  expect(register.status).toBeLessThan(300);
  for (let i = 0; i < 100 && verifyLinks().length === before; i++) await new Promise((r) => setTimeout(r, 100));
  const link = verifyLinks()[before];
  const verify = await fetch(link!, { redirect: 'manual' });
  expect(verify.status).toBeLessThan(400);
  const login = await session.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(login.status).toBe(200);
  return session;
}

/** The options of a `fetch` that sends `body` as JSON. */
export const jsonRequest = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export interface Who {
  email: string;
  username: string;
  displayName: string;
}

/** The two pilots of the community journeys: Anna flies, Ben follows, likes and comments. */
export const ANNA: Who = { email: 'anna@example.com', username: 'annaflies', displayName: 'Anna Alpin' };
export const BEN: Who = { email: 'ben@example.com', username: 'benflies', displayName: 'Ben Berg' };

/** A signed-in pilot (`pilot`) whose profile carries a display name. */
export async function namedPilot(server: RunningServer, who: Who): Promise<HttpSession> {
  const session = await pilot(server, who.email, who.username);
  await session.fetch('/api/auth/profile', jsonRequest('PUT', who));
  return session;
}

/** Uploads one synthetic thermal flight (14 July 2024, over Interlaken), waits for its analysis, returns its id. */
export async function oneFlight(session: HttpSession, fileName: string): Promise<number> {
  await upload(session, [{ name: fileName, igc: generateIgc(thermalFlight('2024-07-14T09:00:00Z', 5)) }]);
  return (await analysed(session))[0]!.id;
}

/** Dismisses the achievements a first flight unlocks, so that no popup covers the pages. */
export async function dismissAchievements(...sessions: HttpSession[]) {
  for (const session of sessions) await session.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' });
}

/** Anna with one analysed flight (private until a journey says otherwise) and Ben, both named and without popups. */
export async function annaAndBen(server: RunningServer, fileName: string): Promise<{ anna: HttpSession; ben: HttpSession; flightId: number }> {
  const anna = await namedPilot(server, ANNA);
  const ben = await namedPilot(server, BEN);
  const flightId = await oneFlight(anna, fileName);
  await dismissAchievements(anna, ben);
  return { anna, ben, flightId };
}

/** The token of the flight's share link, which its owner reads. */
export async function shareToken(session: HttpSession, flightId: number): Promise<string> {
  return ((await (await session.fetch(`/api/FlightDetail/${flightId}/share`)).json()) as { share: { token: string } }).share.token;
}

export async function upload(session: HttpSession, files: { name: string; igc: string }[]) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([f.igc], { type: 'application/octet-stream' }), f.name);
  const res = await session.fetch('/api/FlightDetail/upload', { method: 'POST', body: form });
  expect(res.status).toBe(200);
}

/** Waits until every upload task has finished and every flight is analysed. */
export async function analysed(session: HttpSession): Promise<Flight[]> {
  for (let i = 0; i < 600; i++) {
    const tasks = (await (await session.fetch('/api/uploadtasks')).json()) as { status: string }[];
    const flights = (await (await session.fetch('/api/FlightDetail')).json()) as Flight[];
    if (tasks.every((t) => t.status !== 'Processing') && flights.length && flights.every((f) => f.status === 'Completed' || f.status === 'Failed')) return flights;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The flights were not analysed in time');
}

/**
 * A browser context with the pilot's session, whose pages open in `theme` (stored, as the pilot's own choice). With
 * `'system'` no theme is stored: the pages start light and follow the colour scheme, which `showTheme` switches
 * without loading the page again.
 */
export async function browserFor(browser: Browser, server: RunningServer, session: HttpSession, theme: 'light' | 'dark' | 'system' = 'light', width?: number, touch = false): Promise<BrowserContext> {
  const context = await newContext(browser, server, { colorScheme: theme === 'dark' ? 'dark' : 'light', width, touch });
  await context.addCookies([...session.cookies].map(([name, value]) => ({ name, value, url: server.url })));
  if (theme !== 'system') await context.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
  return context;
}

export async function open(page: Page, server: RunningServer, path: string) {
  await page.goto(server.url + path);
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
}

