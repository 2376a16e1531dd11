import exifr from 'exifr';
import sharp from 'sharp';
import { PHOTOS_PER_FLIGHT, type Photo, type PhotoRefusalCode } from '../../contract/sharing';
import type { TrackPoint } from '../../contract/uploads';
import { type Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { crc32, multipart } from './helpers/archives';
import { fixture } from './helpers/fixtures';
import { uploadAndWait } from './helpers/upload';


interface Exif {
  dateTimeOriginal?: string;
  offset?: string;
  gps?: { latitude: number; longitude: number };
  orientation?: number;
}

const dms = (deg: number) => {
  const d = Math.floor(deg);
  const m = Math.floor((deg - d) * 60);
  const s = Math.round(((deg - d) * 60 - m) * 60 * 1000);
  return `${d}/1 ${m}/1 ${s}/1000`;
};

/** A real JPEG made by sharp, with the EXIF a camera or phone writes. */
async function jpeg(exif: Exif = {}, size: { width: number; height: number } = { width: 40, height: 30 }): Promise<Buffer> {
  const ifd2: Record<string, string> = {};
  if (exif.dateTimeOriginal) ifd2.DateTimeOriginal = exif.dateTimeOriginal;
  if (exif.offset) ifd2.OffsetTimeOriginal = exif.offset;
  const ifd3: Record<string, string> = {};
  if (exif.gps) {
    Object.assign(ifd3, {
      GPSLatitudeRef: exif.gps.latitude < 0 ? 'S' : 'N',
      GPSLatitude: dms(Math.abs(exif.gps.latitude)),
      GPSLongitudeRef: exif.gps.longitude < 0 ? 'W' : 'E',
      GPSLongitude: dms(Math.abs(exif.gps.longitude)),
    });
  }
  let img = sharp({ create: { ...size, channels: 3, background: '#3a7bd5' } }).jpeg().withExif({ IFD0: { Make: 'TestCam' }, IFD2: ifd2, IFD3: ifd3 });
  if (exif.orientation) img = img.withMetadata({ orientation: exif.orientation });
  return img.toBuffer();
}

/** The EXIF wall time of an instant in a zone: "YYYY:MM:DD HH:MM:SS". */
const wallTime = (ms: number, timeZone: string) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}:${p.month}:${p.day} ${p.hour}:${p.minute}:${p.second}`;
};

/** A PNG whose header claims 50,000 × 50,000 pixels (the CRC fixed, so only the size is wrong). */
async function hugePngHeader(): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer());
  png.writeUInt32BE(50_000, 16);
  png.writeUInt32BE(50_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function postPhotos(client: Client, flightId: number, files: { name: string; data: Buffer }[]) {
  const { payload, headers } = multipart(files);
  return client.request('POST', `/api/FlightDetail/${flightId}/photos`, payload, headers);
}

describeEachDatabase('photos on the track', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());
  const photoCount = async (flightId: number) =>
    Number((await ctx.services.database.db.selectFrom('photos').select((eb) => eb.fn.countAll().as('n')).where('flightId', '=', flightId).executeTakeFirstOrThrow()).n);

  /** A flight added by hand (no track), in Zurich. */
  async function manualFlight(client: Client): Promise<number> {
    const res = await client.post('/api/FlightDetail', { startTime: '2024-07-01T09:00:00Z', timeZone: 'Europe/Zurich', flightTime: 3600, site: { name: 'Fiesch', latitude: 46.41, longitude: 8.13 } });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  async function trackFlight(client: Client, userId: number) {
    await uploadAndWait(ctx, client, [{ name: 'd3p.igc', data: fixture('d3p.igc') }]);
    const row = await ctx.services.database.db.selectFrom('flights').select(['id', 'startTime', 'endTime', 'timeZone']).where('userId', '=', userId).executeTakeFirstOrThrow();
    const path: TrackPoint[] = (await client.get(`/api/FlightDetail/${row.id}/path`)).json().path;
    return { ...row, path };
  }

  it('places photos at the fix nearest their capture time, read with its offset or in the flight zone', async () => {
    const { client, user } = await signedInClient(ctx);
    const flight = await trackFlight(client, user.id);
    // Central European summer time, two hours ahead of UTC: a wall time read as UTC would miss.
    expect(flight.timeZone).toBe('Europe/Ljubljana');
    const fix = flight.path[Math.floor(flight.path.length / 2)]!;
    const later = flight.path[Math.floor((flight.path.length * 3) / 4)]!;
    // A camera set to India time says so in its offset; a phone without an offset is read in the flight's zone.
    const withOffset = await jpeg({ dateTimeOriginal: wallTime(fix.timestamp!, 'Asia/Kolkata'), offset: '+05:30', gps: { latitude: 10, longitude: 10 } });
    const inZone = await jpeg({ dateTimeOriginal: wallTime(later.timestamp!, flight.timeZone!) });
    const res = await postPhotos(client, flight.id, [
      { name: 'offset.jpg', data: withOffset },
      { name: 'zone.jpg', data: inZone },
    ]);
    expect(res.statusCode).toBe(201);
    const { added, refused } = res.json();
    expect(refused).toEqual([]);
    expect(added).toEqual([
      expect.objectContaining({ originalFilename: 'offset.jpg', placement: 'time', takenAt: new Date(fix.timestamp!).toISOString(), latitude: fix.latitude, longitude: fix.longitude }),
      expect.objectContaining({ originalFilename: 'zone.jpg', placement: 'time', takenAt: new Date(later.timestamp!).toISOString(), latitude: later.latitude, longitude: later.longitude }),
    ]);
    const listed: Photo[] = (await client.get(`/api/flightdetail/${flight.id}/photos`)).json();
    expect(listed).toEqual(added);
    expect(listed[0]).toMatchObject({ url: `/api/photos/${listed[0]!.id}`, thumbUrl: `/api/photos/${listed[0]!.id}/thumb`, width: 40, height: 30 });
  });

  it('places a photo taken outside the flight at its EXIF position, and one without time or position nowhere', async () => {
    const { client, user } = await signedInClient(ctx);
    const flight = await trackFlight(client, user.id);
    const dayBefore = Date.parse(flight.startTime!) - 86_400_000;
    const res = await postPhotos(client, flight.id, [
      { name: 'summit.jpg', data: await jpeg({ dateTimeOriginal: wallTime(dayBefore, 'UTC'), offset: '+00:00', gps: { latitude: 46.5, longitude: 8.25 } }) },
      { name: 'plain.jpg', data: await jpeg() },
    ]);
    expect(res.statusCode).toBe(201);
    const [summit, plain] = res.json().added;
    expect(summit).toMatchObject({ placement: 'position', takenAt: new Date(dayBefore).toISOString() });
    expect(summit.latitude).toBeCloseTo(46.5, 5);
    expect(summit.longitude).toBeCloseTo(8.25, 5);
    expect(plain).toMatchObject({ placement: 'none', takenAt: null, latitude: null, longitude: null });
    // The list puts photos with a capture time first, in time order.
    expect((await client.get(`/api/FlightDetail/${flight.id}/photos`)).json().map((p: Photo) => p.originalFilename)).toEqual(['summit.jpg', 'plain.jpg']);
  });

  it('lets the pilot hide and show a photo’s position from share links; their own list keeps it', async () => {
    const { client } = await signedInClient(ctx);
    const flightId = await manualFlight(client);
    const [p] = (await postPhotos(client, flightId, [{ name: 'garden.jpg', data: await jpeg({ gps: { latitude: 46.95, longitude: 7.44 } }) }])).json().added;
    expect(p).toMatchObject({ placement: 'position', positionHidden: false });

    const hidden = await client.request('PATCH', `/api/photos/${p.id}`, { positionHidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ ...p, positionHidden: true });
    expect((await client.get(`/api/FlightDetail/${flightId}/photos`)).json()).toEqual([{ ...p, positionHidden: true }]);

    for (const body of [{}, { positionHidden: 'yes' }, { positionHidden: null }]) {
      const bad = await client.request('PATCH', `/api/photos/${p.id}`, body);
      expect([bad.statusCode, bad.json().message]).toEqual([400, expect.stringMatching(/positionHidden/)]);
    }
    expect((await client.get(`/api/FlightDetail/${flightId}/photos`)).json()[0].positionHidden).toBe(true);
    expect((await client.request('PATCH', `/api/photos/${p.id}`, { positionHidden: false })).json()).toEqual(p);
  });

  it('places by position on a flight without a track, even when the time lies within it', async () => {
    const { client } = await signedInClient(ctx);
    const flightId = await manualFlight(client);
    const res = await postPhotos(client, flightId, [{ name: 'a.jpg', data: await jpeg({ dateTimeOriginal: '2024:07:01 11:30:00', gps: { latitude: 46.42, longitude: 8.11 } }) }]);
    expect(res.statusCode).toBe(201);
    const [p] = res.json().added;
    // No offset: read in the flight's zone (Zurich, UTC+2 in July).
    expect(p).toMatchObject({ placement: 'position', takenAt: '2024-07-01T09:30:00.000Z' });
    expect(p.latitude).toBeCloseTo(46.42, 5);
  });

  it('applies the EXIF orientation and serves JPEGs without any metadata', async () => {
    const { client } = await signedInClient(ctx);
    const flightId = await manualFlight(client);
    const original = await jpeg({ orientation: 6, dateTimeOriginal: '2024:07:01 11:30:00', gps: { latitude: 46.42, longitude: 8.11 } }, { width: 20, height: 10 });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const [p] = (await postPhotos(client, flightId, [{ name: 'IMG_0001.JPG', data: original }])).json().added;
    expect(p).toMatchObject({ width: 10, height: 20 });
    for (const url of [p.url, p.thumbUrl]) {
      const res = await client.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({ 'content-type': 'image/jpeg', 'x-content-type-options': 'nosniff', 'content-disposition': `inline; filename="photo-${p.id}.jpg"` });
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+/);
      const served = res.rawPayload;
      const meta = await sharp(served).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 10, height: 20 });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(await exifr.parse(served)).toBeUndefined();
    }
  });

  it('sizes the display image to fit 2048 px and the thumbnail to fit 320 px', async () => {
    const { client } = await signedInClient(ctx);
    const flightId = await manualFlight(client);
    const [p] = (await postPhotos(client, flightId, [{ name: 'wide.png', data: await sharp({ create: { width: 3000, height: 1000, channels: 4, background: '#8a8' } }).png().toBuffer() }])).json().added;
    expect(p).toMatchObject({ width: 2048, height: 683 });
    expect(await sharp((await client.get(p.thumbUrl)).rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 106 });
  });

  it('refuses hostile files with a code and a message for each, and stores nothing', async () => {
    const { client } = await signedInClient(ctx);
    const flightId = await manualFlight(client);
    const big = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer();
    const cases: [string, Buffer, PhotoRefusalCode, string][] = [
      ['evil.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'format', 'The file is not a JPEG, PNG or WebP image.'],
      ['page.jpg', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'format', 'The file is not a JPEG, PNG or WebP image.'],
      ['cut.jpg', big.subarray(0, Math.floor(big.length / 2)), 'damaged', 'The image is damaged or incomplete.'],
      ['bomb.png', await hugePngHeader(), 'too-many-pixels', 'The image is 50000 × 50000 pixels: at most 100 megapixels are accepted.'],
      ['empty.jpg', Buffer.alloc(0), 'empty', 'The file is empty.'],
      ['anim.gif', await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer(), 'format', 'The file is not a JPEG, PNG or WebP image.'],
    ];
    for (const [name, data, code, message] of cases) {
      const res = await postPhotos(client, flightId, [{ name, data }]);
      expect(`${name} ${res.statusCode}`).toBe(`${name} 400`);
      expect(res.json()).toEqual({ message: `${name}: ${message}`, refused: [{ filename: name, code, message }] });
    }
    // Several refused at once: one sentence for API users, and the list the app translates.
    const allBad = await postPhotos(client, flightId, cases.slice(0, 3).map(([name, data]) => ({ name, data })));
    expect(allBad.statusCode).toBe(400);
    expect(allBad.json()).toEqual({
      message: cases.slice(0, 3).map(([name, , , message]) => `${name}: ${message}`).join(' '),
      refused: cases.slice(0, 3).map(([filename, , code, message]) => ({ filename, code, message })),
    });
    expect(await photoCount(flightId)).toBe(0);

    // Beside a good photo, the bad ones are listed with their reasons and only the good one is stored.
    const mixed = await postPhotos(client, flightId, [
      { name: 'good.webp', data: await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123' } }).webp().toBuffer() },
      ...cases.map(([name, data]) => ({ name, data })),
    ]);
    expect(mixed.statusCode).toBe(201);
    expect(mixed.json().added).toEqual([expect.objectContaining({ originalFilename: 'good.webp', width: 30, height: 20 })]);
    expect(mixed.json().refused).toEqual(cases.map(([filename, , code, message]) => ({ filename, code, message })));
    expect(await photoCount(flightId)).toBe(1);
  });

  it('refuses a file over 20 MB without storing it, and keeps the others of the upload', async () => {
    const { client } = await signedInClient(ctx);
    const flightId = await manualFlight(client);
    const huge = Buffer.alloc(20 * 1024 * 1024 + 1, 7);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const alone = await postPhotos(client, flightId, [{ name: 'huge.jpg', data: huge }]);
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toEqual({ message: 'huge.jpg: The file is larger than 20 MB.', refused: [{ filename: 'huge.jpg', code: 'too-large', message: 'The file is larger than 20 MB.' }] });
    const withOther = await postPhotos(client, flightId, [
      { name: 'huge.jpg', data: huge },
      { name: 'ok.jpg', data: await jpeg() },
    ]);
    expect(withOther.statusCode).toBe(201);
    expect(withOther.json()).toMatchObject({ added: [expect.objectContaining({ originalFilename: 'ok.jpg' })], refused: [{ filename: 'huge.jpg', code: 'too-large', message: 'The file is larger than 20 MB.' }] });
    expect(await photoCount(flightId)).toBe(1);
  });

  it(`holds at most ${PHOTOS_PER_FLIGHT} photos per flight, counting those already stored`, async () => {
    const { client } = await signedInClient(ctx);
    const flightId = await manualFlight(client);
    const small = await jpeg({}, { width: 8, height: 8 });
    const first = await postPhotos(client, flightId, Array.from({ length: PHOTOS_PER_FLIGHT - 1 }, (_, i) => ({ name: `p${i}.jpg`, data: small })));
    expect(first.json().added).toHaveLength(PHOTOS_PER_FLIGHT - 1);
    const two = await postPhotos(client, flightId, [
      { name: 'fiftieth.jpg', data: small },
      { name: 'fifty-first.jpg', data: small },
    ]);
    expect(two.statusCode).toBe(201);
    expect(two.json().added.map((p: Photo) => p.originalFilename)).toEqual(['fiftieth.jpg']);
    expect(two.json().refused).toEqual([{ filename: 'fifty-first.jpg', code: 'flight-full', message: 'The flight already has 50 photos, the most it can hold.' }]);
    const more = await postPhotos(client, flightId, [{ name: 'again.jpg', data: small }]);
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({
      message: 'again.jpg: The flight already has 50 photos, the most it can hold.',
      refused: [{ filename: 'again.jpg', code: 'flight-full', message: 'The flight already has 50 photos, the most it can hold.' }],
    });
    expect(await photoCount(flightId)).toBe(PHOTOS_PER_FLIGHT);

    const fresh = await manualFlight(client);
    const tooMany = await postPhotos(client, fresh, Array.from({ length: PHOTOS_PER_FLIGHT + 1 }, (_, i) => ({ name: `q${i}.jpg`, data: small })));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: `Upload at most ${PHOTOS_PER_FLIGHT} photos at once.` });
    expect(await photoCount(fresh)).toBe(0);
  });

  it('answers a clear 400 to an upload that is not multipart or has no file', async () => {
    const { client } = await signedInClient(ctx);
    const flightId = await manualFlight(client);
    const json = await client.post(`/api/FlightDetail/${flightId}/photos`, { files: [] });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the photos as multipart/form-data in the field "files".');
    const { payload, headers } = multipart([]);
    const none = await client.request('POST', `/api/FlightDetail/${flightId}/photos`, payload, headers);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'Choose at least one photo to upload.' });
  });

  it('deletes a photo and answers the photos left; photos go with their flight', async () => {
    const { client, user } = await signedInClient(ctx);
    const flightId = await manualFlight(client);
    const [a, b] = (await postPhotos(client, flightId, [
      { name: 'a.jpg', data: await jpeg() },
      { name: 'b.jpg', data: await jpeg() },
    ])).json().added;
    const res = await client.delete(`/api/photos/${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([b]);
    expect((await client.get(a.url)).statusCode).toBe(404);
    expect((await client.delete(`/api/photos/${a.id}`)).statusCode).toBe(404);
    await ctx.services.database.db.deleteFrom('flights').where('id', '=', flightId).where('userId', '=', user.id).execute();
    expect(await photoCount(flightId)).toBe(0);
  });

  it("answers another pilot's flight and photos with the same 404 as unknown ids, on every verb", async () => {
    const owner = await signedInClient(ctx);
    const flightId = await manualFlight(owner.client);
    const [p] = (await postPhotos(owner.client, flightId, [{ name: 'mine.jpg', data: await jpeg() }])).json().added;
    const { client: other } = await signedInClient(ctx);
    const unknownFlight = 2_000_000_000;
    const unknownPhoto = 2_000_000_001;
    const pairs: [() => Promise<{ statusCode: number; body: string }>, () => Promise<{ statusCode: number; body: string }>][] = [
      [() => other.get(`/api/FlightDetail/${flightId}/photos`), () => other.get(`/api/FlightDetail/${unknownFlight}/photos`)],
      [async () => postPhotos(other, flightId, [{ name: 'x.jpg', data: await jpeg() }]), async () => postPhotos(other, unknownFlight, [{ name: 'x.jpg', data: await jpeg() }])],
      [() => other.get(`/api/photos/${p.id}`), () => other.get(`/api/photos/${unknownPhoto}`)],
      [() => other.get(`/api/photos/${p.id}/thumb`), () => other.get(`/api/photos/${unknownPhoto}/thumb`)],
      [() => other.delete(`/api/photos/${p.id}`), () => other.delete(`/api/photos/${unknownPhoto}`)],
      [() => other.request('PATCH', `/api/photos/${p.id}`, { positionHidden: true }), () => other.request('PATCH', `/api/photos/${unknownPhoto}`, { positionHidden: true })],
    ];
    for (const [theirs, unknown] of pairs) {
      const [a, b] = [await theirs(), await unknown()];
      expect(a.statusCode).toBe(404);
      expect(a.body).toBe(b.body);
    }
    expect((await owner.client.get(`/api/FlightDetail/${flightId}/photos`)).json()).toEqual([p]);
    expect(await photoCount(flightId)).toBe(1);
  });

  it('answers 404 for the photos of a removed flight, like the flight itself, until it is restored', async () => {
    const { client } = await signedInClient(ctx);
    const flightId = await manualFlight(client);
    const [p] = (await postPhotos(client, flightId, [{ name: 'kept.jpg', data: await jpeg() }])).json().added;
    expect((await client.put(`/api/FlightDetail/${flightId}/removaldate`, { removalDate: new Date().toISOString() })).statusCode).toBe(200);
    expect((await client.get(`/api/FlightDetail/${flightId}/detailed`)).statusCode).toBe(404);

    const unknownPhoto = 2_000_000_001;
    const unknown = (await client.get(`/api/photos/${unknownPhoto}`)).body;
    expect((await client.get(`/api/FlightDetail/${flightId}/photos`)).json()).toEqual({ message: 'Flight not found.' });
    const upload = await postPhotos(client, flightId, [{ name: 'late.jpg', data: await jpeg() }]);
    expect(upload.statusCode).toBe(404);
    expect(upload.json()).toEqual({ message: 'Flight not found.' });
    for (const res of [await client.get(p.url), await client.get(p.thumbUrl), await client.delete(`/api/photos/${p.id}`)]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown);
    }
    expect(await photoCount(flightId)).toBe(1);

    expect((await client.post(`/api/FlightDetail/${flightId}/restore`)).statusCode).toBe(200);
    expect((await client.get(`/api/FlightDetail/${flightId}/photos`)).json()).toEqual([p]);
    expect((await client.get(p.thumbUrl)).statusCode).toBe(200);
  });
});
