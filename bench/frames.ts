// Frame timing in Chromium for the browser benches (bench/compare.ts, bench/logbook-ui.ts): one way to
// count animation frames, so their numbers compare. Scripts go to the page as text: tsx would wrap
// functions in helpers the page lacks.
import type { Page } from 'playwright-core';

/** Remembers "now" in the page; framesUntil measures from here. */
export const markStart = (page: Page) => page.evaluate('window.benchFrom = performance.now()');

/**
 * In the page: waits for frames until `condition` (a JavaScript expression) holds, then one more frame
 * (painted); answers the ms since the last markStart.
 */
export async function framesUntil(page: Page, condition: string, timeoutMs = 120_000): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const from = window.benchFrom;
    const tick = () => {
      if (${condition}) requestAnimationFrame(() => resolve(performance.now() - from));
      else if (performance.now() - from > ${timeoutMs}) reject(new Error('Timed out waiting for the page'));
      else requestAnimationFrame(tick);
    };
    tick();
  })`);
}

/** A frame over 50 ms as Chromium's Long Animation Frames API saw it: what ran in it and for how long. */
export interface LongFrame {
  /** ms since the measurement started */
  at: number;
  duration: number;
  blocking: number;
  render: number;
  styleAndLayout: number;
  scripts: { invoker: string; source: string; duration: number; forcedStyleAndLayout: number }[];
}

export interface FrameRecord {
  /** ms between consecutive animation frames, the first (partial) interval left out */
  deltas: number[];
  /** when each of those frames began, ms since the measurement started */
  at: number[];
  longFrames: LongFrame[];
}

/** In the page: the time between animation frames for `ms`, and the long animation frames meanwhile. */
export async function recordFrames(page: Page, ms: number): Promise<FrameRecord> {
  return page.evaluate(`new Promise((resolve) => {
    const deltas = [];
    const at = [];
    const longFrames = [];
    let last = performance.now();
    const begin = last;
    const end = last + ${ms};
    let observer = null;
    try {
      observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          longFrames.push({
            at: e.startTime - begin,
            duration: e.duration,
            blocking: e.blockingDuration ?? 0,
            render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
            styleAndLayout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
            scripts: (e.scripts ?? []).map((s) => ({ invoker: s.invoker, source: (s.sourceFunctionName || '') + ' ' + (s.sourceURL || '').split('/').pop() + ':' + (s.sourceCharPosition ?? ''), duration: s.duration, forcedStyleAndLayout: s.forcedStyleAndLayoutDuration ?? 0 })),
          });
        }
      });
      observer.observe({ type: 'long-animation-frame' });
    } catch (e) {}
    const tick = (now) => {
      deltas.push(now - last);
      at.push(now - begin);
      last = now;
      if (now < end) requestAnimationFrame(tick);
      else {
        observer?.disconnect();
        resolve({ deltas: deltas.slice(1), at: at.slice(1), longFrames });
      }
    };
    requestAnimationFrame(tick);
  })`);
}

/** Frames per second, the longest frame, the 99th percentile and the frames over `limitMs`. */
export function frameSummary(deltas: readonly number[], limitMs = 50) {
  const total = deltas.reduce((s, d) => s + d, 0);
  const sorted = [...deltas].sort((a, b) => a - b);
  return {
    frames: deltas.length,
    fps: (deltas.length * 1000) / total,
    longest: sorted[sorted.length - 1] ?? 0,
    p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    over: deltas.filter((d) => d > limitMs).length,
  };
}

/** Main-thread time Chromium spent in the page (its Performance domain), in ms. */
export interface MainThreadTime {
  task: number;
  script: number;
  layout: number;
  style: number;
}

/**
 * Starts counting the page's main-thread time; the returned function answers the time spent since.
 * Read beside the frame times: on a loaded machine a gap between frames can be the page's own work or
 * time the page waited for a CPU; this counts only the former.
 */
export async function countMainThread(page: Page): Promise<() => Promise<MainThreadTime>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return { task: get('TaskDuration'), script: get('ScriptDuration'), layout: get('LayoutDuration'), style: get('RecalcStyleDuration') };
  };
  const from = await read();
  return async () => {
    const to = await read();
    return { task: to.task - from.task, script: to.script - from.script, layout: to.layout - from.layout, style: to.style - from.style };
  };
}
