import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { parse } from 'csv-parse/sync';
import { generateIgc, thermalFlight } from '../scripts/synthetic-igc';
import type { HttpSession } from '../server/test/helpers/http-session';
import { seriousViolations } from './axe';
import { describeBrowser, journey, newContext, screenshot, showTheme } from './harness';
import { analysed, browserFor, open, pilot, upload } from './pilot';

// Issue 16, memories and sharing: photos placed on the track and shown in the strip, a share link
// opened in a browser that has never signed in, then revoked; the logbook CSV and the IGC zip.

jest.setTimeout(600_000);

const shot = (page: Page, name: string) => screenshot(page, name, { settled: true });

/** A download saved to a file of ours: the journeys' shared Chromium is connected to, so Playwright has no local path for it. */
async function saved(download: Download): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'journey-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** A phone photo: taken at 11:20 summer time in Switzerland (09:20 UTC, in the flight), or only with a position. */
async function photo(exif: { DateTimeOriginal?: string; OffsetTimeOriginal?: string; gps?: boolean }, colour: string): Promise<Buffer> {
  const gps: Record<string, string> = exif.gps ? { GPSLatitudeRef: 'N', GPSLatitude: '46/1 40/1 48000/1000', GPSLongitudeRef: 'E', GPSLongitude: '7/1 51/1 36000/1000' } : {};
  const ifd2: Record<string, string> = {};
  if (exif.DateTimeOriginal) ifd2.DateTimeOriginal = exif.DateTimeOriginal;
  if (exif.OffsetTimeOriginal) ifd2.OffsetTimeOriginal = exif.OffsetTimeOriginal;
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().withExif({ IFD0: { Make: 'Phone' }, IFD2: ifd2, IFD3: gps }).toBuffer();
}

function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => (entries.set(entry.fileName, Buffer.concat(chunks)), zip.readEntry()));
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

describeBrowser('memories and sharing journey', () => {
  const { server, browser } = journey();
  let pia: HttpSession;
  let flightId: number;
  const igc = generateIgc(thermalFlight('2024-07-14T09:00:00Z', 5));

  beforeAll(async () => {
    pia = await pilot(server, 'memories@example.com', 'memories');
    await pia.fetch('/api/auth/profile', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'memories', email: 'memories@example.com', displayName: 'Pia Flyer' }) });
    await upload(pia, [{ name: 'interlaken.igc', igc }]);
    const flights = await analysed(pia);
    flightId = flights[0]!.id;
    await pia.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' });
  }, 240_000);

  it('adds photos to a flight: placed on the map, in the strip, a hostile file refused, opened large', async () => {
    const context = await browserFor(browser, server, pia);
    const page = await context.newPage();
    await open(page, server, `/flight/${flightId}`);
    await page.getByRole('heading', { name: 'Photos' }).waitFor();
    await page.getByText('No photos yet', { exact: false }).waitFor();

    await page.getByTestId('photo-input').setInputFiles([
      { name: 'thermal.jpg', mimeType: 'image/jpeg', buffer: await photo({ DateTimeOriginal: '2024:07:14 11:20:00', OffsetTimeOriginal: '+02:00' }, '#3a7bd5') },
      { name: 'landing.jpg', mimeType: 'image/jpeg', buffer: await photo({ gps: true }, '#d5733a') },
      { name: 'drawing.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
    ]);
    await page.getByText('drawing.jpg', { exact: false }).waitFor();
    await page.getByText('The file is not a JPEG, PNG or WebP image.', { exact: false }).waitFor();
    const strip = page.getByRole('list', { name: 'Photos' });
    await strip.getByRole('button').nth(1).waitFor();
    expect(await strip.getByRole('button').count()).toBe(2);
    // In time order: the photo with a capture time first, labelled with its local time.
    expect(await strip.getByRole('button').first().getAttribute('aria-current')).toBeNull();
    expect(await strip.getByRole('img').first().getAttribute('alt')).toMatch(/^thermal\.jpg, .*11:20/);
    await page.getByTestId('map-photo-count').getByText('2 photos on the track', { exact: false }).waitFor();

    // Placed at the fix nearest 09:20 UTC, and the other at its EXIF position.
    const placed = (await (await pia.fetch(`/api/FlightDetail/${flightId}/photos`)).json()) as { originalFilename: string; placement: string; takenAt: string | null }[];
    expect(placed.map((p) => [p.originalFilename, p.placement])).toEqual([
      ['thermal.jpg', 'time'],
      ['landing.jpg', 'position'],
    ]);

    await strip.getByRole('button').first().click();
    const viewer = page.getByRole('dialog', { name: 'thermal.jpg' });
    await viewer.getByRole('img').waitFor();
    await shot(page, 'photo-viewer-1280-light');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'landing.jpg' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await shot(page, 'flight-photos-1280-light');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    // At phone width in both themes, on one load: the context stores no theme, so showTheme turns the page dark.
    const phone = await browserFor(browser, server, pia, 'system', 390);
    const p = await phone.newPage();
    await open(p, server, `/flight/${flightId}`);
    const phoneStrip = p.getByRole('list', { name: 'Photos' });
    await phoneStrip.getByRole('button').nth(1).waitFor();
    // The thumbnails load lazily: scrolled to, both show a picture.
    await phoneStrip.scrollIntoViewIfNeeded();
    await p.waitForFunction(() => {
      const thumbs = [...document.querySelectorAll<HTMLImageElement>('[aria-label="Photos"] img')];
      return thumbs.length === 2 && thumbs.every((img) => img.complete && img.naturalWidth > 0);
    });
    for (const theme of ['dark', 'light'] as const) {
      await showTheme(p, theme);
      await shot(p, `flight-photos-phone-${theme}`);
      expect([theme, await seriousViolations(p)]).toEqual([theme, []]);
    }
    // The viewer's controls fit one row at 390 px: previous, next, delete and close share a line.
    await phoneStrip.getByRole('button').first().click();
    const phoneViewer = p.getByRole('dialog', { name: 'thermal.jpg' });
    await phoneViewer.getByRole('img').waitFor();
    for (const theme of ['dark', 'light'] as const) {
      await showTheme(p, theme);
      const boxes = await Promise.all(['Previous photo', 'Next photo', 'Delete photo', 'Close'].map(async (name) => (await phoneViewer.getByRole('button', { name, exact: true }).boundingBox())!));
      expect([theme, new Set(boxes.map((b) => Math.round(b.y + b.height / 2))).size]).toEqual([theme, 1]);
      await shot(p, `photo-viewer-phone-${theme}`);
      expect([theme, await seriousViolations(p)]).toEqual([theme, []]);
    }
    await p.keyboard.press('Escape');
    await phone.close();
  });

  it('shares the flight: a browser without a session sees it with the photos, not the notes, until the link is revoked', async () => {
    await pia.fetch(`/api/FlightDetail/${flightId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ notes: 'Private: landed in the cow field again' }) });
    const context = await browserFor(browser, server, pia);
    const page = await context.newPage();
    await open(page, server, `/flight/${flightId}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this flight' });
    expect(await dialog.getByLabel('Include notes').isChecked()).toBe(false);
    await dialog.getByLabel('Include photos').check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByRole('textbox', { name: 'Share link' });
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]{22,}$/);
    const path = new URL(link).pathname;

    // A visitor: a fresh browser context that never signed in, at each width, storing no theme: the page is loaded
    // once and checked in light and dark (showTheme).
    for (const width of [1280, 390]) {
      const visitor = await newContext(browser, server, { width });
      const v = await visitor.newPage();
      const errors: string[] = [];
      v.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await open(v, server, path);
      await v.getByRole('heading', { name: "Pia Flyer's flight" }).waitFor();
      await v.getByRole('list', { name: 'Photos' }).getByRole('button').nth(1).waitFor();
      await v.getByTestId('map-photo-count').waitFor();
      expect(await v.getByText('cow field').count()).toBe(0);
      expect(await v.content()).not.toContain('memories@example.com');
      expect(v.url()).toContain('/shared/');
      for (const theme of ['light', 'dark'] as const) {
        await showTheme(v, theme);
        await shot(v, `shared-${width}-${theme}`);
        expect([width, theme, await seriousViolations(v)]).toEqual([width, theme, []]);
      }
      expect(errors).toEqual([]);
      await visitor.close();
    }

    // The page served for the link has the preview tags and asks not to be indexed.
    const html = await (await fetch(link)).text();
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toMatch(/<meta property="og:title" content="Flight of Pia Flyer on/);

    // Only public flights are listed on the pilot page (docs/community.md): the pilot makes this one public,
    // publishes the page, and a visitor finds the flight there at the same address; unpublished, it is gone.
    const madePublic = await pia.fetch(`/api/FlightDetail/${flightId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ visibility: 'public' }) });
    expect(madePublic.status).toBe(200);
    const publish = (enabled: boolean) => pia.fetch('/api/profile/public', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enabled }) });
    await publish(true);
    const pilotPageVisitor = await newContext(browser, server);
    const pilotPage = await pilotPageVisitor.newPage();
    await open(pilotPage, server, '/pilots/memories');
    await pilotPage.getByRole('heading', { name: "Pia Flyer's flight logbook" }).waitFor();
    const listed = pilotPage.getByRole('table', { name: 'Public flights' }).getByRole('link');
    await listed.first().waitFor();
    expect(await listed.first().getAttribute('href')).toContain(path);
    for (const theme of ['light', 'dark'] as const) {
      await showTheme(pilotPage, theme);
      expect([theme, await seriousViolations(pilotPage)]).toEqual([theme, []]);
      await shot(pilotPage, `pilot-page-1280-${theme}`);
    }
    await pilotPageVisitor.close();
    await publish(false);
    expect((await fetch(`${server.url}/api/public/pilots/memories`)).status).toBe(404);

    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await dialog.getByRole('button', { name: 'Yes, revoke' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).waitFor();
    const visitor = await newContext(browser, server);
    const v = await visitor.newPage();
    await open(v, server, path);
    await v.getByRole('heading', { name: 'This flight is not shared' }).waitFor();
    expect(v.url()).toContain('/shared/');
    await visitor.close();
    await context.close();
  });

  it('exports the logbook as CSV and the original files as a zip from the Your data page', async () => {
    const context = await browserFor(browser, server, pia);
    const page = await context.newPage();
    await open(page, server, '/data');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the logbook (CSV)' }).click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^flightlog-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await saved(csvDownload));
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ date: '2024-07-14', time_zone: 'Europe/Zurich', notes: 'Private: landed in the cow field again', source: 'igc', igc_file: 'interlaken.igc' });

    const [zipDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all IGC files (zip)' }).click()]);
    const entries = await zipEntries(readFileSync(await saved(zipDownload)));
    expect([...entries.keys()]).toHaveLength(1);
    const [name, bytes] = [...entries][0]!;
    expect(name).toMatch(/^2024-07-14_11\d\d_.+\.igc$/);
    expect(bytes.equals(Buffer.from(igc))).toBe(true);
    await shot(page, 'data-1280-light');
    await context.close();
  });
});
