/**
 * npm run bench:compare: the compare page replaying ten flights of 40,000 fixes each at ×100 in
 * Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Each track is generated at 1 Hz (thermals and
 * glides, 11 h), simplified exactly as the analysis stores it (analysis/simplify.ts) and shaped as
 * GET /api/compare answers it (compare/service.ts toCompareTrack); the answer is routed inside the
 * browser, so the real page is measured without analysing 400,000 fixes first. Map tiles are answered
 * locally. Prints frames per second and the longest frame over 10 s of replay beside 5 s of the same
 * page paused (the machine's own stalls), and what ran in each frame over 50 ms; asserts nothing.
 * Targets: ≥ 50 fps, no frame over 50 ms.
 */
import './jest-free';
import type { CompareAnswer } from '../contract/compare';
import type { TrackPoint } from '../contract/uploads';
import { simplifyTrack } from '../server/src/analysis/simplify';
import { toCompareTrack } from '../server/src/compare/service';
import { launchBrowser, newContext, startServer } from '../e2e/harness';
import { countMainThread, frameSummary, recordFrames, type MainThreadTime } from './frames';

const FLIGHTS = 10;
const FIXES = 40_000;
const MEASURE_MS = 10_000;
const REFERENCE_MS = 5_000;

/** A day at 1 Hz from near Interlaken: 10-minute thermals at 1.5-3 m/s and 8-minute glides, seeded per pilot. */
function day(pilot: number): TrackPoint[] {
  let s = pilot + 1;
  const rand = () => ((s = (s * 16807) % 2_147_483_647) / 2_147_483_647);
  const start = Date.UTC(2025, 6, 14, 7, 0, 0) + pilot * 60_000;
  let lat = 46.68 + pilot * 0.002;
  let lon = 7.86;
  let alt = 1800;
  let heading = rand() * 360;
  const points: TrackPoint[] = [];
  for (let i = 0; i < FIXES; i++) {
    const phase = i % 1080;
    if (phase < 600) {
      // Circling: 30 s a turn, climbing.
      const a = ((i % 30) / 30) * 2 * Math.PI;
      lat += (Math.cos(a) * 6) / 111_320;
      lon += (Math.sin(a) * 6) / (111_320 * Math.cos((lat * Math.PI) / 180));
      alt += 1.5 + (pilot % 4) * 0.4 + (rand() - 0.5);
    } else {
      if (phase === 600) heading += (rand() - 0.5) * 90;
      const h = (heading * Math.PI) / 180;
      lat += (Math.cos(h) * 10) / 111_320;
      lon += (Math.sin(h) * 10) / (111_320 * Math.cos((lat * Math.PI) / 180));
      alt -= 1.1 + rand() * 0.4;
    }
    alt = Math.max(600, Math.min(4200, alt));
    points.push({ latitude: lat, longitude: lon, gpsAltitude: Math.round(alt), baroAltitude: Math.round(alt), timestamp: start + i * 1000 });
  }
  return points;
}

async function main() {
  const built = performance.now();
  const flights: CompareAnswer['flights'] = [];
  let zero = Infinity;
  const tracks = Array.from({ length: FLIGHTS }, (_, i) => toCompareTrack(simplifyTrack(day(i))));
  for (const t of tracks) zero = Math.min(zero, t.start);
  tracks.forEach((t, i) =>
    flights.push({ ref: `BenchToken${i}xx`, token: `BenchToken${i}xx`, pilot: { name: `Pilot ${i + 1}`, username: null }, colourIndex: i, startTime: new Date(t.start).toISOString(), timeZone: 'Europe/Zurich', offset: (t.start - zero) / 1000, track: t.track }),
  );
  const answer: CompareAnswer = { alignment: 'clock', shareable: true, flights };
  const body = JSON.stringify(answer);
  console.log(`${FLIGHTS} flights × ${FIXES} fixes → ${tracks.map((t) => t.track.t.length).join('/')} points, ${(body.length / 1024).toFixed(0)} KB of JSON (made in ${((performance.now() - built) / 1000).toFixed(1)} s)`);

  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, server, { width: 1280 });
    await context.route('**/api/compare?**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
    const page = await context.newPage();
    await page.goto(`${server.url}/compare?f=${flights.map((f) => f.ref).join(',')}`);
    await page.getByTestId('compare-map').locator('canvas').first().waitFor({ timeout: 60_000 });
    await page.getByRole('table', { name: 'Standings' }).waitFor();
    await page.getByLabel('Speed').selectOption('100');
    // The reference in the same run: the same page standing still, so the machine's own stalls show.
    let counted = await countMainThread(page);
    const still = frameSummary((await recordFrames(page, REFERENCE_MS)).deltas);
    const stillBusy = await counted();
    await page.getByRole('button', { name: 'Play' }).click();
    counted = await countMainThread(page);
    const { deltas, at, longFrames } = await recordFrames(page, MEASURE_MS);
    const busy = await counted();
    const playing = await page.getByRole('button', { name: 'Pause' }).count();
    const m = frameSummary(deltas);
    console.log(`\n| | replay at ×100, ${MEASURE_MS / 1000} s | reference: paused, ${REFERENCE_MS / 1000} s | target |\n|---|---|---|---|`);
    console.log(`| frames per second | ${m.fps.toFixed(1)} | ${still.fps.toFixed(1)} | ≥ 50 |`);
    console.log(`| longest frame | ${m.longest.toFixed(1)} ms | ${still.longest.toFixed(1)} ms | ≤ 50 ms |`);
    console.log(`| 99th percentile frame | ${m.p99.toFixed(1)} ms | ${still.p99.toFixed(1)} ms | |`);
    console.log(`| frames over 50 ms | ${m.over} of ${m.frames} | ${still.over} of ${still.frames} | 0 |`);
    const perFrame = (t: MainThreadTime, frames: number) => `${(t.task / frames).toFixed(1)} ms (script ${(t.script / frames).toFixed(1)}, style ${(t.style / frames).toFixed(1)}, layout ${(t.layout / frames).toFixed(1)})`;
    console.log(`| main-thread work per frame | ${perFrame(busy, m.frames)} | ${perFrame(stillBusy, still.frames)} | |`);
    // Each gap over 50 ms, and what ran in each long frame (Chromium's Long Animation Frames API): a
    // gap with no long frame had an idle main thread (the page waited for the CPU, not for its work).
    deltas.forEach((d, i) => {
      if (d <= 50) return;
      const from = at[i]! - d;
      const busy = longFrames.some((f) => f.at < at[i]! && f.at + f.duration > from);
      console.log(`  gap of ${d.toFixed(0)} ms ending at ${(at[i]! / 1000).toFixed(2)} s${busy ? '' : ': no long animation frame in it'}`);
    });
    for (const f of longFrames) {
      const scripts = f.scripts.map((s) => `${s.invoker} ${s.source} ${s.duration.toFixed(0)} ms${s.forcedStyleAndLayout ? ` (forced layout ${s.forcedStyleAndLayout.toFixed(0)})` : ''}`).join('; ');
      console.log(`  long frame at ${(f.at / 1000).toFixed(2)} s: ${f.duration.toFixed(0)} ms, render ${f.render.toFixed(0)}, style+layout ${f.styleAndLayout.toFixed(0)}${scripts ? `; ${scripts}` : ''}`);
    }
    console.log(`\nStill playing at the end: ${playing ? 'yes' : 'no'}. Headless Chromium, software rendering, on a shared 2-core machine.`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
