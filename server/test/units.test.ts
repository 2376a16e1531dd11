import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

// docs/units.md: the pilot's units are stored on the account and answered with the signed-in user.
describeEachDatabase('units setting', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());

  const imperial = { altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' };

  it('starts unset (the app follows the language), stores a choice, answers it with the session, and clears it again', async () => {
    const { client } = await signedInClient(ctx);
    expect((await client.get('/api/auth/check')).json().user.units).toBeNull();

    const saved = await client.put('/api/auth/units', { units: imperial });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ units: imperial });
    expect((await client.get('/api/auth/check')).json().user.units).toEqual(imperial);
    expect((await client.get('/api/auth/session')).json().user.units).toEqual(imperial);
    expect((await client.get('/api/auth/profile')).json().user.units).toEqual(imperial);

    const mixed = { altitude: 'ft', distance: 'km', speed: 'kt', climb: 'ms' };
    expect((await client.put('/api/auth/units', { units: mixed })).json()).toEqual({ units: mixed });

    expect((await client.put('/api/auth/units', { units: null })).json()).toEqual({ units: null });
    expect((await client.get('/api/auth/check')).json().user.units).toBeNull();
  });

  it('answers, while no units are chosen, the time zone most of the pilot’s flights took off in (removed flights aside)', async () => {
    const { client, user } = await signedInClient(ctx);
    expect((await client.get('/api/auth/check')).json().user.takeoffTimeZone).toBeNull();
    const at = (day: number, timeZone: string, removed = false) => ({
      startTime: new Date(Date.UTC(2025, 5, day, 10)).toISOString(),
      timeZone,
      ...(removed ? { removalReason: 1, removalDate: new Date().toISOString() } : {}),
    });
    await seedFlights(ctx.services.database.db, user.id, [
      at(1, 'America/Denver'),
      at(2, 'Europe/Zurich'),
      at(3, 'Europe/Zurich'),
      at(4, 'America/Denver'),
      at(5, 'America/Denver', true),
      at(6, 'America/Denver', true),
      at(7, 'Europe/Zurich'),
    ]);
    expect((await client.get('/api/auth/check')).json().user.takeoffTimeZone).toBe('Europe/Zurich');
    expect((await client.get('/api/auth/session')).json().user.takeoffTimeZone).toBe('Europe/Zurich');
    // Another pilot's flights say nothing about this one.
    const other = await signedInClient(ctx);
    expect((await other.client.get('/api/auth/check')).json().user.takeoffTimeZone).toBeNull();
    // Once chosen, the choice is all the app needs.
    await client.put('/api/auth/units', { units: imperial });
    expect((await client.get('/api/auth/check')).json().user).not.toHaveProperty('takeoffTimeZone');
  });

  it.each([
    ['an unknown altitude unit', { units: { ...imperial, altitude: 'yards' } }],
    ['a missing quantity', { units: { altitude: 'ft', distance: 'mi', speed: 'mph' } }],
    ['no units field', {}],
    ['a string instead of a choice', { units: 'imperial' }],
  ])('refuses %s with a 400 and keeps the stored choice', async (_name, body) => {
    const { client } = await signedInClient(ctx);
    await client.put('/api/auth/units', { units: imperial });
    const refused = await client.put('/api/auth/units', body);
    expect(refused.statusCode).toBe(400);
    expect((await client.get('/api/auth/check')).json().user.units).toEqual(imperial);
  });

  it('is the signed-in pilot’s own: a visitor gets 401, and one pilot’s choice does not touch another’s', async () => {
    const visitor = await new Client(ctx.app).put('/api/auth/units', { units: imperial });
    expect(visitor.statusCode).toBe(401);
    const [a, b] = [await signedInClient(ctx), await signedInClient(ctx)];
    await a.client.put('/api/auth/units', { units: imperial });
    expect((await b.client.get('/api/auth/check')).json().user.units).toBeNull();
  });
});
