import { nowIso } from '../src/db';
import { encodeTrack, pack } from '../src/track';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';
import { pdfText } from './helpers/pdf-text';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;
const START = Date.parse('2026-06-10T11:00:00.000Z');
const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString();

describeEachDatabase('incident reports', (kind) => {
  let ctx: TestContext;
  const db = () => ctx.services.database.db;
  const anon = () => new Client(ctx.app);
  let pilot: Pilot;
  let other: Pilot;
  let officer: Pilot;
  let flightId: number;
  const reportCount = async () => Number((await db().selectFrom('incidentReports').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const report = {
    phase: 'thermalling',
    whatHappened: 'A 50% collapse on the left in a strong core; recovered after 180°.',
    injuries: 'none',
    reserveThrown: false,
    cause: 'turbulence',
    causeNote: 'Entered the core too fast.',
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
    [pilot, other, officer] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    await db().updateTable('users').set({ displayName: 'Paula Pilotin' }).where('id', '=', pilot.user.id).execute();
    await db().insertInto('userRoles').values({ userId: officer.user.id, role: 'safety-officer', grantedAt: nowIso() }).execute();
    const glider = await db()
      .insertInto('gliders')
      .values({ userId: pilot.user.id, manufacturer: 'Ozone', model: 'Rush 6', size: 'MS', gliderClass: 'EN B', inUseFrom: null, inUseUntil: null, notes: null, lastCheck: null, checkIntervalMonths: null, checkIntervalHours: null, createdAt: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    [flightId] = await seedFlights(db(), pilot.user.id, [
      { startTime: at(0), endTime: at(60), site: 'Fiesch', takeoffLat: 46.4101, takeoffLon: 8.1302, gliderId: glider.id, maxLift: 4.2, maxSink: -3.1 },
    ]);
    // A track from launch (2,200 m) down to 1,100 m over an hour, one fix a minute, and one thermal at minutes 20-30.
    const n = 61;
    const times = Float64Array.from({ length: n }, (_, i) => START + i * 60_000);
    const track = {
      timesMs: times,
      latitudesDeg: Float64Array.from({ length: n }, (_, i) => 46.41 + i * 0.001),
      longitudesDeg: Float64Array.from({ length: n }, (_, i) => 8.13 + i * 0.002),
      baroAltitudesM: Float64Array.from({ length: n }, (_, i) => 2200 - i * 18),
      gpsAltitudesM: null,
    };
    const thermal = { startTime: at(20), endTime: at(30), startIndex: 20, endIndex: 30, entryAltitude: 1800, exitAltitude: 2300, gain: 500, averageClimb: 2.5, maxClimb: 4.2, direction: 'left', turns: 12, latitude: 46.43, longitude: 8.17, windSpeed: 18, windDirection: 250 };
    const phases = { thermals: [thermal], glides: [{ startTime: at(30), endTime: at(55), startIndex: 30, endIndex: 55, distance: 8, averageSpeed: 36, altitudeLoss: 400, glideRatio: 8 }], summary: { circlingShare: 0.2, thermalCount: 1, averageThermalClimb: 2.5, bestThermalClimb: 4.2, glideRatio: 8 } };
    await db().insertInto('flightTracks').values({ flightId, path: encodeTrack(track), pathLowRes: encodeTrack(track), features: pack({}), phases: pack(phases) }).execute();
  });
  afterAll(() => ctx.close());

  it('prefills time, place, wing, gear, altitude, conditions and phase from the pilot’s own flight at a moment', async () => {
    const facts = (await pilot.client.get(`/api/incidents/prefill?flightId=${flightId}&moment=${at(25)}`)).json();
    expect(facts).toEqual({
      flightId,
      occurredAt: at(25),
      placeName: 'Fiesch',
      latitude: expect.closeTo(46.435, 6),
      longitude: expect.closeTo(8.18, 6),
      wingName: 'Ozone Rush 6 MS',
      wingClass: 'EN B',
      harness: null,
      reserve: null,
      altitude: 2200 - 25 * 18,
      conditions: { windSpeed: 18, windDirection: 250, climbNearby: 2.5, maxLift: 4.2, maxSink: -3.1, analysedPhase: 'thermalling' },
      phase: 'thermalling',
    });
    expect((await pilot.client.get(`/api/incidents/prefill?flightId=${flightId}&moment=${at(40)}`)).json()).toMatchObject({ phase: 'glide', conditions: { analysedPhase: 'glide', windSpeed: 18 } });
    expect((await pilot.client.get(`/api/incidents/prefill?flightId=${flightId}`)).json()).toMatchObject({ occurredAt: at(0), phase: 'takeoff', altitude: 2200 });
    expect((await pilot.client.get(`/api/incidents/prefill?flightId=${flightId}&moment=${at(57)}`)).json().phase).toBe('approach');

    expect((await pilot.client.get(`/api/incidents/prefill?flightId=${flightId}&moment=${at(90)}`)).statusCode).toBe(400);
    expect((await pilot.client.get(`/api/incidents/prefill?flightId=${flightId}&moment=yesterday`)).statusCode).toBe(400);
    expect((await pilot.client.get('/api/incidents/prefill?flightId=abc')).statusCode).toBe(400);
    expect((await other.client.get(`/api/incidents/prefill?flightId=${flightId}`)).statusCode).toBe(404);
    expect((await anon().get(`/api/incidents/prefill?flightId=${flightId}`)).statusCode).toBe(401);
  });

  it('refuses bad input for every field and another pilot’s flight, changing nothing', async () => {
    const fine = { ...report, flightId, moment: at(25) };
    const before = await reportCount();
    const bad: object[] = [
      {},
      { ...fine, flightId: 'one' },
      { ...fine, moment: 'noon' },
      { ...fine, moment: at(120) },
      { ...fine, phase: 'cruising' },
      { ...fine, whatHappened: '  ' },
      { ...fine, whatHappened: 'x'.repeat(4001) },
      { ...fine, injuries: 'some' },
      { ...fine, reserveThrown: 'no' },
      { ...fine, cause: 'bad luck' },
      { ...fine, causeNote: 'x'.repeat(4001) },
      { ...fine, harness: 'x'.repeat(201) },
    ];
    for (const body of bad) {
      const res = await pilot.client.post('/api/incidents', body);
      expect([res.statusCode, res.json().message]).toEqual([400, expect.any(String)]);
    }
    expect((await other.client.post('/api/incidents', fine)).statusCode).toBe(404);
    expect((await anon().post('/api/incidents', fine)).statusCode).toBe(401);
    expect(await reportCount()).toBe(before);
  });

  it('keeps a report private; shared, safety officers see it without identity, with totals; nobody else sees them', async () => {
    const created = await pilot.client.post('/api/incidents', { ...report, flightId, moment: at(25), harness: 'Advance Lightness 3', reserve: 'Companion SQR 120' });
    expect(created.statusCode).toBe(201);
    const mine = created.json();
    expect(mine).toMatchObject({ placeName: 'Fiesch', wingName: 'Ozone Rush 6 MS', harness: 'Advance Lightness 3', reserve: 'Companion SQR 120', sharedAt: null, phase: 'thermalling' });
    const second = (await pilot.client.post('/api/incidents', { ...report, flightId, moment: at(58), phase: 'landing', cause: 'landing-error', reserveThrown: true, injuries: 'minor' })).json();
    expect((await pilot.client.get('/api/incidents')).json().reports.map((r: { id: number }) => r.id)).toEqual([second.id, mine.id]);

    // Another pilot: 404 for each of its ids, nothing changed.
    for (const res of [
      await other.client.get(`/api/incidents/${mine.id}`),
      await other.client.put(`/api/incidents/${mine.id}/shared`, { shared: true }),
      await other.client.delete(`/api/incidents/${mine.id}`),
      await other.client.get(`/api/incidents/${mine.id}/pdf`),
      await other.client.get(`/api/incidents/${mine.id}/json`),
    ])
      expect(res.statusCode).toBe(404);
    expect((await other.client.get('/api/incidents')).json().reports).toEqual([]);
    expect((await pilot.client.get(`/api/incidents/${mine.id}`)).json().sharedAt).toBeNull();

    // Private: the safety officer sees nothing yet.
    expect((await officer.client.get('/api/safety/incidents')).json()).toEqual({ reports: [], totals: { byCause: [], byWingClass: [], byPhase: [] } });
    expect((await pilot.client.put(`/api/incidents/${mine.id}/shared`, { shared: 'yes' })).statusCode).toBe(400);
    expect((await pilot.client.put(`/api/incidents/${mine.id}/shared`, { shared: true })).json().sharedAt).toEqual(expect.any(String));
    expect((await pilot.client.put(`/api/incidents/${second.id}/shared`, { shared: true })).statusCode).toBe(200);

    const seen = await officer.client.get('/api/safety/incidents');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().reports).toContainEqual({
      month: '2026-06',
      region: { latitude: 46.4, longitude: 8.2 },
      wingClass: 'EN B',
      phase: 'thermalling',
      altitude: 1800,
      conditions: expect.objectContaining({ windSpeed: 18 }),
      whatHappened: report.whatHappened,
      injuries: 'none',
      reserveThrown: false,
      cause: 'turbulence',
      causeNote: report.causeNote,
    });
    expect(seen.json().totals).toEqual({
      byCause: [{ value: 'landing-error', count: 1 }, { value: 'turbulence', count: 1 }],
      byWingClass: [{ value: 'EN B', count: 2 }],
      byPhase: [{ value: 'landing', count: 1 }, { value: 'thermalling', count: 1 }],
    });
    for (const identity of ['Paula', pilot.user.email, pilot.user.username, 'Fiesch', 'Rush', 'Advance', 'Companion', '"id"', '"flightId"', at(25), '46.43']) expect(seen.body).not.toContain(identity);

    // Only safety officers: not the pilot, not an admin without the role, not a visitor.
    const admin = await signedInClient(ctx, { role: 'Admin' });
    expect((await pilot.client.get('/api/safety/incidents')).statusCode).toBe(403);
    expect((await admin.client.get('/api/safety/incidents')).statusCode).toBe(403);
    expect((await anon().get('/api/safety/incidents')).statusCode).toBe(401);

    // Taken back: gone from the officer's view.
    await pilot.client.put(`/api/incidents/${second.id}/shared`, { shared: false });
    expect((await officer.client.get('/api/safety/incidents')).json().reports).toHaveLength(1);
  });

  it('exports a report as PDF and JSON, and deletes it', async () => {
    const { id } = (await pilot.client.post('/api/incidents', { ...report, flightId, moment: at(25), harness: 'Advance Lightness 3' })).json();
    const pdf = await pilot.client.get(`/api/incidents/${id}/pdf`);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const text = await pdfText(pdf.rawPayload);
    for (const line of ['Incident report', 'Place: Fiesch', 'Wing: Ozone Rush 6 MS, EN B', 'Harness: Advance Lightness 3', 'Phase: thermalling', 'Reserve thrown: no', 'A 50% collapse on the left']) expect(text).toContain(line);

    const json = await pilot.client.get(`/api/incidents/${id}/json`);
    expect(json.headers['content-disposition']).toContain('incident-2026-06-10.json');
    expect(JSON.parse(json.body)).toMatchObject({ id, occurredAt: at(25), cause: 'turbulence', harness: 'Advance Lightness 3' });

    expect((await pilot.client.delete(`/api/incidents/${id}`)).statusCode).toBe(204);
    expect((await pilot.client.get(`/api/incidents/${id}`)).statusCode).toBe(404);
  });

  it('prefills the harness and reserve whose period of use holds the flight’s day, the pilot’s own only', async () => {
    // Another pilot's harness in use on the same day is not this flight's.
    expect((await other.client.post('/api/gear', { kind: 'harness', name: 'Someone else’s harness', inUseFrom: '2026-01-01' })).statusCode).toBe(201);
    for (const item of [
      { kind: 'harness', name: 'Old harness', inUseFrom: '2020-01-01', inUseUntil: '2026-06-09' },
      { kind: 'harness', name: 'Advance Lightness 3', inUseFrom: '2026-06-10' },
      { kind: 'reserve', name: 'Companion SQR 120', inUseFrom: '2025-03-01' },
    ])
      expect((await pilot.client.post('/api/gear', item)).statusCode).toBe(201);
    expect((await pilot.client.get(`/api/incidents/prefill?flightId=${flightId}&moment=${at(25)}`)).json()).toMatchObject({ harness: 'Advance Lightness 3', reserve: 'Companion SQR 120' });
    // A report saved without naming them keeps what flew; one the pilot cleared keeps none.
    const kept = (await pilot.client.post('/api/incidents', { ...report, flightId, moment: at(25) })).json();
    expect(kept).toMatchObject({ harness: 'Advance Lightness 3', reserve: 'Companion SQR 120' });
    const cleared = (await pilot.client.post('/api/incidents', { ...report, flightId, moment: at(25), harness: '', reserve: '' })).json();
    expect(cleared).toMatchObject({ harness: null, reserve: null });
  });
});
