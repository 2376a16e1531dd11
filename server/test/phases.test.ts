import { gzipSync } from 'node:zlib';
import type { FlightPhases } from '../../contract/phases';
import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { enqueuePhasesBackfill } from '../src/scoring/jobs';
import { Client, describeEachDatabase, signedInClient, signedInWithFlight, startTestApp, type TestContext } from './helpers/app';

const igc = Buffer.from(generateIgc(thermalFlight('2024-07-01T09:00:00Z', 3)));

const phases: FlightPhases = {
  thermals: [
    {
      startTime: '2024-07-01T09:06:00.000Z',
      endTime: '2024-07-01T09:14:00.000Z',
      startIndex: 360,
      endIndex: 840,
      entryAltitude: 1500,
      exitAltitude: 2550,
      gain: 1050,
      averageClimb: 2.2,
      maxClimb: 3.1,
      direction: 'right',
      turns: 20,
      latitude: 46.66,
      longitude: 7.85,
      windSpeed: 5,
      windDirection: 225,
    },
  ],
  glides: [],
  summary: { circlingShare: 0.3, thermalCount: 1, averageThermalClimb: 2.2, bestThermalClimb: 2.2, glideRatio: 8.5 },
};

describeEachDatabase('thermals and glides of a flight', (kind) => {
  let ctx: TestContext;
  let pilot: Client;
  let userId: number;
  let flightId: number;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const a = await signedInWithFlight(ctx, { name: 'thermals.igc', data: igc });
    pilot = a.client;
    userId = a.user.id;
    flightId = a.flightId;
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;

  it('stores the phases with the track when a file is analysed', async () => {
    const res = await pilot.get(`/api/FlightDetail/${flightId}/phases`);
    expect(res.statusCode).toBe(200);
    expect(res.json().summary.thermalCount).toBe(2);
    expect(res.json().thermals.map((t: { direction: string }) => t.direction)).toEqual(['right', 'left']);
  });

  it('serves the stored phases to the pilot only', async () => {
    await db().updateTable('flightTracks').set({ phases: gzipSync(JSON.stringify(phases)) }).where('flightId', '=', flightId).execute();
    await ctx.services.flightsChanged(userId);
    const res = await pilot.get(`/api/flightdetail/${flightId}/phases`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(phases);
    const stranger = await signedInClient(ctx);
    const theirs = await stranger.client.get(`/api/FlightDetail/${flightId}/phases`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Flight not found.');
  });

  it('says why a flight has none: added by hand, or analysed before phases existed', async () => {
    const manual = await db()
      .insertInto('flights')
      .values({ userId, igcFileId: null, segmentIndex: 0, status: 'Completed', source: 'manual', startTime: '2024-06-01T10:00:00.000Z', flightTime: 600, createdAt: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await pilot.get(`/api/FlightDetail/${manual.id}/phases`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This flight was added by hand: it has no recorded track, so no thermals or glides.');

    await db().updateTable('flightTracks').set({ phases: null }).where('flightId', '=', flightId).execute();
    await ctx.services.flightsChanged(userId);
    const old = await pilot.get(`/api/FlightDetail/${flightId}/phases`);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe('The thermals and glides of this flight are not analysed yet: they appear once its analysis has run.');
  });

  it('back-fills flights stored before phases existed, from a job queued at start-up, without the pilot doing anything', async () => {
    await db().updateTable('flightTracks').set({ phases: null }).where('flightId', '=', flightId).execute();
    const before = await db().selectFrom('flights').select(['id', 'notes', 'removalReason']).where('id', '=', flightId).executeTakeFirstOrThrow();
    expect(await enqueuePhasesBackfill(ctx.services.ingest)).toBe(1);
    await ctx.services.queue.drain();
    const track = await db().selectFrom('flightTracks').select('phases').where('flightId', '=', flightId).executeTakeFirstOrThrow();
    expect(track.phases).not.toBeNull();
    // The same flight row (id, the pilot's edits) is kept.
    expect(await db().selectFrom('flights').select(['id', 'notes', 'removalReason']).where('id', '=', flightId).executeTakeFirstOrThrow()).toEqual(before);
    expect(await enqueuePhasesBackfill(ctx.services.ingest)).toBe(0);
  });
});
