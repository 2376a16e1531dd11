import './jest-free';
import { writeFileSync } from 'node:fs';
import { seedPilot } from '../server/src/dev/seed-pilot';
import { HttpSession } from '../server/test/helpers/http-session';
import { launchBrowser, startServer } from '../e2e/harness';
import { browserFor, open } from '../e2e/pilot';
const SIZE = 10000;
const PILOT = { email: 'big@flightlog.local', username: 'bigpilot', password: 'Big#Logbook1' };
async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    await seedPilot(server.dataDir, PILOT, { count: SIZE });
    const session = new HttpSession(server.url);
    await session.fetch('/api/health');
    await session.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: PILOT.email, password: PILOT.password }) });
    if (process.env.WARM) { const r = await session.fetch('/api/FlightDetail'); await r.arrayBuffer(); }
    const context = await browserFor(browser, server, session);
    const page = await context.newPage();
    page.on('response', (r) => { if (r.url().includes('/api/FlightDetail') && !r.url().includes('months') && !r.url().includes('count')) console.log('resp', r.url(), r.headers()['x-cache'], r.headers()['content-encoding']); });
    await open(page, server, '/dashboard');
    await page.waitForSelector('tr[data-flight-id]');
    await page.waitForTimeout(1500);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.evaluate('performance.clearResourceTimings()');
    await page.evaluate('window.benchFrom = performance.now()');
    await cdp.send('Profiler.start');
    await page.getByRole('combobox', { name: 'Year' }).selectOption('all');
    const ms = await page.evaluate(`new Promise((resolve) => { const from = window.benchFrom; const tick = () => { if (document.querySelector('table[aria-label="Flights"]')?.getAttribute('aria-rowcount') === '${SIZE + 1}') requestAnimationFrame(() => resolve(performance.now() - from)); else requestAnimationFrame(tick); }; tick(); })`);
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync('/tmp/ay/all-years.cpuprofile', JSON.stringify(profile));
    console.log('drawn in', Math.round(ms as number));
    const entries = await page.evaluate<string>(`JSON.stringify(performance.getEntriesByType('resource').map((e) => ({ name: e.name.replace(/^https?:\\/\\/[^/]+/, ''), start: Math.round(e.startTime - window.benchFrom), reqStart: Math.round(e.requestStart - window.benchFrom), respStart: Math.round(e.responseStart - window.benchFrom), end: Math.round(e.responseEnd - window.benchFrom), size: e.transferSize })))`);
    console.log(entries);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
