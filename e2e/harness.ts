import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
// How the journeys' Chromium starts, the shared one too (scripts/jest-global-setup.cjs).
import CHROMIUM_ARGS from './chromium-args.json';

const ROOT = resolve(__dirname, '..');
export const SCREENSHOT_DIR = join(ROOT, 'e2e/screenshots');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH;

/** Browser journeys run only where Chromium is installed (CI always installs it); the global setup says once when they are skipped. */
export const describeBrowser: jest.Describe = CHROMIUM_PATH ? describe : describe.skip;

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Links found in the mails written to the outbox, oldest first. */
  outboxLinks(): string[];
  stop(): Promise<void>;
}

/** Starts the real server (built app, SQLite in a temporary folder) as its own process. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // The same build and program as `npm start`. The global setup builds once for the whole run: journeys
  // running at once would each start the same build, and a source edited mid-run would rebuild under them.
  if (!process.env.FLIGHTLOG_JOURNEYS_BUILT) {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-if-stale.mjs')], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Up to two minutes: on a loaded machine (many processes on two cores) start-up took more than the 20 s this
  // loop used to allow, and every journey then failed on its first request.
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error('The server exited during start-up');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    process: child,
    outboxLinks() {
      const dir = join(dataDir, 'outbox');
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .sort()
        .flatMap((f) => {
          const text = readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          return [...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
        });
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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
export async function newContext(browser: Browser, server: RunningServer, opts: { colorScheme?: 'light' | 'dark'; width?: number; locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: 860 },
    colorScheme: opts.colorScheme ?? 'light',
    // No region: the units follow the region of the browser's language (docs/units.md), and the journeys read metric numbers.
    locale: opts.locale ?? 'en',
  });
  const tile = solidTilePng();
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith(server.url)) return route.continue();
    if (/\/\d+\/\d+\/\d+(\.png)?$/.test(new URL(u).pathname)) return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
    return route.abort();
  });
  return context;
}

/** A full-page screenshot in e2e/screenshots; `settled` waits until the network is quiet (images, tiles) first. */
export async function screenshot(page: Page, name: string, { settled = false } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  if (settled) await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
