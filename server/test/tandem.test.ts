import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';
import { uploadFlight } from './helpers/upload';

const PASSENGER = { name: 'Anna Gast', contact: 'anna.gast@example.com +41 79 000 00 00', note: 'First flight, a bit nervous' };

describeEachDatabase('tandem', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_URL: 'https://logbook.example/' });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;

  it('shows the passenger their flight’s track and nothing else, and a revoked link is gone', async () => {
    const { client, user } = await signedInClient(ctx, { email: 'tandem.pilot@example.com' });
    await db().updateTable('users').set({ displayName: 'Tom Tandem' }).where('id', '=', user.id).execute();
    const wing = (await client.post('/api/gliders', { manufacturer: 'Advance', model: 'Bibeta 6', gliderClass: 'Tandem' })).json();
    const flight = await uploadFlight(ctx, client, { name: 'tandem.igc', data: Buffer.from(generateIgc(thermalFlight('2024-07-01T09:00:00Z', 5))) });
    await client.put(`/api/FlightDetail/${flight.id}/notes`, { notes: 'Secret notes of the pilot' });
    // Another flight of the pilot, shared: the passenger page must not lead to it.
    const [otherFlight] = await seedFlights(db(), user.id, [{ startTime: '2024-07-02T09:00:00.000Z', gliderId: wing.id }]);

    const saved = await client.put(`/api/FlightDetail/${flight.id}/passenger`, PASSENGER);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ passenger: { ...PASSENGER, showPilotName: false, pageUrl: null } });
    expect((await client.get(`/api/FlightDetail/${flight.id}`)).json().visibility).toBe('private');

    const linked = (await client.post(`/api/FlightDetail/${flight.id}/passenger/link`)).json().passenger;
    expect(linked.pageUrl).toMatch(/^https:\/\/logbook\.example\/passenger\/[A-Za-z0-9_-]{32}$/);
    // Only an open flight is shown to anyone but its pilot: the private flight became a link flight.
    expect((await client.get(`/api/FlightDetail/${flight.id}`)).json().visibility).toBe('link');
    const token = linked.pageUrl.split('/').pop();

    const page = await ctx.app.inject({ method: 'GET', url: `/api/public/passengers/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ passengerName: 'Anna Gast', pilotName: null, startTime: expect.any(String), timeZone: expect.any(String), flightTime: expect.any(Number), hasTrack: true });
    const body = page.body;
    for (const secret of ['tandem.pilot@example.com', 'Tom Tandem', user.username, 'anna.gast@example.com', 'nervous', 'Secret notes', 'tandem.igc', 'Bibeta']) expect(body).not.toContain(secret);
    const features = await ctx.app.inject({ method: 'GET', url: `/api/public/passengers/${token}/features` });
    expect(features.statusCode).toBe(200);
    expect(features.json().map((f: { type: string }) => f.type)).toEqual(['flight']);
    expect(features.json()[0].geometry.points.length).toBeGreaterThan(10);

    // The pilot may choose to be named.
    await client.put(`/api/FlightDetail/${flight.id}/passenger`, { ...PASSENGER, showPilotName: true });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/passengers/${token}` })).json().pilotName).toBe('Tom Tandem');

    // The token opens nothing else: not the flight's share, not another flight.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/flights/${token}` })).statusCode).toBe(404);
    expect(otherFlight).toBeDefined();

    // A new link replaces the old one; a revoked link is gone, like an unknown one.
    const renewed = (await client.post(`/api/FlightDetail/${flight.id}/passenger/link`)).json().passenger.pageUrl.split('/').pop();
    expect(renewed).not.toBe(token);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/passengers/${token}` })).statusCode).toBe(404);
    const revoked = await client.delete(`/api/FlightDetail/${flight.id}/passenger/link`);
    expect(revoked.json().passenger.pageUrl).toBeNull();
    for (const url of [`/api/public/passengers/${renewed}`, `/api/public/passengers/${renewed}/features`, '/api/public/passengers/NoSuchTokenXXXXXXXXXXXXXXXXXXXXX']) {
      const gone = await ctx.app.inject({ method: 'GET', url });
      expect([gone.statusCode, gone.json()]).toEqual([404, { message: 'This passenger page does not exist or is no longer shared.' }]);
    }
  });

  it('closes the page when the flight is made private or removed', async () => {
    const { client, user } = await signedInClient(ctx);
    const [id] = await seedFlights(db(), user.id, [{ startTime: '2024-08-01T09:00:00.000Z', source: 'manual' }]);
    await client.put(`/api/FlightDetail/${id}/passenger`, { name: 'Ben' });
    const token = (await client.post(`/api/FlightDetail/${id}/passenger/link`)).json().passenger.pageUrl.split('/').pop();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/passengers/${token}` })).json()).toMatchObject({ passengerName: 'Ben', hasTrack: false });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/passengers/${token}/features` })).json()).toEqual([]);
    await client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'private' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/passengers/${token}` })).statusCode).toBe(404);
    await client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'link' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/passengers/${token}` })).statusCode).toBe(200);
    await db().updateTable('flights').set({ removalReason: 99, removalDate: null }).where('id', '=', id!).execute();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/passengers/${token}` })).statusCode).toBe(404);
  });

  it('counts tandem flights per season and per wing over counted flights', async () => {
    const { client, user } = await signedInClient(ctx);
    const bi = (await client.post('/api/gliders', { manufacturer: 'Gin', model: 'Fuse 4', gliderClass: 'Tandem' })).json();
    const ids = await seedFlights(db(), user.id, [
      { startTime: '2023-07-01T09:00:00.000Z', gliderId: bi.id },
      { startTime: '2024-07-01T09:00:00.000Z', gliderId: bi.id },
      { startTime: '2024-07-02T09:00:00.000Z', gliderId: null },
      { startTime: '2024-07-03T09:00:00.000Z', gliderId: bi.id },
      { startTime: '2024-07-04T09:00:00.000Z', gliderId: bi.id },
    ]);
    for (const id of [ids[0], ids[1], ids[2], ids[4]]) expect((await client.put(`/api/FlightDetail/${id}/passenger`, { name: `P${id}` })).statusCode).toBe(200);
    // A removed flight is not counted.
    await db().updateTable('flights').set({ removalReason: 99, removalDate: '2024-07-05T00:00:00.000Z' }).where('id', '=', ids[4]!).execute();
    expect((await client.get('/api/tandem/statistics')).json()).toEqual({
      total: 3,
      seasons: [
        { year: 2024, count: 2 },
        { year: 2023, count: 1 },
      ],
      wings: [
        { gliderId: bi.id, gliderName: 'Gin Fuse 4', count: 2 },
        { gliderId: null, gliderName: null, count: 1 },
      ],
    });
    expect((await client.delete(`/api/FlightDetail/${ids[2]}/passenger`)).statusCode).toBe(204);
    expect((await client.get('/api/tandem/statistics')).json().total).toBe(2);
    const other = await signedInClient(ctx);
    expect((await other.client.get('/api/tandem/statistics')).json()).toEqual({ total: 0, seasons: [], wings: [] });
  });

  it('refuses bad input and another pilot’s flight, changing nothing', async () => {
    const owner = await signedInClient(ctx);
    const [id] = await seedFlights(db(), owner.user.id, [{ startTime: '2024-09-01T09:00:00.000Z' }]);
    await owner.client.put(`/api/FlightDetail/${id}/passenger`, PASSENGER);
    const before = (await owner.client.get(`/api/FlightDetail/${id}/passenger`)).json();
    for (const [body, message] of [
      [{ name: '' }, /Name is required/],
      [{ name: 'x'.repeat(101) }, /at most 100 characters/],
      [{ name: 'A', contact: 'x'.repeat(201) }, /at most 200 characters/],
      [{ name: 'A', note: 'x'.repeat(2001) }, /at most 2000 characters/],
      [{ name: 'A', showPilotName: 'yes' }, /true or false/],
      [{}, /Name is required/],
    ] as const) {
      const res = await owner.client.put(`/api/FlightDetail/${id}/passenger`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await owner.client.get(`/api/FlightDetail/${id}/passenger`)).json()).toEqual(before);

    const { client } = await signedInClient(ctx);
    for (const [method, url, body] of [
      ['GET', `/api/FlightDetail/${id}/passenger`, undefined],
      ['PUT', `/api/FlightDetail/${id}/passenger`, { name: 'Stolen' }],
      ['DELETE', `/api/FlightDetail/${id}/passenger`, undefined],
      ['POST', `/api/FlightDetail/${id}/passenger/link`, undefined],
      ['DELETE', `/api/FlightDetail/${id}/passenger/link`, undefined],
    ] as const) {
      const res = await client.request(method, url, body);
      expect([res.statusCode, method, url]).toEqual([404, method, url]);
    }
    expect((await owner.client.get(`/api/FlightDetail/${id}/passenger`)).json()).toEqual(before);
    expect((await owner.client.get(`/api/FlightDetail/${id}`)).json().visibility).toBe('private');
  });
});
