import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { publicFlight } from '../../contract/sharing';
import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { buildApp } from '../src/app';
import { publicPhotoId } from '../src/sharing/service';
import { nowIso } from '../src/db';
import { Client, describeEachDatabase, signedInClient, signedInWithFlight, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

/** Every number in a JSON value under a key that names an id (id, flightId, siteId…), with its path. */
function numericIds(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => numericIds(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => (/^id$|Id$/.test(key) && typeof v === 'number' ? [`${path}.${key}`] : numericIds(v, `${path}.${key}`)));
}

const GONE = { message: 'This shared flight does not exist or is no longer shared.' };
const INDEX = '<!doctype html><html><head><title>Flightlog</title></head><body><div id="root"></div></body></html>';

describeEachDatabase('share links', (kind) => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof signedInClient>>;
  let flightId: number;
  let otherFlightId: number;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_URL: 'https://logbook.example/' });
    ({ flightId, ...owner } = await signedInWithFlight(ctx, { name: 'share.igc', data: Buffer.from(generateIgc(thermalFlight('2024-07-01T09:00:00Z', 5))) }));
    [otherFlightId] = await seedFlights(db(), owner.user.id, [{ startTime: '2024-06-01T09:00:00.000Z' }]);
    await db().updateTable('users').set({ displayName: 'Anna "Ace" <b>' }).where('id', '=', owner.user.id).execute();
    expect((await owner.client.request('PATCH', `/api/FlightDetail/${flightId}`, { notes: 'Secret thermal behind the ridge' })).statusCode).toBe(200);
    const { siteId } = (await owner.client.get(`/api/FlightDetail/${flightId}/detailed`)).json();
    expect((await owner.client.put(`/api/sites/${siteId}`, { name: '<script>alert(1)</script> & Co' })).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;
  const visitor = () => new Client(ctx.app);

  /** A photo row of that flight with real (tiny) JPEG bytes, as the photos area stores them. */
  async function addPhoto(forFlight: number, over: Partial<{ originalFilename: string; takenAt: string | null; latitude: number | null; longitude: number | null; placement: string; positionHidden: number }> = {}) {
    const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 80, b: 20 } } }).jpeg().toBuffer();
    const thumb = await sharp(jpeg).resize(4, 3).jpeg().toBuffer();
    const row = { userId: owner.user.id, flightId: forFlight, originalFilename: 'summit.jpg', display: jpeg, thumb, width: 8, height: 6, takenAt: '2024-07-01T09:10:00.000Z', latitude: 46.7, longitude: 7.9, placement: 'time', createdAt: nowIso(), ...over };
    const { id } = await db().insertInto('photos').values(row).returning('id').executeTakeFirstOrThrow();
    return { id, jpeg, thumb };
  }

  it('creates a link with a long random token, changes its flags keeping the token, and says its state', async () => {
    expect((await owner.client.get(`/api/FlightDetail/${flightId}/share`)).json()).toEqual({ share: null });
    const created = await owner.client.post(`/api/FlightDetail/${flightId}/share`, {});
    expect(created.statusCode).toBe(201);
    const link = created.json();
    expect(link).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{22,}$/), url: `https://logbook.example/shared/${link.token}`, includeNotes: false, includePhotos: false, createdAt: expect.any(String) });

    const changed = await owner.client.post(`/api/FlightDetail/${flightId}/share`, { includeNotes: true, includePhotos: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...link, includeNotes: true, includePhotos: true });
    expect((await owner.client.get(`/api/FlightDetail/${flightId}/share`)).json()).toEqual({ share: { ...link, includeNotes: true, includePhotos: true } });

    const second = (await owner.client.post(`/api/FlightDetail/${otherFlightId}/share`, {})).json();
    expect(second.token).not.toBe(link.token);
  });

  it('gives one flight one link when several requests create it at once', async () => {
    const [fresh] = await seedFlights(db(), owner.user.id, [{ startTime: '2024-06-02T09:00:00.000Z' }]);
    const answers = await Promise.all([1, 2, 3, 4].map(() => owner.client.post(`/api/FlightDetail/${fresh}/share`, {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().token)).size).toBe(1);
  });

  it('refuses bad flags with a message and changes nothing', async () => {
    const before = (await owner.client.get(`/api/FlightDetail/${flightId}/share`)).json();
    const res = await owner.client.post(`/api/FlightDetail/${flightId}/share`, { includeNotes: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('includeNotes must be true or false.');
    expect((await owner.client.get(`/api/FlightDetail/${flightId}/share`)).json()).toEqual(before);
  });

  it('opens without a session and shows only what the pilot chose, never an id or an email', async () => {
    const { token } = (await owner.client.post(`/api/FlightDetail/${flightId}/share`, { includeNotes: false, includePhotos: false })).json();
    await addPhoto(flightId);
    const res = await visitor().get(`/api/public/flights/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
    const shared = res.json();
    expect(Object.keys(shared).sort()).toEqual(Object.keys(publicFlight.shape).sort());
    expect(shared).toMatchObject({ pilot: { name: 'Anna "Ace" <b>', pageUrl: null }, notes: null, photos: [], siteName: '<script>alert(1)</script> & Co', source: 'igc' });
    expect(shared.phases).toEqual(expect.objectContaining({ thermals: expect.any(Array), glides: expect.any(Array) }));
    expect(shared.flightTime).toBeGreaterThan(0);
    for (const secret of [owner.user.email, owner.user.username, 'Secret thermal', '"id"', 'userId', 'igcFileId', 'gliderId', 'siteId', 'landingSiteId', 'removalReason', 'email']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('shows the notes and the photos only when ticked, and serves only that flight’s photos', async () => {
    const photo = await addPhoto(flightId);
    const elsewhere = await addPhoto(otherFlightId);
    const { token } = (await owner.client.post(`/api/FlightDetail/${flightId}/share`, { includeNotes: true, includePhotos: false })).json();
    const anon = visitor();
    expect((await anon.get(`/api/public/flights/${token}`)).json()).toMatchObject({ notes: 'Secret thermal behind the ridge', photos: [] });
    const opaque = publicPhotoId(ctx.services.config.sessionSecret, token, photo.id);
    const hidden = await anon.get(`/api/public/flights/${token}/photos/${opaque}`);
    expect(hidden.statusCode).toBe(404);

    await owner.client.post(`/api/FlightDetail/${flightId}/share`, { includeNotes: false, includePhotos: true });
    const shared = (await anon.get(`/api/public/flights/${token}`)).json();
    expect(shared.notes).toBeNull();
    const listed = shared.photos.find((p: { id: string }) => p.id === opaque);
    expect(listed).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      url: `/api/public/flights/${token}/photos/${listed.id}`,
      thumbUrl: `/api/public/flights/${token}/photos/${listed.id}/thumb`,
      takenAt: '2024-07-01T09:10:00.000Z',
      latitude: 46.7,
      longitude: 7.9,
      placement: 'time',
      width: 8,
      height: 6,
    });
    expect(shared.photos.some((p: { id: string }) => p.id === publicPhotoId(ctx.services.config.sessionSecret, token, elsewhere.id))).toBe(false);

    const image = await anon.get(listed.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.headers['content-disposition']).toBeUndefined();
    expect(image.rawPayload.equals(photo.jpeg)).toBe(true);
    expect((await anon.get(listed.thumbUrl)).rawPayload.equals(photo.thumb)).toBe(true);
    // Neither the row id nor another flight's photo (even under this link's own id scheme) opens anything.
    for (const id of [String(photo.id), String(elsewhere.id), publicPhotoId(ctx.services.config.sessionSecret, token, elsewhere.id)]) {
      expect((await anon.get(`/api/public/flights/${token}/photos/${id}`)).statusCode).toBe(404);
      expect((await anon.get(`/api/public/flights/${token}/photos/${id}/thumb`)).statusCode).toBe(404);
    }
  });

  it('gives a visitor photos without internal ids or file names, and positions only on the track and not hidden', async () => {
    const flight = (await seedFlights(db(), owner.user.id, [{ startTime: '2024-05-01T09:00:00.000Z' }]))[0]!;
    const onTrack = await addPhoto(flight, { originalFilename: 'IMG_0042 Anna at home.jpg', takenAt: '2024-05-01T09:05:00.000Z' });
    const hiddenOnTrack = await addPhoto(flight, { originalFilename: 'landing.jpg', takenAt: '2024-05-01T09:06:00.000Z' });
    const offTrack = await addPhoto(flight, { originalFilename: 'garden.jpg', takenAt: '2024-04-30T18:00:00.000Z', latitude: 46.95, longitude: 7.44, placement: 'position' });
    const nowhere = await addPhoto(flight, { originalFilename: 'plain.png', takenAt: null, latitude: null, longitude: null, placement: 'none' });
    expect((await owner.client.request('PATCH', `/api/photos/${hiddenOnTrack.id}`, { positionHidden: true })).statusCode).toBe(200);
    const { token } = (await owner.client.post(`/api/FlightDetail/${flight}/share`, { includePhotos: true })).json();

    const res = await visitor().get(`/api/public/flights/${token}`);
    const answer = res.json();
    expect(publicFlight.strict().parse(answer)).toBeTruthy();
    const positions = answer.photos.map((p: { latitude: number | null; longitude: number | null; placement: string }) => [p.placement, p.latitude, p.longitude]);
    // The list's order: capture time (garden the evening before first), then those without one.
    expect(positions).toEqual([
      ['none', null, null],
      ['time', 46.7, 7.9],
      ['none', null, null],
      ['none', null, null],
    ]);
    for (const p of answer.photos) {
      expect(Object.keys(p).sort()).toEqual(['height', 'id', 'latitude', 'longitude', 'placement', 'takenAt', 'thumbUrl', 'url', 'width']);
      expect(p.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(p.url).toBe(`/api/public/flights/${token}/photos/${p.id}`);
    }
    // Nothing in the whole answer is a number named like an id, or any file name, or the garden's position.
    expect(numericIds(answer)).toEqual([]);
    for (const text of ['IMG_0042', 'landing.jpg', 'garden', 'plain.png', 'summit', '.igc', '46.95', '7.44']) expect(res.body).not.toContain(text);
    for (const { id } of [onTrack, hiddenOnTrack, offTrack, nowhere]) expect(res.body).not.toMatch(new RegExp(`/photos/${id}(/|")`));

    // The pilot's own list still has everything.
    const own = (await owner.client.get(`/api/FlightDetail/${flight}/photos`)).json();
    expect(own.map((p: { originalFilename: string; positionHidden: boolean; latitude: number | null }) => [p.originalFilename, p.positionHidden, p.latitude])).toEqual([
      ['garden.jpg', false, 46.95],
      ['IMG_0042 Anna at home.jpg', false, 46.7],
      ['landing.jpg', true, 46.7],
      ['plain.png', false, null],
    ]);

    // A new link after a revoke gives the same photos other ids.
    await owner.client.delete(`/api/FlightDetail/${flight}/share`);
    const again = (await owner.client.post(`/api/FlightDetail/${flight}/share`, { includePhotos: true })).json().token;
    const ids = (await visitor().get(`/api/public/flights/${again}`)).json().photos.map((p: { id: string }) => p.id);
    expect(ids.filter((id: string) => answer.photos.some((p: { id: string }) => p.id === id))).toEqual([]);
  });

  it('answers the pilot page without internal ids or file names', async () => {
    await owner.client.put('/api/profile/public', { enabled: true });
    const res = await visitor().get(`/api/public/pilots/${owner.user.username}`);
    expect(res.statusCode).toBe(200);
    expect(numericIds(res.json())).toEqual([]);
    expect(res.body).not.toMatch(/\.igc|\.jpe?g|@/i);
    await owner.client.put('/api/profile/public', { enabled: false });
  });

  it('gives a visitor the same track and task features as the pilot sees', async () => {
    const { token } = (await owner.client.post(`/api/FlightDetail/${flightId}/share`, {})).json();
    const anon = visitor();
    for (const lowRes of ['true', 'false']) {
      const own = await owner.client.get(`/api/FlightDetail/${flightId}/features?lowRes=${lowRes}`);
      const theirs = await anon.get(`/api/public/flights/${token}/features?lowRes=${lowRes}`);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json()).toEqual(own.json());
      expect(theirs.json()[0].geometry.points.length).toBeGreaterThan(10);
    }
  });

  it('answers a revoked link exactly like an unknown token, and a new link gets a new token', async () => {
    const { token } = (await owner.client.post(`/api/FlightDetail/${flightId}/share`, {})).json();
    const anon = visitor();
    expect((await anon.get(`/api/public/flights/${token}`)).statusCode).toBe(200);
    const revoked = await owner.client.delete(`/api/FlightDetail/${flightId}/share`);
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    expect((await owner.client.get(`/api/FlightDetail/${flightId}/share`)).json()).toEqual({ share: null });

    const closed = await anon.get(`/api/public/flights/${token}`);
    const unknown = await anon.get('/api/public/flights/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(closed.statusCode).toBe(404);
    expect(closed.json()).toEqual(GONE);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(closed.body);
    expect(closed.headers['cache-control']).toBe('no-store');
    expect((await anon.get(`/api/public/flights/${token}/features`)).json()).toEqual(GONE);
    expect((await owner.client.delete(`/api/FlightDetail/${flightId}/share`)).statusCode).toBe(404);

    const again = (await owner.client.post(`/api/FlightDetail/${flightId}/share`, {})).json();
    expect(again.token).not.toBe(token);
    expect((await anon.get(`/api/public/flights/${again.token}`)).statusCode).toBe(200);
  });

  it('closes the link of a removed flight and of a deleted pilot the same way', async () => {
    const pilot = await signedInClient(ctx);
    const [removedId, keptId] = await seedFlights(db(), pilot.user.id, [{ startTime: '2024-05-01T09:00:00.000Z' }, { startTime: '2024-05-02T09:00:00.000Z', source: 'manual', igcFileId: null }]);
    const removedLink = (await pilot.client.post(`/api/FlightDetail/${removedId}/share`, {})).json();
    const keptLink = (await pilot.client.post(`/api/FlightDetail/${keptId}/share`, {})).json();
    const anon = visitor();
    expect((await anon.get(`/api/public/flights/${keptLink.token}`)).json()).toMatchObject({ source: 'manual', phases: null });

    await pilot.client.put(`/api/FlightDetail/${removedId}/removalreason`, { removalReason: 99 });
    await pilot.client.put(`/api/FlightDetail/${removedId}/removaldate`, { removalDate: '2024-05-03T00:00:00Z' });
    expect((await anon.get(`/api/public/flights/${removedLink.token}`)).json()).toEqual(GONE);
    expect((await pilot.client.post(`/api/FlightDetail/${removedId}/share`, {})).statusCode).toBe(404);

    await db().deleteFrom('users').where('id', '=', pilot.user.id).execute();
    expect((await anon.get(`/api/public/flights/${keptLink.token}`)).json()).toEqual(GONE);
  });

  it("gives another pilot a 404 on the pilot's flight for sharing, revoking and reading the state, and changes nothing", async () => {
    const { token } = (await owner.client.post(`/api/FlightDetail/${flightId}/share`, {})).json();
    const other = await signedInClient(ctx);
    for (const [method, body] of [['POST', { includeNotes: true }], ['GET', undefined], ['DELETE', undefined]] as const) {
      const theirs = await other.client.request(method, `/api/FlightDetail/${flightId}/share`, body);
      const missing = await other.client.request(method, '/api/FlightDetail/2000000000/share', body);
      expect(`${method} ${theirs.statusCode}`).toBe(`${method} 404`);
      expect(theirs.body).toBe(missing.body);
    }
    expect((await owner.client.get(`/api/FlightDetail/${flightId}/share`)).json().share).toMatchObject({ token, includeNotes: false });
  });

  describe('the page a link preview opens', () => {
    let appDir: string;
    let html: FastifyInstance;
    beforeAll(async () => {
      appDir = mkdtempSync(join(tmpdir(), 'flightlog-app-'));
      writeFileSync(join(appDir, 'index.html'), INDEX);
      html = await buildApp(ctx.services, { appDir });
      await html.ready();
    });
    afterAll(async () => {
      await html.close();
      rmSync(appDir, { recursive: true, force: true });
    });
    const page = (url: string) => html.inject({ method: 'GET', url });

    it('has Open Graph tags with every value escaped, and asks not to be indexed', async () => {
      const { token } = (await owner.client.post(`/api/FlightDetail/${flightId}/share`, {})).json();
      const res = await page(`/shared/${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).toContain(
        '<meta property="og:title" content="Flight of Anna &quot;Ace&quot; &lt;b&gt; on 1 July 2024 from &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co">',
      );
      expect(res.body).toMatch(/<meta property="og:description" content="\d+ (h \d\d )?min · \d+\.\d km · \d+\.\d points \([^"]+\)">/);
      // The flight type in words, not the scorer's code.
      expect(res.body).toMatch(/points \((Free distance|Out and return|Flat triangle|FAI triangle)\)"/);
      expect(res.body).toContain('<meta property="og:type" content="website">');
      expect(res.body).toContain(`<meta property="og:url" content="https://logbook.example/shared/${token}">`);
      expect(res.body).not.toContain('<script>');
      expect(res.body).not.toContain('<b>');
      expect(res.body.indexOf('og:title')).toBeLessThan(res.body.indexOf('</head>'));

      const french = await page(`/fr/shared/${token}`);
      expect(french.statusCode).toBe(200);
      expect(french.body).toContain(`<meta property="og:url" content="https://logbook.example/fr/shared/${token}">`);
      expect(french.body).toContain('<meta property="og:title" content="Vol de Anna &quot;Ace&quot; &lt;b&gt; le 1 juillet 2024 depuis &lt;script&gt;');
      expect(french.body).toMatch(/content="\d+ (h \d\d )?min · \d+,\d km · \d+,\d points \((Distance libre|Aller-retour|Triangle plat|Triangle FAI)\)">/);
    });

    it("previews a link without a language prefix in the pilot's own language", async () => {
      const { token } = (await owner.client.post(`/api/FlightDetail/${flightId}/share`, {})).json();
      expect((await owner.client.post('/api/auth/set-language', { language: 'de' })).statusCode).toBe(200);
      const german = await page(`/shared/${token}`);
      expect(german.body).toContain('<meta property="og:title" content="Flug von Anna &quot;Ace&quot; &lt;b&gt; am 1. Juli 2024 ab &lt;script&gt;');
      expect(german.body).toMatch(/content="[^"]* · \d+,\d km · \d+,\d Punkte \((Freie Strecke|Hin und zurück|Flaches Dreieck|FAI-Dreieck)\)">/);
      // The link's own language prefix wins over the pilot's.
      expect((await page(`/es/shared/${token}`)).body).toContain('<meta property="og:title" content="Vuelo de Anna');
      await owner.client.post('/api/auth/set-language', { language: 'en' });
    });

    it('serves the app with 404 and noindex but no flight data for an unknown or revoked token', async () => {
      const { token } = (await owner.client.post(`/api/FlightDetail/${flightId}/share`, {})).json();
      await owner.client.delete(`/api/FlightDetail/${flightId}/share`);
      for (const url of [`/shared/${token}`, '/de/shared/nope']) {
        const res = await page(url);
        expect(`${url} ${res.statusCode}`).toBe(`${url} 404`);
        expect(res.headers['x-robots-tag']).toBe('noindex');
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.body).toContain('<meta name="robots" content="noindex">');
        expect(res.body).not.toContain('og:');
        expect(res.body).not.toContain('Anna');
      }
    });

    it("previews a published pilot page, and answers 404 with noindex for one that is not published", async () => {
      const url = `/it/pilots/${owner.user.username.toUpperCase()}`;
      const off = await page(url);
      expect(off.statusCode).toBe(404);
      expect(off.body).not.toContain('og:');
      await owner.client.put('/api/profile/public', { enabled: true });
      const on = await page(url);
      expect(on.statusCode).toBe(200);
      expect(on.headers['x-robots-tag']).toBe('noindex');
      expect(on.body).toContain('<meta property="og:title" content="Libretto di volo di Anna &quot;Ace&quot; &lt;b&gt;">');
      expect(on.body).toMatch(/<meta property="og:description" content="\d+ vol[oi] · /);
      expect(on.body).toContain(`<meta property="og:url" content="https://logbook.example/it/pilots/${owner.user.username}">`);
      await owner.client.put('/api/profile/public', { enabled: false });
      expect((await page(url)).statusCode).toBe(404);
    });

    it('leaves a path with an unknown language prefix to the app, and answers 503 while the app is not built', async () => {
      const other = await page('/notalanguage/shared/abc');
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(INDEX);
      const unbuilt = await buildApp(ctx.services, { appDir: join(appDir, 'missing') });
      try {
        expect((await unbuilt.inject({ method: 'GET', url: '/shared/abc' })).statusCode).toBe(503);
      } finally {
        await unbuilt.close();
      }
    });
  });
});
