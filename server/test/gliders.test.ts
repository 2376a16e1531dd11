import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

const wing = (over: Record<string, unknown> = {}) => ({ manufacturer: 'Ozone', model: 'Rush 6', size: 'MS', gliderClass: 'EN B', ...over });

describeEachDatabase('gliders', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;

  it('creates, lists with hours and check state, updates and deletes a wing', async () => {
    const { client, user } = await signedInClient(ctx);
    const created = await client.post('/api/gliders', wing({ lastCheck: '2024-06-01', checkIntervalHours: 2, notes: 'Line check by Hans' }));
    expect(created.statusCode).toBe(201);
    const g = created.json();
    expect(g).toMatchObject({ name: 'Ozone Rush 6 MS', flightCount: 0, totalSeconds: 0, lastFlown: null, secondsSinceCheck: 0, checkDue: false, isDefault: false });

    await seedFlights(db(), user.id, [
      { startTime: '2024-05-01T09:00:00.000Z', flightTime: 3600, gliderId: g.id },
      { startTime: '2024-07-01T09:00:00.000Z', flightTime: 5400, gliderId: g.id },
      { startTime: '2024-07-02T09:00:00.000Z', flightTime: 1800, gliderId: g.id },
      { startTime: '2024-07-03T09:00:00.000Z', flightTime: 999, gliderId: null },
    ]);
    const [listed] = (await client.get('/api/gliders')).json();
    expect(listed).toMatchObject({ id: g.id, flightCount: 3, totalSeconds: 10800, lastFlown: '2024-07-02T09:00:00.000Z', secondsSinceCheck: 7200, checkDue: true });
    expect(listed.monthsSinceCheck).toBeGreaterThanOrEqual(5);

    const updated = await client.put(`/api/gliders/${g.id}`, wing({ model: 'Rush 6', size: null, lastCheck: '2024-07-02', checkIntervalHours: 2 }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Ozone Rush 6', secondsSinceCheck: 1800, checkDue: false, notes: null });
    expect((await client.get('/api/FlightDetail')).json().filter((f: { gliderName: string | null }) => f.gliderName === 'Ozone Rush 6')).toHaveLength(3);

    const deleted = await client.delete(`/api/gliders/${g.id}`);
    expect(deleted.json()).toEqual({ message: 'Ozone Rush 6 deleted.' });
    expect((await client.get('/api/gliders')).json()).toEqual([]);
    const flights = (await client.get('/api/FlightDetail')).json();
    expect(flights).toHaveLength(4);
    expect(flights.every((f: { gliderId: number | null }) => f.gliderId === null)).toBe(true);
  });

  it('gives statistics per wing and year over counted flights only', async () => {
    const { client, user } = await signedInClient(ctx);
    const a = (await client.post('/api/gliders', wing({ model: 'Alpina 4', size: null }))).json();
    const b = (await client.post('/api/gliders', wing({ manufacturer: 'Gin', model: 'Bonanza 3', size: null }))).json();
    await seedFlights(db(), user.id, [
      { startTime: '2023-05-01T09:00:00.000Z', flightTime: 3600, distance: 20, gliderId: a.id },
      { startTime: '2024-05-01T09:00:00.000Z', flightTime: 1800, distance: 10, gliderId: a.id },
      { startTime: '2024-06-01T09:00:00.000Z', flightTime: 600, distance: 5, gliderId: a.id },
      { startTime: '2024-06-02T09:00:00.000Z', flightTime: 7200, distance: 50, gliderId: b.id },
      { startTime: '2024-06-03T09:00:00.000Z', flightTime: 9999, distance: 99, gliderId: b.id, removalReason: 99, removalDate: '2024-06-04T00:00:00.000Z' },
      { startTime: '2024-06-05T09:00:00.000Z', flightTime: 9999, distance: 99, gliderId: null },
    ]);
    expect((await client.get('/api/statistics/gliders')).json()).toEqual([
      { gliderId: b.id, gliderName: 'Gin Bonanza 3', flightCount: 1, totalSeconds: 7200, totalDistance: 50, years: [{ year: 2024, flightCount: 1, totalSeconds: 7200, totalDistance: 50 }] },
      {
        gliderId: a.id,
        gliderName: 'Ozone Alpina 4',
        flightCount: 3,
        totalSeconds: 6000,
        totalDistance: 35,
        years: [
          { year: 2024, flightCount: 2, totalSeconds: 2400, totalDistance: 15 },
          { year: 2023, flightCount: 1, totalSeconds: 3600, totalDistance: 20 },
        ],
      },
    ]);
    const other = await signedInClient(ctx);
    expect((await other.client.get('/api/statistics/gliders')).json()).toEqual([]);
  });

  it('is due by months counted from the wing coming into use when no check is recorded', async () => {
    const { client } = await signedInClient(ctx);
    const g = (await client.post('/api/gliders', wing({ inUseFrom: '2020-01-01', checkIntervalMonths: 24 }))).json();
    expect(g).toMatchObject({ monthsSinceCheck: null, checkDue: true });
    const fresh = (await client.post('/api/gliders', wing({ checkIntervalMonths: 24 }))).json();
    expect(fresh.checkDue).toBe(false);
  });

  it('keeps one default wing per pilot', async () => {
    const { client } = await signedInClient(ctx);
    const a = (await client.post('/api/gliders', wing({ model: 'A', isDefault: true }))).json();
    const b = (await client.post('/api/gliders', wing({ model: 'B', isDefault: true }))).json();
    let list = (await client.get('/api/gliders')).json();
    expect(list.filter((x: { isDefault: boolean }) => x.isDefault).map((x: { id: number }) => x.id)).toEqual([b.id]);
    await client.put(`/api/gliders/${a.id}`, wing({ model: 'A', isDefault: true }));
    list = (await client.get('/api/gliders')).json();
    expect(list.filter((x: { isDefault: boolean }) => x.isDefault).map((x: { id: number }) => x.id)).toEqual([a.id]);
  });

  it("answers 404 for another pilot's wing on every verb and changes nothing", async () => {
    const owner = await signedInClient(ctx);
    const g = (await owner.client.post('/api/gliders', wing())).json();
    const other = await signedInClient(ctx);
    expect((await other.client.put(`/api/gliders/${g.id}`, wing({ model: 'Stolen' }))).statusCode).toBe(404);
    const del = await other.client.delete(`/api/gliders/${g.id}`);
    expect([del.statusCode, del.json().message]).toEqual([404, 'Glider not found.']);
    expect((await other.client.get('/api/gliders')).json()).toEqual([]);
    expect((await owner.client.get('/api/gliders')).json()[0]).toMatchObject({ id: g.id, model: 'Rush 6' });
  });

  it('refuses bad input with the reason and stores nothing', async () => {
    const { client } = await signedInClient(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [wing({ manufacturer: '  ' }), 'Manufacturer is required.'],
      [wing({ model: 'x'.repeat(101) }), 'Model must be at most 100 characters.'],
      [wing({ gliderClass: 'EN Z' }), 'Class must be one of'],
      [wing({ lastCheck: '2999-01-01' }), 'The last check cannot be in the future.'],
      [wing({ lastCheck: '01.02.2024' }), 'Last check must be a date (YYYY-MM-DD).'],
      [wing({ inUseFrom: '2024-05-01', inUseUntil: '2024-01-01' }), 'In use until must not be before in use from.'],
      [wing({ checkIntervalMonths: 0 }), 'Check interval must be 1 to 120 months.'],
      [wing({ checkIntervalHours: 1.5 }), 'Check interval must be whole hours.'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/gliders', body);
      expect([res.statusCode, res.json().message]).toEqual([400, expect.stringContaining(message)]);
    }
    const g = (await client.post('/api/gliders', wing())).json();
    expect((await client.put(`/api/gliders/${g.id}`, wing({ model: '' }))).statusCode).toBe(400);
    expect((await client.put('/api/gliders/abc', wing())).json().message).toContain('Glider id must be a positive number.');
    expect((await client.get('/api/gliders')).json()).toEqual([expect.objectContaining({ model: 'Rush 6' })]);
  });
});
