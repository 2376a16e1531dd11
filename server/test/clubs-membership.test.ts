import { createHash } from 'node:crypto';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;
const STATES = ['private', 'link', 'public', 'removed', 'marked'] as const;
type State = (typeof STATES)[number];
const DAY = '2024-07-17'; // a Wednesday: its week runs from Monday 15 to Sunday 21
const LAUNCH = { takeoffLat: 46.6801, takeoffLon: 7.6502, takeoffLocation: 'Wimmis' };
const tokensOf = (list: { token: string }[]) => list.map((f) => f.token);
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

describeEachDatabase('clubs: membership and invitations', (kind) => {
  let ctx: TestContext;
  const db = () => ctx.services.database.db;
  const anon = () => new Client(ctx.app);
  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_URL: 'https://logbook.example' }, { workers: false });
  });
  afterAll(() => ctx.close());

  async function clubWithMember() {
    const [admin, member, outsider] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    const { slug } = (await admin.client.post('/api/clubs', { name: 'Flyers' })).json();
    const { token } = (await admin.client.post(`/api/clubs/${slug}/invite`)).json();
    expect((await member.client.post('/api/clubs/join', { token })).json()).toEqual({ slug, name: 'Flyers' });
    return { admin, member, outsider, slug: slug as string };
  }
  /** The members as a member sees them (a visitor sees only those with a public page: the privacy matrix below). */
  const members = async (slug: string, client?: Client) => {
    if (client) return (await client.get(`/api/clubs/${slug}`)).json().members as { pilot: { displayName: string; username: string | null }; role: string; you: boolean }[];
    const club = (await ctx.services.database.db.selectFrom('clubs').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    return ctx.services.database.db.selectFrom('clubMembers').select('role').where('clubId', '=', club).orderBy('role').orderBy('joinedAt').execute();
  };

  it('creates a club with a readable address, its creator as admin; bad names change nothing', async () => {
    const pilot = await signedInClient(ctx);
    const created = await pilot.client.post('/api/clubs', { name: '  Club de Vol Libre Évolène  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ slug: 'club-de-vol-libre-evolene', name: 'Club de Vol Libre Évolène' });
    expect((await pilot.client.post('/api/clubs', { name: 'Club de vol libre Evolene' })).json().slug).toBe('club-de-vol-libre-evolene-2');
    expect((await pilot.client.post('/api/clubs', { name: '!!!' })).json().slug).toBe('club');
    const mine = (await pilot.client.get('/api/clubs')).json();
    expect(mine.clubs).toEqual(expect.arrayContaining([{ slug: 'club-de-vol-libre-evolene', name: 'Club de Vol Libre Évolène', role: 'admin', memberCount: 1 }]));

    const before = await db().selectFrom('clubs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const body of [{}, { name: '' }, { name: ' a ' }, { name: 'x'.repeat(81) }, { name: 42 }, { name: 'Fine', places: ['NoSuchPlaceXXXXX'] }, { name: 'Fine', places: 'all' }]) {
      const res = await pilot.client.post('/api/clubs', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await db().selectFrom('clubs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toEqual(before.n);
    expect((await anon().post('/api/clubs', { name: 'Anonymous club' })).statusCode).toBe(401);
  });

  it('hands out invite links only to admins, stores them hashed, and a renewed link voids the old one', async () => {
    const { admin, member, outsider, slug } = await clubWithMember();
    expect((await member.client.post(`/api/clubs/${slug}/invite`)).statusCode).toBe(403);
    expect((await outsider.client.post(`/api/clubs/${slug}/invite`)).statusCode).toBe(403);
    expect((await anon().post(`/api/clubs/${slug}/invite`)).statusCode).toBe(401);
    expect((await admin.client.post('/api/clubs/no-such-club/invite')).statusCode).toBe(404);

    const first = (await admin.client.post(`/api/clubs/${slug}/invite`)).json();
    expect(first.url).toBe(`https://logbook.example/clubs/join/${first.token}`);
    const stored = await db().selectFrom('clubs').select('inviteHash').where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(stored.inviteHash).toBe(sha256(first.token));
    expect(JSON.stringify(await db().selectFrom('clubs').selectAll().execute())).not.toContain(first.token);

    const second = (await admin.client.post(`/api/clubs/${slug}/invite`)).json();
    const old = await outsider.client.post('/api/clubs/join', { token: first.token });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: 'This invite link is not valid: ask a club admin for a new one.' });
    expect((await outsider.client.post('/api/clubs/join', { token: second.token })).statusCode).toBe(200);
    // Joining again changes nothing.
    expect((await outsider.client.post('/api/clubs/join', { token: second.token })).statusCode).toBe(200);
    expect(await members(slug)).toHaveLength(3);

    for (const body of [{}, { token: 'short' }, { token: 7 }]) expect((await outsider.client.post('/api/clubs/join', body)).statusCode).toBe(400);
    expect((await anon().post('/api/clubs/join', { token: second.token })).statusCode).toBe(401);
  });

  it('names the club of an invite link before joining, and reading it joins nobody', async () => {
    const { admin, outsider, slug } = await clubWithMember();
    const first = (await admin.client.post(`/api/clubs/${slug}/invite`)).json();
    const named = await outsider.client.get(`/api/clubs/join/${first.token}`);
    expect(named.json()).toEqual({ slug, name: 'Flyers' });
    expect(await members(slug)).toHaveLength(2);
    expect((await anon().get(`/api/clubs/join/${first.token}`)).statusCode).toBe(401);
    expect((await outsider.client.get('/api/clubs/join/short')).statusCode).toBe(400);
    await admin.client.post(`/api/clubs/${slug}/invite`);
    const old = await outsider.client.get(`/api/clubs/join/${first.token}`);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: 'This invite link is not valid: ask a club admin for a new one.' });
  });

  it('lets a pilot belong to several clubs', async () => {
    const { member, slug } = await clubWithMember();
    const other = await signedInClient(ctx);
    const { slug: second } = (await other.client.post('/api/clubs', { name: 'Second Club' })).json();
    const { token } = (await other.client.post(`/api/clubs/${second}/invite`)).json();
    await member.client.post('/api/clubs/join', { token });
    const mine = (await member.client.get('/api/clubs')).json().clubs;
    expect(mine.map((c: { slug: string }) => c.slug).sort()).toEqual([slug, second].sort());
    expect(mine.every((c: { role: string; memberCount: number }) => c.role === 'member' && c.memberCount === 2)).toBe(true);
  });

  it('admins remove members; members leave; a club always keeps an admin; the role is handed over', async () => {
    const { admin, member, outsider, slug } = await clubWithMember();
    const third = await signedInClient(ctx);
    await third.client.post('/api/clubs/join', { token: (await admin.client.post(`/api/clubs/${slug}/invite`)).json().token });

    // Only admins remove others, only members are removed.
    expect((await member.client.delete(`/api/clubs/${slug}/members/${third.user.username}`)).statusCode).toBe(403);
    expect((await outsider.client.delete(`/api/clubs/${slug}/members/${member.user.username}`)).statusCode).toBe(403);
    expect((await admin.client.delete(`/api/clubs/${slug}/members/${outsider.user.username}`)).statusCode).toBe(404);
    expect((await member.client.put(`/api/clubs/${slug}/admins/${member.user.username}`)).statusCode).toBe(403);
    // The only admin can neither leave nor step down.
    const leave = await admin.client.delete(`/api/clubs/${slug}/members/${admin.user.username}`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toEqual({ message: 'A club always keeps an admin: make another member admin first.' });
    expect((await admin.client.delete(`/api/clubs/${slug}/admins/${admin.user.username}`)).statusCode).toBe(409);

    expect((await admin.client.delete(`/api/clubs/${slug}/members/${third.user.username}`)).statusCode).toBe(204);
    expect((await members(slug)).map((m) => m.role)).toEqual(['admin', 'member']);

    // Hand over: make the member admin, then step down.
    expect((await admin.client.put(`/api/clubs/${slug}/admins/${member.user.username}`)).statusCode).toBe(204);
    expect((await admin.client.delete(`/api/clubs/${slug}/admins/${admin.user.username}`)).statusCode).toBe(204);
    const roles = (await member.client.get(`/api/clubs/${slug}`)).json().members as { pilot: { username: string | null }; role: string }[];
    expect(roles.map((m) => [m.pilot.username, m.role])).toEqual([
      [member.user.username, 'admin'],
      [admin.user.username, 'member'],
    ]);
    expect((await admin.client.post(`/api/clubs/${slug}/invite`)).statusCode).toBe(403);
    // The former admin leaves by themselves; the new one cannot.
    expect((await member.client.delete(`/api/clubs/${slug}/members/${member.user.username}`)).statusCode).toBe(409);
    expect((await admin.client.delete(`/api/clubs/${slug}/members/${admin.user.username}`)).statusCode).toBe(204);
    expect(await members(slug)).toHaveLength(1);
    expect((await admin.client.get('/api/clubs')).json().clubs.map((c: { slug: string }) => c.slug)).not.toContain(slug);
  });

  it('lets only one of two admins stepping down at the same moment go', async () => {
    const { admin, member, slug } = await clubWithMember();
    await admin.client.put(`/api/clubs/${slug}/admins/${member.user.username}`);
    const answers = await Promise.all([
      admin.client.delete(`/api/clubs/${slug}/admins/${admin.user.username}`),
      member.client.delete(`/api/clubs/${slug}/admins/${member.user.username}`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    expect((await members(slug)).filter((m) => m.role === 'admin')).toHaveLength(1);
  });

  it('admins set the home places; only places with public flights', async () => {
    const { admin, member, slug } = await clubWithMember();
    const [id] = await seedFlights(db(), member.user.id, [{ startTime: '2024-07-01T10:00:00.000Z', ...LAUNCH }]);
    await member.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
    const token = (await member.client.get(`/api/FlightDetail/${id}/share`)).json().share.token;
    const place = (await anon().get(`/api/public/flights/${token}`)).json().place;
    expect((await member.client.put(`/api/clubs/${slug}/places`, { places: [place.id] })).statusCode).toBe(403);
    expect((await admin.client.put(`/api/clubs/${slug}/places`, { places: ['NoSuchPlaceXXXXX'] })).statusCode).toBe(400);
    expect((await admin.client.put(`/api/clubs/${slug}/places`, { places: Array.from({ length: 11 }, () => place.id) })).statusCode).toBe(400);
    expect((await anon().get(`/api/clubs/${slug}`)).json().places).toEqual([]);
    expect((await admin.client.put(`/api/clubs/${slug}/places`, { places: [place.id] })).statusCode).toBe(204);
    expect((await anon().get(`/api/clubs/${slug}`)).json().places).toEqual([{ id: place.id, name: 'Wimmis' }]);
  });

  it('admins edit the home places from the places with public flights: add, remove; others may not', async () => {
    const { admin, member, outsider, slug } = await clubWithMember();
    const [id] = await seedFlights(db(), member.user.id, [{ startTime: '2024-07-02T10:00:00.000Z', ...LAUNCH }]);
    await member.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
    const token = (await member.client.get(`/api/FlightDetail/${id}/share`)).json().share.token;
    const place = (await anon().get(`/api/public/flights/${token}`)).json().place;
    // The picker's list: the place, named, with its public flights counted (of the season, and of all time).
    const listed = (await anon().get('/api/rankings/places?season=2024')).json().places as { id: string; name: string; flights: number }[];
    expect(listed).toContainEqual({ id: place.id, name: 'Wimmis', flights: expect.any(Number) });
    expect((await anon().get('/api/rankings/places')).json().places.map((p: { id: string }) => p.id)).toContain(place.id);
    expect((await anon().get('/api/rankings/places?season=1990')).json()).toEqual({ places: [] });
    expect((await anon().get('/api/rankings/places?season=abc')).statusCode).toBe(400);

    expect((await admin.client.put(`/api/clubs/${slug}/places`, { places: [place.id] })).statusCode).toBe(204);
    expect((await anon().get(`/api/clubs/${slug}`)).json().places).toEqual([{ id: place.id, name: 'Wimmis' }]);
    for (const [client, status] of [
      [member.client, 403],
      [outsider.client, 403],
      [anon(), 401],
    ] as const) {
      expect((await client.put(`/api/clubs/${slug}/places`, { places: [] })).statusCode).toBe(status);
    }
    expect((await anon().get(`/api/clubs/${slug}`)).json().places).toEqual([{ id: place.id, name: 'Wimmis' }]);
    expect((await admin.client.put(`/api/clubs/${slug}/places`, { places: [] })).statusCode).toBe(204);
    expect((await anon().get(`/api/clubs/${slug}`)).json().places).toEqual([]);
  });

  it('deletes a club for its admins only: members lose the membership, its page and ranking answer 404', async () => {
    const { admin, member, outsider, slug } = await clubWithMember();
    const other = (await member.client.post('/api/clubs', { name: 'Member’s own club' })).json().slug as string;
    for (const [client, status] of [
      [member.client, 403],
      [outsider.client, 403],
      [anon(), 401],
    ] as const) {
      expect((await client.delete(`/api/clubs/${slug}`)).statusCode).toBe(status);
    }
    expect((await anon().get(`/api/clubs/${slug}`)).statusCode).toBe(200);
    expect((await admin.client.delete('/api/clubs/no-such-club')).statusCode).toBe(404);

    expect((await admin.client.delete(`/api/clubs/${slug}`)).statusCode).toBe(204);
    expect((await anon().get(`/api/clubs/${slug}`)).json()).toEqual({ message: 'This club does not exist.' });
    expect((await anon().get(`/api/rankings?club=${slug}`)).statusCode).toBe(404);
    expect((await admin.client.get('/api/clubs')).json().clubs.map((c: { slug: string }) => c.slug)).not.toContain(slug);
    expect((await member.client.get('/api/clubs')).json().clubs.map((c: { slug: string }) => c.slug)).toEqual([other]);
    const clubId = await db().selectFrom('clubs').select('id').where('slug', '=', slug).executeTakeFirst();
    expect(clubId).toBeUndefined();
    const leftover = await db().selectFrom('clubMembers').innerJoin('users', 'users.id', 'clubMembers.userId').select('clubMembers.clubId').where('users.id', 'in', [admin.user.id]).execute();
    expect(leftover).toEqual([]);
    // The member's other club is untouched, and deleting twice is as unknown as never existing.
    expect((await anon().get(`/api/clubs/${other}`)).statusCode).toBe(200);
    expect((await admin.client.delete(`/api/clubs/${slug}`)).statusCode).toBe(404);
  });

  it('answers an unknown club with 404 and a bad address or date with 400', async () => {
    const unknown = await anon().get('/api/clubs/no-such-club');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'This club does not exist.' });
    expect((await anon().get('/api/clubs/Not%20a%20slug')).statusCode).toBe(400);
    const { slug } = await clubWithMember();
    expect((await anon().get(`/api/clubs/${slug}?date=17.07.2024`)).statusCode).toBe(400);
  });
});

/**
 * The club page is public: every member's flight in each state, seen by the owner, another member, a
 * pilot outside the club and an anonymous visitor. Only public flights appear (today, this week, the
 * ranking); names without emails or row ids; usernames of unpublished pages only to fellow members.
 */
describeEachDatabase('club page privacy matrix', (kind) => {
  let ctx: TestContext;
  let owner: Pilot;
  let fellow: Pilot;
  let outsider: Pilot;
  let slug: string;
  let placeId: string;
  let outsiderToken: string;
  const flights = {} as Record<State, { id: number; token: string }>;

  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
    const db = ctx.services.database.db;
    [owner, fellow, outsider] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    await db.updateTable('users').set({ displayName: 'Anna Owner' }).where('id', '=', owner.user.id).execute();
    await db.updateTable('users').set({ displayName: 'Fiona Fellow', publicPage: 1 }).where('id', '=', fellow.user.id).execute();

    const [o] = await seedFlights(db, outsider.user.id, [{ startTime: `${DAY}T09:00:00.000Z`, ...LAUNCH, xcPoints: 80 }]);
    await outsider.client.request('PATCH', `/api/FlightDetail/${o}`, { visibility: 'public' });
    outsiderToken = (await outsider.client.get(`/api/FlightDetail/${o}/share`)).json().share.token;
    placeId = (await new Client(ctx.app).get(`/api/public/flights/${outsiderToken}`)).json().place.id;

    ({ slug } = (await owner.client.post('/api/clubs', { name: 'Matrix Club', places: [placeId] })).json());
    await fellow.client.post('/api/clubs/join', { token: (await owner.client.post(`/api/clubs/${slug}/invite`)).json().token });
    const [f] = await seedFlights(db, fellow.user.id, [{ startTime: '2024-07-15T09:00:00.000Z', ...LAUNCH, xcPoints: 5 }]);
    await fellow.client.request('PATCH', `/api/FlightDetail/${f}`, { visibility: 'public' });

    const ids = await seedFlights(db, owner.user.id, STATES.map((_, i) => ({ startTime: `${DAY}T1${i}:00:00.000Z`, ...LAUNCH, xcPoints: 10 + i })));
    for (const [i, state] of STATES.entries()) {
      const id = ids[i]!;
      await owner.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
      const token = (await owner.client.get(`/api/FlightDetail/${id}/share`)).json().share.token as string;
      if (state === 'private' || state === 'link') await owner.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: state });
      if (state === 'removed') await owner.client.put(`/api/FlightDetail/${id}/removaldate`, { removalDate: '2024-07-18T00:00:00Z' });
      if (state === 'marked') await owner.client.put(`/api/FlightDetail/${id}/removalreason`, { removalReason: 2 });
      flights[state] = { id, token };
    }
  });
  afterAll(() => ctx.close());

  const viewers = () => ({ owner: owner.client, fellow: fellow.client, outsider: outsider.client, anonymous: new Client(ctx.app) });

  describe.each(STATES)('a member’s %s flight', (state) => {
    it.each(['owner', 'fellow', 'outsider', 'anonymous'] as const)('as seen by the %s', async (who) => {
      const client = viewers()[who];
      const token = flights[state].token;
      const page = (await client.get(`/api/clubs/${slug}?date=${DAY}`)).json();
      const inToday = tokensOf(page.today).includes(token);
      const inWeek = tokensOf(page.week).includes(token);
      const inRanking = page.ranking.flatMap((r: { flights: { token: string }[] }) => tokensOf(r.flights)).includes(token);
      expect({ inToday, inWeek, inRanking }).toEqual({ inToday: state === 'public', inWeek: state === 'public', inRanking: state === 'public' });
      const ranking = (await client.get(`/api/rankings?season=2024&club=${slug}`)).json();
      expect(ranking.flatMap((r: { flights: { token: string }[] }) => tokensOf(r.flights)).includes(token)).toBe(state === 'public');
    });
  });

  it.each(['owner', 'fellow', 'outsider', 'anonymous'] as const)('shows the %s only members’ public flights, names without emails or ids', async (who) => {
    const res = await viewers()[who].get(`/api/clubs/${slug}?date=${DAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json();
    expect(page).toMatchObject({ slug, name: 'Matrix Club', date: DAY, weekStart: '2024-07-15', season: 2024, places: [{ id: placeId, name: 'Wimmis' }] });
    expect(page.yourRole).toBe({ owner: 'admin', fellow: 'member', outsider: null, anonymous: null }[who]);
    // The outsider's public flight at the same place, the same day, is not the club's.
    expect(tokensOf(page.today)).toEqual([flights.public.token]);
    expect(page.week).toHaveLength(2);
    expect(page.ranking.map((r: { pilot: { displayName: string } }) => r.pilot.displayName)).toEqual(['Anna Owner', 'Fiona Fellow']);
    const member = (name: string) => page.members.find((m: { pilot: { displayName: string } }) => m.pilot.displayName === name);
    const isMember = who === 'owner' || who === 'fellow';
    // Anna's page is not published: her username only for fellow members.
    // Anna's page is not published: listed only to fellow members; others see her in the count (docs/rankings-and-clubs.md).
    if (isMember) expect(member('Anna Owner').pilot.username).toBe(owner.user.username);
    else expect(res.json().members.some((m: { pilot: { displayName: string } }) => m.pilot.displayName === 'Anna Owner')).toBe(false);
    expect(res.json().otherMembers).toBe(isMember ? 0 : 1);
    expect(member('Fiona Fellow').pilot.username).toBe(fellow.user.username);
    for (const p of [owner, fellow, outsider]) expect(res.body).not.toContain(p.user.email);
    if (!isMember) expect(res.body).not.toContain(owner.user.username);
    expect(res.body).not.toMatch(/"(id|userId|flightId|inviteHash)":\s*\d/);
    expect(res.body).not.toMatch(/invite/i);
  });

  it('leaves out a home place once it has no public flights, and a member who left', async () => {
    const db = ctx.services.database.db;
    await db.updateTable('flights').set({ visibility: 'private' }).where('userId', '!=', -1).execute();
    const page = (await new Client(ctx.app).get(`/api/clubs/${slug}?date=${DAY}`)).json();
    expect(page.places).toEqual([]);
    expect(page.today).toEqual([]);
    expect(page.ranking).toEqual([]);
    await fellow.client.delete(`/api/clubs/${slug}/members/${fellow.user.username}`);
    // Anna alone is left; her page is not published, so a visitor sees her only in the count.
    const left = (await new Client(ctx.app).get(`/api/clubs/${slug}`)).json();
    expect([left.members.length, left.otherMembers]).toEqual([0, 1]);
  });
});
