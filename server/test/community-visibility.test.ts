import { migrate } from '../src/db';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { freshDatabaseForEachTest, oldPilotRow } from './helpers/database';
import { seedFlights } from './helpers/flights';

describeEachDatabase('visibility of existing flights after the upgrade (009)', (kind) => {
  const freshHandle = freshDatabaseForEachTest(kind);

  test('without a link private, with one link, listed on a published page public: no page changes', async () => {
    const handle = freshHandle();
    await migrate(handle, '007_sharing');
    const db = handle.db;
    const at = '2024-07-14T10:00:00.000Z';
    const pilot = async (username: string, publicPage: number) =>
      (await db.insertInto('users').values({ ...oldPilotRow(username, at), publicPage } as never).returning('id').executeTakeFirstOrThrow()).id;
    const published = await pilot('pub', 1);
    const unpublished = await pilot('unpub', 0);
    const [plain, linked, onPage, removedOnPage] = await seedFlights(db as never, published, [{ startTime: at }, { startTime: at }, { startTime: at }, { startTime: at, removalReason: 2, removalDate: at }]);
    const [otherLinked] = await seedFlights(db as never, unpublished, [{ startTime: at }]);
    let n = 0;
    for (const [flightId, userId] of [[linked, published], [onPage, published], [removedOnPage, published], [otherLinked, unpublished]] as const) {
      await db.insertInto('flightShares').values({ flightId, userId, token: `token-${(n += 1)}`, includeNotes: 0, includePhotos: 0, createdAt: at }).execute();
    }
    // "linked" is on the published pilot's page today too: every shared, not removed flight of a published pilot is listed.
    await migrate(handle);
    const rows = await db.selectFrom('flights').select(['id', 'visibility']).orderBy('id').execute();
    const of = (id: number) => rows.find((r) => r.id === id)!.visibility;
    expect([of(plain), of(linked), of(onPage), of(removedOnPage), of(otherLinked)]).toEqual(['private', 'public', 'public', 'link', 'link']);
    expect((await db.selectFrom('users').select(['defaultVisibility', 'commentDigest']).where('id', '=', published).executeTakeFirstOrThrow())).toEqual({ defaultVisibility: 'private', commentDigest: 1 });
  });
});

describeEachDatabase('visibility of a flight', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_URL: 'https://logbook.example' }, { workers: false });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;
  const at = (day: string, hour = 10) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
  const launch = { takeoffLat: 46.68, takeoffLon: 7.65, takeoffLocation: 'Wimmis' };

  it('is private by default, shown on the summary and detail, and set by PATCH; a bad value changes nothing', async () => {
    const pilot = await signedInClient(ctx);
    const [id] = await seedFlights(db(), pilot.user.id, [{ startTime: at('2024-05-01'), ...launch }]);
    expect((await pilot.client.get('/api/FlightDetail')).json()[0].visibility).toBe('private');
    expect((await pilot.client.get(`/api/FlightDetail/${id}/detailed`)).json().visibility).toBe('private');
    expect((await pilot.client.get(`/api/FlightDetail/${id}/share`)).json()).toEqual({ share: null });

    const bad = await pilot.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'friends' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Visibility must be private, link or public.');
    expect((await pilot.client.get(`/api/FlightDetail/${id}`)).json().visibility).toBe('private');

    const made = await pilot.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
    expect(made.statusCode).toBe(200);
    expect(made.json().visibility).toBe('public');
    // The cached list shows the change at once.
    expect((await pilot.client.get('/api/FlightDetail')).json()[0].visibility).toBe('public');
    const { share } = (await pilot.client.get(`/api/FlightDetail/${id}/share`)).json();
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const shown = (await new Client(ctx.app).get(`/api/public/flights/${share.token}`)).json();
    expect(shown).toMatchObject({ visibility: 'public', likeCount: 0, commentCount: 0, place: { id: expect.any(String), name: 'Wimmis' } });

    // Link keeps the token; private drops it, and sharing again makes a link flight.
    await pilot.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'link' });
    expect((await pilot.client.get(`/api/FlightDetail/${id}/share`)).json().share.token).toBe(share.token);
    expect((await new Client(ctx.app).get(`/api/public/flights/${share.token}`)).json()).toMatchObject({ visibility: 'link', place: null });
    await pilot.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'private' });
    expect((await pilot.client.get(`/api/FlightDetail/${id}/share`)).json()).toEqual({ share: null });
    expect((await new Client(ctx.app).get(`/api/public/flights/${share.token}`)).statusCode).toBe(404);
    await pilot.client.post(`/api/FlightDetail/${id}/share`, {});
    expect((await pilot.client.get(`/api/FlightDetail/${id}`)).json().visibility).toBe('link');
    await pilot.client.delete(`/api/FlightDetail/${id}/share`);
    expect((await pilot.client.get(`/api/FlightDetail/${id}`)).json().visibility).toBe('private');
  });

  it('changes many flights at once, all or one year, and says how many changed', async () => {
    const pilot = await signedInClient(ctx);
    const ids = await seedFlights(db(), pilot.user.id, [{ startTime: at('2023-05-01') }, { startTime: at('2024-05-01') }, { startTime: at('2024-06-01') }, { startTime: at('2024-07-01'), removalReason: 2, removalDate: at('2024-07-02') }]);
    const bad = await pilot.client.put('/api/FlightDetail/visibility', { visibility: 'everyone' });
    expect(bad.statusCode).toBe(400);
    // The confirmation asks first how many would change; asking changes nothing.
    expect((await pilot.client.get('/api/FlightDetail/visibility?visibility=public&year=2024')).json()).toEqual({ changed: 2 });
    expect((await pilot.client.get('/api/FlightDetail/visibility?visibility=public')).json()).toEqual({ changed: 3 });
    expect((await pilot.client.get('/api/FlightDetail/visibility?visibility=private')).json()).toEqual({ changed: 0 });
    expect((await pilot.client.get('/api/FlightDetail/visibility?visibility=everyone')).statusCode).toBe(400);
    expect((await pilot.client.get('/api/FlightDetail/visibility?visibility=public&year=soon')).statusCode).toBe(400);
    expect((await new Client(ctx.app).get('/api/FlightDetail/visibility?visibility=public')).statusCode).toBe(401);
    expect((await pilot.client.put('/api/FlightDetail/visibility', { visibility: 'public', year: 2024 })).json()).toEqual({ changed: 2 });
    const list = (await pilot.client.get('/api/FlightDetail')).json() as { id: number; visibility: string }[];
    expect(Object.fromEntries(list.map((f) => [f.id, f.visibility]))).toEqual({ [ids[0]!]: 'private', [ids[1]!]: 'public', [ids[2]!]: 'public' });
    for (const id of [ids[1], ids[2]]) expect((await pilot.client.get(`/api/FlightDetail/${id}/share`)).json().share).not.toBeNull();
    expect((await pilot.client.put('/api/FlightDetail/visibility', { visibility: 'link' })).json()).toEqual({ changed: 3 });
    expect((await pilot.client.put('/api/FlightDetail/visibility', { visibility: 'link' })).json()).toEqual({ changed: 0 });
    expect((await pilot.client.put('/api/FlightDetail/visibility', { visibility: 'private' })).json()).toEqual({ changed: 3 });
    for (const id of ids.slice(0, 3)) expect((await pilot.client.get(`/api/FlightDetail/${id}/share`)).json()).toEqual({ share: null });
    // Another pilot's flights are untouched.
    const other = await signedInClient(ctx);
    const [theirs] = await seedFlights(db(), other.user.id, [{ startTime: at('2024-05-01') }]);
    await pilot.client.put('/api/FlightDetail/visibility', { visibility: 'public' });
    expect((await other.client.get(`/api/FlightDetail/${theirs}`)).json().visibility).toBe('private');
  });

  it('keeps a default for new flights in the profile, applied when a flight is added', async () => {
    const pilot = await signedInClient(ctx);
    expect((await pilot.client.get('/api/profile/community')).json()).toEqual({ defaultVisibility: 'private', commentDigest: true, trackDownload: false });
    expect((await pilot.client.put('/api/profile/community', {})).statusCode).toBe(400);
    expect((await pilot.client.put('/api/profile/community', { defaultVisibility: 'open' })).statusCode).toBe(400);
    expect((await pilot.client.put('/api/profile/community', { defaultVisibility: 'public' })).json()).toEqual({ defaultVisibility: 'public', commentDigest: true, trackDownload: false });
    expect((await pilot.client.put('/api/profile/community', { commentDigest: false })).json()).toEqual({ defaultVisibility: 'public', commentDigest: false, trackDownload: false });
    const added = await pilot.client.post('/api/FlightDetail', { startTime: '2024-06-01T10:00:00Z', timeZone: 'Europe/Zurich', flightTime: 3600, site: { name: 'Niesen', latitude: 46.64, longitude: 7.65 } });
    expect(added.statusCode).toBe(201);
    expect(added.json().visibility).toBe('public');
    // A public flight always has a token.
    expect((await pilot.client.get(`/api/FlightDetail/${added.json().id}/share`)).json().share).not.toBeNull();
    // Another pilot's default stays private.
    const other = await signedInClient(ctx);
    expect((await other.client.post('/api/FlightDetail', { startTime: '2024-06-01T10:00:00Z', timeZone: 'Europe/Zurich', flightTime: 3600, site: { name: 'Niesen', latitude: 46.64, longitude: 7.65 } })).json().visibility).toBe('private');
  });
});
