import IGCParser from 'igc-parser';
import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { scoreFlight } from '../src/analysis/scoring';
import { trackFromPoints } from '../src/analysis/track';
import { requeue, revalidate } from '../src/debug/service';
import { Client, describeEachDatabase, signedInClient, signedInWithFlight, startTestApp, type TestContext } from './helpers/app';
import { fixture } from './helpers/fixtures';
import { uploadAndWait } from './helpers/upload';

const igc = generateIgc(thermalFlight('2024-07-01T09:00:00Z', 5));
/** The library's optimum over exactly the fixes from..to of a file. */
function libraryScore(text: string, from: string, to: string) {
  const raw = IGCParser.parse(text, { lenient: true });
  const fixes = raw.fixes.filter((f) => f.timestamp >= Date.parse(from) && f.timestamp <= Date.parse(to));
  return scoreFlight(trackFromPoints(fixes.map((f) => ({ latitude: f.latitude, longitude: f.longitude, timestamp: f.timestamp }))), 'XContest');
}

describeEachDatabase('pilot corrections: window, split, merge', (kind) => {
  let ctx: TestContext;
  let pilot: Client;
  let userId: number;
  let flightId: number;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const a = await signedInWithFlight(ctx, { name: 'thermals.igc', data: Buffer.from(igc) });
    pilot = a.client;
    userId = a.user.id;
    flightId = a.flightId;
  });
  afterAll(() => ctx.close());

  const detail = async (id: number) => (await pilot.get(`/api/FlightDetail/${id}/detailed`)).json();
  const ids = async () => (await pilot.get('/api/FlightDetail')).json().map((f: { id: number }) => f.id).sort();

  it('re-analyses and re-scores inside the pilot window: the score is the library optimum over those fixes', async () => {
    const before = await detail(flightId);
    expect(before.windowCorrected).toBe(false);
    const window = { takeoffTime: '2024-07-01T09:03:00.000Z', landingTime: '2024-07-01T09:30:00.000Z' };
    const res = await pilot.put(`/api/FlightDetail/${flightId}/window`, window);
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after).toMatchObject({ id: flightId, windowCorrected: true, startTime: window.takeoffTime, scoringRules: 'XContest' });
    expect(Date.parse(after.startTime) + after.flightTime * 1000).toBeLessThanOrEqual(Date.parse(window.landingTime));
    expect(after.flightTime).toBeLessThan(before.flightTime);
    const expected = libraryScore(igc, window.takeoffTime, window.landingTime);
    expect(after.xcPoints).toBeCloseTo(expected.xcPoints, 2);
    expect(after.distance).toBeCloseTo(expected.xcDistance, 2);
    expect(after.distance).not.toBeCloseTo(before.distance, 1);
  });

  it('keeps the window through a full re-analysis and a change of league', async () => {
    const corrected = await detail(flightId);
    await requeue({ database: ctx.services.database, queue: ctx.services.queue, flightsChanged: ctx.services.flightsChanged }, [flightId]);
    await ctx.services.queue.drain();
    expect(await detail(flightId)).toMatchObject({ startTime: corrected.startTime, flightTime: corrected.flightTime, xcPoints: corrected.xcPoints, windowCorrected: true });

    expect((await pilot.put('/api/profile/scoring', { scoringRules: 'FFVL' })).statusCode).toBe(200);
    await ctx.services.queue.drain();
    const ffvl = await detail(flightId);
    expect(ffvl).toMatchObject({ scoringRules: 'FFVL', startTime: corrected.startTime, flightTime: corrected.flightTime, windowCorrected: true });
    await pilot.put('/api/profile/scoring', { scoringRules: 'XContest' });
    await ctx.services.queue.drain();
  });

  it('refuses a window outside the recorded track, and landing before takeoff, changing nothing', async () => {
    const before = await detail(flightId);
    const outside = await pilot.put(`/api/FlightDetail/${flightId}/window`, { takeoffTime: '2024-07-01T08:00:00Z', landingTime: '2024-07-01T09:30:00Z' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('Takeoff and landing must lie within the recorded track, 09:00:00 to 09:47:59 UTC.');
    const reversed = await pilot.put(`/api/FlightDetail/${flightId}/window`, { takeoffTime: '2024-07-01T09:30:00Z', landingTime: '2024-07-01T09:10:00Z' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('Landing must be after takeoff.');
    const notATime = await pilot.put(`/api/FlightDetail/${flightId}/window`, { takeoffTime: 'soon', landingTime: '2024-07-01T09:10:00Z' });
    expect(notATime.json().message).toContain('takeoffTime must be an ISO 8601 timestamp.');
    expect(await detail(flightId)).toEqual(before);
  });

  it('splits a flight in two at a moment inside it, and merges them back', async () => {
    const outside = await pilot.post(`/api/FlightDetail/${flightId}/split`, { at: '2024-07-01T09:40:00Z' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('The split time must lie inside the flight, between 09:03:00 and 09:30:00 UTC.');

    const res = await pilot.post(`/api/FlightDetail/${flightId}/split`, { at: '2024-07-01T09:15:00Z' });
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json();
    expect(first).toMatchObject({ id: flightId, startTime: '2024-07-01T09:03:00.000Z', windowCorrected: true });
    expect(second).toMatchObject({ startTime: '2024-07-01T09:15:00.000Z', windowCorrected: true });
    expect(second.id).not.toBe(flightId);
    expect(await ids()).toEqual([flightId, second.id].sort());
    expect(first.xcPoints).toBeCloseTo(libraryScore(igc, '2024-07-01T09:03:00Z', '2024-07-01T09:15:00Z').xcPoints, 2);

    const overlap = await pilot.put(`/api/FlightDetail/${flightId}/window`, { takeoffTime: '2024-07-01T09:03:00Z', landingTime: '2024-07-01T09:20:00Z' });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().message).toBe('Takeoff and landing overlap another flight of this file: merge the two flights instead.');

    const merged = await pilot.post(`/api/FlightDetail/${second.id}/merge`, { withFlightId: flightId });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ id: flightId, startTime: '2024-07-01T09:03:00.000Z' });
    expect(merged.json().xcPoints).toBeCloseTo(libraryScore(igc, '2024-07-01T09:03:00Z', '2024-07-01T09:30:00Z').xcPoints, 2);
    expect(await ids()).toEqual([flightId]);
  });

  it("refuses merging flights of two files, with itself, or another pilot's flight", async () => {
    await uploadAndWait(ctx, pilot, [{ name: 'other-day.igc', data: Buffer.from(generateIgc(thermalFlight('2024-07-02T09:00:00Z', 6))) }]);
    const otherFile = (await ids()).find((id: number) => id !== flightId);
    const res = await pilot.post(`/api/FlightDetail/${flightId}/merge`, { withFlightId: otherFile });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only two flights recorded in the same file can be merged.');
    expect((await pilot.post(`/api/FlightDetail/${flightId}/merge`, { withFlightId: flightId })).json().message).toBe('A flight cannot be merged with itself.');
    const stranger = await signedInClient(ctx);
    expect((await stranger.client.post(`/api/FlightDetail/${flightId}/merge`, { withFlightId: otherFile })).statusCode).toBe(404);
    expect((await pilot.post(`/api/FlightDetail/${flightId}/merge`, { withFlightId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await stranger.client.put(`/api/FlightDetail/${flightId}/window`, { takeoffTime: '2024-07-01T09:10:00Z', landingTime: '2024-07-01T09:20:00Z' })).statusCode).toBe(404);
    expect((await pilot.post(`/api/FlightDetail/${flightId}/merge`, { withFlightId: 'x' })).json().message).toContain('withFlightId must be an id.');
  });

  it('merges the two flights of a file with a landing in the middle, and keeps that through re-analysis', async () => {
    const other = await signedInClient(ctx);
    await uploadAndWait(ctx, other.client, [{ name: 'lunch-break.igc', data: fixture('lunch-break.igc') }]);
    const flights = (await other.client.get('/api/FlightDetail')).json().sort((a: { startTime: string }, b: { startTime: string }) => a.startTime.localeCompare(b.startTime));
    expect(flights.length).toBe(2);
    const res = await other.client.post(`/api/FlightDetail/${flights[0].id}/merge`, { withFlightId: flights[1].id });
    expect(res.statusCode).toBe(200);
    expect(res.json().flightTime).toBeGreaterThan(flights[0].flightTime + flights[1].flightTime);
    await requeue({ database: ctx.services.database, queue: ctx.services.queue, flightsChanged: ctx.services.flightsChanged }, [flights[0].id]);
    await ctx.services.queue.drain();
    const after = (await other.client.get('/api/FlightDetail')).json();
    expect(after.map((f: { id: number }) => f.id)).toEqual([flights[0].id]);
    expect(after[0].flightTime).toBe(res.json().flightTime);
  });

  it("debug revalidation judges a corrected flight by its window", async () => {
    const other = await signedInClient(ctx);
    await uploadAndWait(ctx, other.client, [{ name: 'short.igc', data: Buffer.from(generateIgc(thermalFlight('2024-07-05T09:00:00Z', 8))) }]);
    const [f] = (await other.client.get('/api/FlightDetail')).json();
    // A 50 s window is a Short Flight (under 60 s) by the validation rules.
    const res = await other.client.put(`/api/FlightDetail/${f.id}/window`, { takeoffTime: '2024-07-05T09:10:00Z', landingTime: '2024-07-05T09:10:50Z' });
    expect(res.json()).toMatchObject({ removalReason: 5, windowCorrected: true });
    const deps = { config: ctx.services.config, database: ctx.services.database, pool: ctx.services.pool, flightsChanged: ctx.services.flightsChanged };
    expect((await revalidate(deps, [f.id])).changes).toEqual([]);
    expect((await other.client.get(`/api/FlightDetail/${f.id}/detailed`)).json()).toMatchObject({ removalReason: 5, startTime: '2024-07-05T09:10:00.000Z' });
  });

  it('refuses to correct a flight added by hand', async () => {
    const manual = await ctx.services.database.db
      .insertInto('flights')
      .values({ userId, igcFileId: null, segmentIndex: 0, status: 'Completed', source: 'manual', startTime: '2024-06-01T10:00:00.000Z', flightTime: 600, createdAt: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await pilot.put(`/api/FlightDetail/${manual.id}/window`, { takeoffTime: '2024-06-01T10:00:00Z', landingTime: '2024-06-01T10:05:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This flight has no recorded track to correct.');
  });
});
