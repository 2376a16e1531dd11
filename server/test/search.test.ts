import { fold } from '../src/db/fold';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

describeEachDatabase('flight search', (kind) => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof signedInClient>>['client'];
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
    const pilot = await signedInClient(ctx);
    client = pilot.client;
    const db = ctx.services.database.db;
    const wing = (await client.post('/api/gliders', { manufacturer: 'Niviuk', model: 'Ikuma 2', gliderClass: 'EN B' })).json();
    const [a, b, c, d] = await seedFlights(db, pilot.user.id, [
      { startTime: '2024-05-01T09:00:00.000Z', site: 'Vallée Blanche', notes: 'Première fois au-dessus du GLACIER, très turbulent' },
      { startTime: '2024-05-02T09:00:00.000Z', site: 'Grindelwald', gliderType: 'OZONE Zeno', notes: '50% of the time in lift_zone' },
      { startTime: '2024-06-03T09:00:00.000Z', site: 'Kobala', gliderId: wing.id, notes: 'Žabji skok nad Tolminom' },
      { startTime: '2024-06-04T09:00:00.000Z', site: 'Grindelwald', notes: null },
    ]);
    Object.assign(ids, { a, b, c, d });
    // A second pilot's matching flight is never found.
    const other = await signedInClient(ctx);
    await seedFlights(db, other.user.id, [{ startTime: '2024-05-01T09:00:00.000Z', site: 'Vallée Blanche', notes: 'glacier' }]);
  });
  afterAll(() => ctx.close());

  const found = async (q: string, path = '/api/FlightDetail') => {
    const res = await client.get(`${path}${path.includes('?') ? '&' : '?'}q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { id: number }[]).map((f) => f.id).sort((x, y) => x - y);
  };

  it('finds words in notes, site names, the wing name and the IGC glider type, ignoring case and accents', async () => {
    expect(await found('glacier')).toEqual([ids.a]);
    expect(await found('PREMIERE')).toEqual([ids.a]);
    expect(await found('vallee')).toEqual([ids.a]);
    expect(await found('zabji tolminom')).toEqual([ids.c]);
    expect(await found('ikuma')).toEqual([ids.c]);
    expect(await found('zeno')).toEqual([ids.b]);
    expect(await found('grindelwald')).toEqual([ids.b, ids.d]);
  });

  it('needs every word, treats % and _ as text, and an empty search is no search', async () => {
    expect(await found('grindelwald lift')).toEqual([ids.b]);
    expect(await found('glacier kobala')).toEqual([]);
    expect(await found('50%')).toEqual([ids.b]);
    expect(await found('%')).toEqual([ids.b]);
    expect(await found('lift_zone')).toEqual([ids.b]);
    expect(await found('t_rb')).toEqual([]);
    expect(await found('   ')).toHaveLength(4);
  });

  it('searches within a month and narrows the months list', async () => {
    expect(await found('grindelwald', '/api/FlightDetail/byMonth?year=2024&month=6')).toEqual([ids.d]);
    const months = (await client.get('/api/FlightDetail/months?q=grindelwald')).json();
    expect(months).toEqual([
      { year: 2024, month: 5, count: 1, firstDay: '2024-05-02' },
      { year: 2024, month: 6, count: 1, firstDay: '2024-06-04' },
    ]);
  });

  it('finds a renamed site by its new name at once', async () => {
    const kobala = (await client.get('/api/sites')).json().find((s: { name: string }) => s.name === 'Kobala');
    await client.put(`/api/sites/${kobala.id}`, { name: 'Kobala Bovec' });
    expect(await found('bovec')).toEqual([ids.c]);
  });

  it('refuses a search longer than 100 characters', async () => {
    const res = await client.get(`/api/FlightDetail?q=${'a'.repeat(101)}`);
    expect([res.statusCode, res.json().message]).toEqual([400, 'q: Search must be at most 100 characters.']);
  });

  it('folds the same letters in JavaScript as in the database', () => {
    expect(fold('ÀÉÎÕÜ ČŠŽ Ů Ÿ ñ ß')).toBe('aeiou csz u y n ß');
  });
});
