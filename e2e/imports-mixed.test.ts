import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { gpx } from '../bench/mixed-formats';
import { generateIgc, thermalFlight } from '../scripts/synthetic-igc';
import { parseTrack } from '../server/src/analysis/parse';
import { makeZip } from '../server/test/helpers/archives';
import { LOGFLY_VOL_TABLE } from '../server/test/helpers/logfly';
import type { UploadTask } from '../contract/uploads';
import { seriousViolations } from './axe';
import { describeBrowser, journey, screenshot } from './harness';
import { analysed, browserFor, pilot } from './pilot';

// A whole flying life in one drop (docs/import.md): one archive with every kind of file a pilot has
// (IGC, GPX, FIT, KML, TCX, an archive inside it, a photo, a task file and a Logfly logbook) on the
// normal upload; what the pilot then reads: the upload's note, History's ledger and its counts, the
// flights in the logbook. axe on History in light and dark.

const FORMATS = join(__dirname, '..', 'server/test/fixtures/formats');
const sample = (path: string) => readFileSync(join(FORMATS, path));
const igc = (start: string, seed: number) => Buffer.from(generateIgc(thermalFlight(start, seed)));

/** Logfly's database (Logfly's own schema, server/test/fixtures/formats/SOURCES.md) with one flight entered by hand. */
function logflyDb(): Buffer {
  const db = new Database(':memory:');
  db.exec(LOGFLY_VOL_TABLE);
  db.prepare('INSERT INTO Vol (V_Date,V_Duree,V_sDuree,V_LatDeco,V_LongDeco,V_Site,UTC,V_Engin,V_Commentaire) VALUES (?,?,?,?,?,?,?,?,?)').run('2019-06-02 14:05:00', 2700, '00h45mn', 45.8134, 6.2503, 'COL DE LA FORCLAZ', 120, 'Bonanza 3', 'Soaring; windy');
  const bytes = db.serialize();
  db.close();
  return bytes;
}

function mixedArchive() {
  const phone = igc('2024-07-15T10:00:00Z', 2);
  const entries = [
    { name: 'XCTrack/Tracks/2024-07-14-XCT-PIL-01.igc', data: igc('2024-07-14T09:00:00Z', 1) },
    { name: 'XCTrack/Tasks/2024-07-14.xctsk', data: Buffer.from('{"taskType":"CLASSIC","version":1}') },
    { name: 'Phone/2024-07-15.gpx', data: Buffer.from(gpx(parseTrack(phone, 'phone.igc').track)) },
    { name: 'Garmin/Activities/ride.fit', data: sample('fit/example.fit') },
    { name: 'Competition/gpsdump.kml', data: sample('kml/gpsdump-competition.kml') },
    { name: 'Garmin/run.tcx', data: sample('tcx/sample.tcx') },
    { name: 'DCIM/IMG_0001.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) },
    { name: 'old/2023.zip', data: makeZip([{ name: '2023-08-01.igc', data: igc('2023-08-01T09:00:00Z', 3) }]) },
    { name: 'Logfly/Logfly.db', data: logflyDb() },
  ];
  // Every entry is one line; the archive inside is replaced by its one file.
  return { zip: makeZip(entries), received: entries.length };
}

describeBrowser('a mixed archive on the normal upload', () => {
  const { server, browser } = journey();

  it('drops every kind of file at once and reads what became of each, in History and in the logbook', async () => {
    const session = await pilot(server, 'mixed@example.com', 'mixed');
    const { zip, received } = mixedArchive();
    const context = await browserFor(browser, server, session, 'light');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));

    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('upload-input').setInputFiles({ name: 'sd-card.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByText(`Upload successful: ${received} files received, 0 duplicates skipped.`).waitFor({ timeout: 60_000 });
    const flights = await analysed(session);
    const [task] = (await (await session.fetch('/api/uploadtasks')).json()) as UploadTask[];
    expect(task!.fileCount).toBe(received);
    expect(task!.ledger).toMatchObject({ notTrack: 2, unreadable: 0, waiting: 0 });
    // The logbook's row, the IGC, the GPX, the competition KML and the IGC of the archive inside are flights.
    expect(task!.ledger.stored).toBeGreaterThanOrEqual(5);

    // The achievements of a first upload are not what this journey looks at: dismissed, so no dialog covers History.
    expect((await session.fetch('/api/achievements/notifications/dismiss-all', { method: 'POST' })).status).toBe(200);

    // History: the counts by outcome add up to what was received, and each file has its line.
    await page.goto(`${server.url}/history`);
    const ledger = page.getByTestId('task-ledger');
    await ledger.waitFor();
    await ledger.getByText(`${received} files received:`).waitFor();
    const counts = await ledger.getByRole('list', { name: 'What became of the files' }).getByRole('listitem').allTextContents();
    expect(counts.map((c) => Number(/^\d+/.exec(c)?.[0])).reduce((a, b) => a + b, 0)).toBe(received);
    expect(counts).toContain(`${task!.ledger.stored} stored as flights`);
    expect(counts).toContain('2 not track files');
    const row = (name: string) => page.locator('tr', { hasText: name });
    await row('Logfly/Logfly.db').getByText('Logbook: 1 row, 1 new, 0 merged, 0 already in the logbook.').waitFor();
    await row('Logfly/Logfly.db').getByText('Imported').waitFor();
    await row('DCIM/IMG_0001.jpg').getByText('Not a track file: photo.').waitFor();
    await row('XCTrack/Tasks/2024-07-14.xctsk').getByText('Not a track file: task file.').waitFor();
    await row('old/2023.zip/2023-08-01.igc').waitFor();
    const download = await ledger.getByRole('link', { name: 'Download the list (CSV)' }).getAttribute('href');
    expect(download).toBe(`/api/uploadtasks/${task!.id}/ledger.csv`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'imports-mixed-history-light', { settled: true });

    // The logbook lists every flight, the Logfly row without a track among them.
    await page.goto(`${server.url}/dashboard?year=all`);
    const rows = page.locator('tbody tr[data-flight-id]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(flights.length);
    const logflyFlight = flights.find((f) => f.startTime?.startsWith('2019-06-02T12:05'));
    expect(logflyFlight).toBeDefined();
    await page.locator(`tbody tr[data-flight-id="${logflyFlight!.id}"]`).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const dark = await browserFor(browser, server, session, 'dark');
    const darkPage = await dark.newPage();
    await darkPage.goto(`${server.url}/history`);
    await darkPage.getByTestId('task-ledger').waitFor();
    await darkPage.locator('tr', { hasText: 'Logfly/Logfly.db' }).waitFor();
    expect(await seriousViolations(darkPage)).toEqual([]);
    await screenshot(darkPage, 'imports-mixed-history-dark', { settled: true });
    await dark.close();
  }, 240_000);
});
