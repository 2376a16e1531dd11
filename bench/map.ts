/**
 * npm run bench:map: how fast the dashboard draws the longest fixture flight after a click.
 * Starts the real server (built app, SQLite in a temporary folder), uploads the longest IGC file of
 * server/test/fixtures/igc (a generated 5-hour flight without them), opens the dashboard in Chromium
 * (CHROMIUM_PATH) and measures, in the page, the time from the click to the first frame with the
 * low-resolution track and to the first frame with the full track, and the bytes of each answer.
 * It prints numbers and asserts nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { HttpSession } from '../server/test/helpers/http-session';
import { generateIgc, thermalFlight, type Recording } from '../scripts/synthetic-igc';

const ROOT = resolve(__dirname, '..');
const FIXTURES = resolve(ROOT, 'server/test/fixtures/igc');
const RUNS = Number(process.env.RUNS ?? 5);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Seconds between the first and last B record (fixes), across midnight. */
function recordedSeconds(igc: string): number {
  const times = igc
    .split(/\r?\n/)
    .filter((l) => l.startsWith('B') && l.length > 7)
    .map((l) => Number(l.slice(1, 3)) * 3600 + Number(l.slice(3, 5)) * 60 + Number(l.slice(5, 7)));
  let total = 0;
  for (let i = 1; i < times.length; i++) total += (times[i]! - times[i - 1]! + 86_400) % 86_400;
  return total;
}

function longestFlightFile(): { name: string; data: Buffer } {
  if (existsSync(FIXTURES)) {
    const files = readdirSync(FIXTURES)
      .filter((f) => /\.igc$/i.test(f))
      .map((name) => ({ name, data: readFileSync(join(FIXTURES, name)) }));
    return files.sort((a, b) => recordedSeconds(b.data.toString('latin1')) - recordedSeconds(a.data.toString('latin1')))[0]!;
  }
  const rec: Recording = {
    start: '2024-07-14T09:00:00Z',
    latitude: 46.68,
    longitude: 7.86,
    altitude: 1800,
    seed: 3,
    phases: [{ kind: 'ground', seconds: 120 }, ...Array.from({ length: 10 }, (_, i) => [
      { kind: 'thermal' as const, seconds: 600, climbMs: 2, direction: (i % 2 ? 'left' : 'right') as 'left' | 'right' },
      { kind: 'glide' as const, seconds: 1200, heading: (i * 47) % 360, sinkMs: 1.1 },
    ]).flat(), { kind: 'ground', seconds: 120 }],
  };
  return { name: 'generated-5h.igc', data: Buffer.from(generateIgc(rec)) };
}

/**
 * Runs in the page: from the next pointer down, checks every frame whether the map's drawing canvas
 * shows the low-resolution track (its answer arrived, the full one not yet) and then the full track
 * (a different drawing after the full answer arrived); resolves window.benchResult with the times.
 */
function MEASURE(id: number) {
  const canvasSum = () => {
    let lit = 0;
    let sum = 0;
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="map-panel"] .flight-layers canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || !canvas.width) continue;
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < data.length; i += 4) {
        if (data[i]! > 0) {
          lit++;
          sum = (sum + i * data[i]!) % 1_000_000_007;
        }
      }
    }
    return { lit, sum };
  };
  const features = () => performance.getEntriesByType('resource').filter((e) => e.name.includes(`/FlightDetail/${id}/features`)) as PerformanceResourceTiming[];
  const previous = canvasSum().sum;
  const w = window as unknown as { benchResult: Promise<unknown> };
  w.benchResult = new Promise((resolve) => {
    window.addEventListener(
      'pointerdown',
      async () => {
        const t0 = performance.now();
        const seen = new Set(features());
        const fresh = () => features().filter((e) => !seen.has(e));
        let low: number | null = null;
        let full: number | null = null;
        let lowSum = -1;
        while (performance.now() - t0 < 20_000) {
          await new Promise((r) => requestAnimationFrame(() => r(null)));
          const now = performance.now() - t0;
          const entries = fresh();
          const lowEntry = entries.find((e) => e.name.includes('lowRes=true'));
          const fullEntry = entries.find((e) => e.name.includes('lowRes=false'));
          const { lit, sum } = canvasSum();
          if (lit === 0 || sum === previous) continue;
          if (low === null && lowEntry && !fullEntry) {
            low = now;
            lowSum = sum;
          }
          if (fullEntry && fullEntry.responseEnd > 0 && (low === null || sum !== lowSum)) {
            full = now;
            if (low === null) low = now; // the full track came first, or there is no low-resolution step
            break;
          }
        }
        const entries = fresh();
        const bytes = (e?: PerformanceResourceTiming) => (e ? e.transferSize || e.encodedBodySize : 0);
        const span = (e?: PerformanceResourceTiming) => (e ? `${(e.startTime - t0).toFixed(0)}→${(e.responseEnd - t0).toFixed(0)} ms` : '-');
        const lowEntry = entries.find((e) => e.name.includes('lowRes=true'));
        const fullEntry = entries.find((e) => e.name.includes('lowRes=false'));
        resolve({ low, full, lowBytes: bytes(lowEntry), fullBytes: bytes(fullEntry), requests: `requests: low ${span(lowEntry)}, full ${span(fullEntry)}` });
      },
      { capture: true, once: true },
    );
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN;
};

async function main() {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-if-stale.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The app build failed');
  const file = longestFlightFile();
  console.log(`flight file ${file.name} (${(file.data.length / 1024).toFixed(0)} KB, ${(recordedSeconds(file.data.toString('latin1')) / 3600).toFixed(2)} h recorded), ${cpus().length} cores, ${RUNS} runs`);

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-map-'));
  const port = 4800 + Math.floor(Math.random() * 500);
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const s = new HttpSession(url);
    for (let i = 0; i < 300; i++) {
      try {
        if ((await s.fetch('/api/health')).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const json = { 'content-type': 'application/json' };
    await s.fetch('/api/auth/register', { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench-map@example.com', username: 'benchmap', password: 'Bench#Map2024' }) });
    const login = await s.fetch('/api/auth/login', { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench-map@example.com', password: 'Bench#Map2024' }) });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(file.data)]), file.name);
    // A short flight to select first, so the warm measure is a change of selection on a page that has drawn a track.
    form.append('files', new Blob([generateIgc(thermalFlight('2020-05-01T09:00:00Z', 11))]), 'warm-up.igc');
    const upload = await s.fetch('/api/FlightDetail/upload', { method: 'POST', body: form });
    if (!upload.ok) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
    let flights: { id: number; status: string; flightTime: number | null }[] = [];
    for (let i = 0; i < 600; i++) {
      flights = (await (await s.fetch('/api/FlightDetail')).json()) as typeof flights;
      if (flights.length && flights.every((f) => f.status === 'Completed' || f.status === 'Failed')) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const completed = flights.filter((f) => f.status === 'Completed').sort((a, b) => (b.flightTime ?? 0) - (a.flightTime ?? 0));
    const target = completed[0];
    const warmUp = completed.at(-1);
    if (!target || !warmUp || warmUp === target) throw new Error('the two flights were not analysed');
    console.log(`flight ${target.id}: ${((target.flightTime ?? 0) / 3600).toFixed(2)} h in the air, ${(target.flightTime ?? 0) > 10_800 ? 'low resolution first' : 'full track only (3 h or less)'}`);

    // The first flight unlocks achievements; their celebration would run during the measure.
    await s.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST', headers: json, body: '{}' });

    // The server alone: the same answers fetched from Node, no browser.
    for (const lowRes of [true, false]) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await (await s.fetch(`/api/FlightDetail/${target.id}/features?lowRes=${lowRes}`)).arrayBuffer();
        times.push(performance.now() - started);
      }
      console.log(`server answer, ${lowRes ? 'low resolution' : 'full track'}: median ${median(times).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`);
    }

    type Measure = { low: number | null; full: number | null; lowBytes: number; fullBytes: number; requests: string };
    /** Arms the in-page measure for a flight, clicks its row with the mouse, and returns what was measured. */
    const measure = async (page: import('playwright-core').Page, id: number): Promise<Measure> => {
      await page.evaluate(MEASURE, id);
      await page.locator(`tr[data-flight-id="${id}"]`).click();
      return (await page.evaluate(() => (window as unknown as { benchResult: Promise<unknown> }).benchResult)) as Measure;
    };
    const openDashboard = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([...s.cookies].map(([name, value]) => ({ name, value, url })));
      // Map tiles answered locally: the measure is our code, not a tile server.
      await context.route('**/*', (route) => (route.request().url().startsWith(url) ? route.continue() : route.fulfill({ status: 204 })));
      // tsx names functions with a helper the page does not have.
      await context.addInitScript('window.__name = (f) => f');
      // No preloading (it starts 2 s after the list loads): each measure fetches its track.
      await context.addInitScript(`{ const original = window.setTimeout; window.setTimeout = (fn, ms, ...rest) => (ms === 2000 ? 0 : original(fn, ms, ...rest)); }`);
      const page = await context.newPage();
      await page.goto(`${url}/dashboard?year=all`);
      await page.locator(`tr[data-flight-id="${target.id}"]`).waitFor();
      return { context, page };
    };

    const cold: Measure[] = [];
    const warm: Measure[] = [];
    for (let run = 0; run < RUNS; run++) {
      {
        const { context, page } = await openDashboard();
        cold.push(await measure(page, target.id));
        await context.close();
      }
      {
        const { context, page } = await openDashboard();
        await measure(page, warmUp.id);
        await page.waitForTimeout(300);
        warm.push(await measure(page, target.id));
        await context.close();
      }
      const [c, w] = [cold.at(-1)!, warm.at(-1)!];
      console.log(`run ${run + 1}: first selection on a fresh page: low ${c.low?.toFixed(0) ?? '-'} ms, full ${c.full?.toFixed(0) ?? '-'} ms (${c.requests}); after another flight: low ${w.low?.toFixed(0) ?? '-'} ms, full ${w.full?.toFixed(0) ?? '-'} ms (${w.requests})`);
    }
    const points = async (lowRes: boolean) => {
      const r = await s.fetch(`/api/FlightDetail/${target.id}/features?lowRes=${lowRes}`);
      const body = (await r.json()) as { id?: string; geometry: { points: unknown[] } }[];
      return body.find((f) => f.id === 'flight')?.geometry.points.length ?? 0;
    };
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const med = (list: Measure[], key: 'low' | 'full') => median(list.flatMap((m) => (m[key] === null ? [] : [m[key]!]))).toFixed(0);
    console.log('');
    console.log(`low resolution (${await points(true)} points, ${kb(cold[0]!.lowBytes)} transferred): drawn ${med(warm, 'low')} ms after the click (median of ${RUNS}; ${med(cold, 'low')} ms as the first selection on a fresh page)`);
    console.log(`full track (${await points(false)} points, ${kb(cold[0]!.fullBytes)} transferred): drawn ${med(warm, 'full')} ms after the click (median of ${RUNS}; ${med(cold, 'full')} ms as the first selection on a fresh page)`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
