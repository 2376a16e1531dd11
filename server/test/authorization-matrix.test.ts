import sharp from 'sharp';
import { CIRCLE, openAir } from '../../scripts/airspace-scenario';
import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { addFile } from './airspace-client';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { multipart } from './helpers/archives';

/** Routes a visitor may call without a session. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/config',
  'GET /api/auth/session',
  'POST /api/auth/login',
  'POST /api/auth/dev-login',
  'POST /api/auth/register',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/logout',
  'POST /api/auth/set-language',
  'POST /api/auth/resend-verification',
  'GET /api/auth/verify-email',
  'GET /api/auth/google-login',
  'GET /api/auth/google-callback',
  'GET /api/public/flights/:token',
  'GET /api/public/flights/:token/features',
  'GET /api/public/flights/:token/photos/:photoId',
  'GET /api/public/flights/:token/photos/:photoId/thumb',
  'GET /api/public/pilots/:username',
  'GET /api/public/flights/:token/nearby',
  'GET /api/public/flights/:token/comments',
  'GET /api/public/flights/:token/likes',
  'GET /api/places/:id',
  'GET /api/places/:id/days/:date',
  'GET /api/rankings',
  'GET /api/rankings/places',
  'GET /api/clubs/:slug',
  'GET /api/thermals',
  'GET /api/thermals.cup',
  'GET /api/thermals.kml',
  'GET /api/compare',
  'GET /api/public/passengers/:token',
  'GET /api/public/passengers/:token/features',
  'GET /api/public/flights/:token/track.gpx',
  'GET /api/public/flights/:token/track.igc',
  'GET /api/public/pilots',
  'GET /api/public/training/:code',
]);

/** Valid bodies, so that what is compared is authorization and not validation. */
const BODIES: Record<string, unknown> = {
  'PUT /api/FlightDetail/:id/removalreason': { removalReason: 99 },
  'PUT /api/FlightDetail/:id/removaldate': { removalDate: '2024-01-01T00:00:00Z' },
  'GET /api/FlightDetail/:id/adjacent': undefined,
  'PUT /api/FlightDetail/:id/airspace/:index': { cleared: true },
  'PUT /api/FlightDetail/:id/airspace/:index/activation': { notActive: true },
  // Multipart in truth (the files panel's form); whose file it is is settled before the form is read.
  'PUT /api/airspace/files/:id': { name: 'not yours' },
  'PATCH /api/FlightDetail/:id': { notes: 'not yours' },
  'PUT /api/gliders/:id': { manufacturer: 'Ozone', model: 'Stolen', gliderClass: 'EN B' },
  'PUT /api/sites/:id': { name: 'Stolen' },
  'PUT /api/FlightDetail/:id/window': { takeoffTime: '2024-07-01T09:10:00Z', landingTime: '2024-07-01T09:20:00Z' },
  'POST /api/FlightDetail/:id/split': { at: '2024-07-01T09:15:00Z' },
  'POST /api/FlightDetail/:id/merge': { withFlightId: 1 },
  'POST /api/FlightDetail/:id/share': { includeNotes: true, includePhotos: true },
  'PATCH /api/photos/:id': { positionHidden: true },
  'PUT /api/profile/public': { enabled: true },
  'PUT /api/gliders/:id/flights': { from: '2024-01-01', to: '2024-12-31' },
  'PUT /api/comments/:id': { body: 'not yours' },
  'POST /api/comments/:id/report': { reason: 'spam' },
  'PUT /api/gear/:id': { kind: 'harness', name: 'Stolen' },
  'PUT /api/gear/checks/:id': { name: 'Stolen', intervalMonths: 1 },
  'POST /api/gear/checks/:id/records': { doneOn: '2024-01-01' },
  'PUT /api/FlightDetail/:id/passenger': { name: 'Stolen' },
  'PUT /api/FlightDetail/:id/category': { category: 'sailplane' },
  'PUT /api/FlightDetail/:id/track-download': { allowed: true },
  'PUT /api/incidents/:id/shared': { shared: true },
};
const QUERIES: Record<string, string> = { 'GET /api/FlightDetail/:id/adjacent': '?direction=prev' };

/** Walks the route table itself, so a new route cannot be left out. */
describeEachDatabase('authorization matrix', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  const apiRoutes = () => ctx.app.routeTable.filter((r) => r.url.startsWith('/api/'));

  it('answers 401 to a visitor on every route that is not public', async () => {
    const visitor = new Client(ctx.app);
    const closed = apiRoutes().filter((r) => !PUBLIC.has(`${r.method} ${r.url}`));
    expect(closed.length).toBeGreaterThan(30);
    for (const r of closed) {
      const res = await visitor.request(r.method, r.url.replace(/:id/g, '1'), ['GET', 'DELETE'].includes(r.method) ? undefined : {});
      expect(`${r.method} ${r.url} ${res.statusCode}`).toBe(`${r.method} ${r.url} 401`);
    }
  });

  it("gives another pilot the same 404 as a missing id on every route that takes an id", async () => {
    const owner = await signedInClient(ctx);
    const { payload, headers } = multipart([{ name: 'a.igc', data: Buffer.from(generateIgc(thermalFlight('2024-07-01T09:00:00Z', 21))) }]);
    await owner.client.request('POST', '/api/FlightDetail/upload', payload, headers);
    await ctx.services.queue.drain();
    const db = ctx.services.database.db;
    const flight = await db.selectFrom('flights').select('id').where('userId', '=', owner.user.id).executeTakeFirstOrThrow();
    const note = await db.selectFrom('notifications').select('id').where('userId', '=', owner.user.id).executeTakeFirstOrThrow();
    const glider = (await owner.client.post('/api/gliders', { manufacturer: 'Ozone', model: 'Rush 6', gliderClass: 'EN B' })).json();
    const site = await db.selectFrom('sites').select('id').where('userId', '=', owner.user.id).executeTakeFirstOrThrow();
    const task = await db.selectFrom('uploadTasks').select('id').where('userId', '=', owner.user.id).executeTakeFirstOrThrow();
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const upload = multipart([{ name: 'mine.jpg', data: image }]);
    const [photo] = (await owner.client.request('POST', `/api/FlightDetail/${flight.id}/photos`, upload.payload, upload.headers)).json().added;
    const other = await signedInClient(ctx);
    const otherSite = (await other.client.post('/api/sites', { name: 'Theirs', latitude: 46, longitude: 8 })).json();
    BODIES['POST /api/sites/:id/merge'] = { intoSiteId: otherSite.id };
    const airspaceFile = (await addFile(owner.client, openAir(CIRCLE), { name: 'Mine', validFrom: '2024-01-01', validTo: '2024-12-31', scope: 'personal' })).json();
    const gearItem = (await owner.client.post('/api/gear', { kind: 'reserve', name: 'Mine', inUseFrom: '2024-01-01' })).json();
    const gearCheck = (await owner.client.post('/api/gear/checks', { itemId: gearItem.id, name: 'Repack', intervalMonths: 6 })).json();
    const gearRecord = (await owner.client.post(`/api/gear/checks/${gearCheck.id}/records`, { doneOn: '2024-06-01', notes: 'Mine' })).json().records[0];
    const incident = (await owner.client.post('/api/incidents', { flightId: flight.id, moment: '2024-07-01T09:10:00Z', phase: 'thermalling', whatHappened: 'Mine', injuries: 'none', reserveThrown: false, cause: 'turbulence' })).json();
    expect(incident.id).toEqual(expect.any(Number));
    const gearIdOf = (url: string) => (url.startsWith('/api/gear/checks') ? gearCheck.id : url.startsWith('/api/gear/records') ? gearRecord.id : url.startsWith('/api/gear') ? gearItem.id : undefined);
    const ownIdOf = (url: string) => gearIdOf(url) ?? (url.startsWith('/api/incidents') ? incident.id : url.includes('notifications') ? note.id : url.startsWith('/api/airspace/files') ? airspaceFile.id : url.startsWith('/api/gliders') ? glider.id : url.startsWith('/api/sites') ? site.id : url.startsWith('/api/uploadtasks') ? task.id : url.startsWith('/api/photos') ? photo.id : flight.id);

    // Places are nobody's: their ids are public (community-matrix.test.ts covers them).
    // Routes of a role answer 403 to a pilot without it before any id is read; training.test.ts and
    // incidents.test.ts give another instructor's and another pilot's ids there.
    const roleGated = (url: string) => ['/api/debug', '/api/training/exercises', '/api/training/requests', '/api/admin', '/api/safety'].some((prefix) => url.startsWith(prefix));
    const withId = apiRoutes().filter((r) => r.url.includes(':id') && !roleGated(r.url) && !r.url.startsWith('/api/places'));
    expect(withId.length).toBeGreaterThanOrEqual(11);
    for (const r of withId) {
      const key = `${r.method} ${r.url}`;
      const own = ownIdOf(r.url);
      const body = key in BODIES ? BODIES[key] : r.method === 'GET' ? undefined : {};
      const url = (id: number) => r.url.replace(':id', String(id)).replace(':index', '0') + (QUERIES[key] ?? '');
      const theirs = await other.client.request(r.method, url(own), body);
      const missing = await other.client.request(r.method, url(2_000_000_000), body);
      expect(`${key} ${theirs.statusCode}`).toBe(`${key} 404`);
      expect(theirs.body).toBe(missing.body);
    }
    // And the owner's data is untouched by all of that.
    const after = await db.selectFrom('flights').select(['removalReason', 'removalDate', 'notes']).where('id', '=', flight.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ removalReason: null, removalDate: null, notes: null });
    expect((await owner.client.get('/api/gliders')).json()).toEqual([expect.objectContaining({ id: glider.id, model: 'Rush 6' })]);
    expect((await db.selectFrom('sites').select('named').where('id', '=', site.id).executeTakeFirstOrThrow()).named).toBe(0);
    expect((await owner.client.get(`/api/FlightDetail/${flight.id}/photos`)).json()).toEqual([photo]);
    expect((await owner.client.get('/api/airspace/files')).json().files).toEqual([expect.objectContaining({ id: airspaceFile.id, name: 'Mine' })]);
    expect((await owner.client.get('/api/gear')).json().items).toEqual([expect.objectContaining({ id: gearItem.id, name: 'Mine', checks: [expect.objectContaining({ name: 'Repack', records: [expect.objectContaining({ notes: 'Mine' })] })] })]);
  });

  it('ignores identity fields smuggled into request bodies', async () => {
    const c = new Client(ctx.app);
    await c.post('/api/auth/register', { email: 'sneaky@example.com', username: 'sneaky', password: 'Sneaky#123', role: 'Admin', emailVerified: true, userId: 1 });
    await c.post('/api/auth/login', { email: 'sneaky@example.com', password: 'Sneaky#123' });
    await c.put('/api/auth/profile', { username: 'sneaky', email: 'sneaky@example.com', displayName: null, role: 'Admin', id: 1 });
    expect((await c.get('/api/auth/check')).json().user).toMatchObject({ role: 'User', emailVerified: false, username: 'sneaky' });
  });
});
