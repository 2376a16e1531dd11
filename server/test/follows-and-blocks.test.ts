import { sendCommentDigests } from '../src/comments';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;
const FOLLOW_GONE = { message: 'This pilot does not exist or does not accept followers.' };
const COMMENT_GONE = { message: 'This comment does not exist.' };

/**
 * Blocking that blocks (docs/community.md, "Blocking"): the blocked pilot's comments and likes on the
 * blocker's flights disappear at once for everyone (lists, counts, the feed, the badge, the digest),
 * he is told the truth when he tries again, follows end both ways and an unblock does not bring them back.
 */
describeEachDatabase('blocking hides comments and likes', (kind) => {
  let ctx: TestContext;
  let anna: Pilot;
  let troll: Pilot;
  let fan: Pilot;
  let other: Pilot;
  let token: string;
  let otherToken: string;
  let trollComment: string;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_URL: 'https://logbook.example' }, { workers: false });
    const db = ctx.services.database.db;
    [anna, troll, fan, other] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    await db.updateTable('users').set({ publicPage: 1, acceptsFollowers: 1, commentDigest: 1 }).where('id', 'in', [anna.user.id, troll.user.id, other.user.id]).execute();
    const [id] = await seedFlights(db, anna.user.id, [{ startTime: '2024-07-01T10:00:00.000Z' }]);
    await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
    token = (await anna.client.get(`/api/FlightDetail/${id}/share`)).json().share.token;
    // Someone else's flight: the troll's comment there is not anna's to hide.
    const [oid] = await seedFlights(db, other.user.id, [{ startTime: '2024-07-02T10:00:00.000Z' }]);
    await other.client.request('PATCH', `/api/FlightDetail/${oid}`, { visibility: 'public' });
    otherToken = (await other.client.get(`/api/FlightDetail/${oid}/share`)).json().share.token;

    for (const p of [troll, fan]) await p.client.put(`/api/pilots/${anna.user.username}/follow`);
    await anna.client.put(`/api/pilots/${troll.user.username}/follow`);
    trollComment = (await troll.client.post(`/api/public/flights/${token}/comments`, { body: 'rude words' })).json().id;
    await troll.client.put(`/api/public/flights/${token}/like`);
    await fan.client.post(`/api/public/flights/${token}/comments`, { body: 'Great climb' });
    await fan.client.put(`/api/public/flights/${token}/like`);
    await troll.client.post(`/api/public/flights/${otherToken}/comments`, { body: 'hello other' });
  });
  afterAll(() => ctx.close());

  /** What each reader sees of anna's flight: comment bodies, likers' count, the page's and the feed's counts. */
  async function seen(who: Client) {
    const comments = (await who.get(`/api/public/flights/${token}/comments`)).json();
    const likes = (await who.get(`/api/public/flights/${token}/likes`)).json();
    const page = (await who.get(`/api/public/flights/${token}`)).json();
    return { bodies: comments.comments.map((c: { body: string }) => c.body), likes: likes.count, pageCounts: [page.likeCount, page.commentCount] };
  }
  const feedCounts = async () => {
    const item = (await fan.client.get('/api/feed')).json().flights.find((f: { token: string }) => f.token === token);
    return [item.likeCount, item.commentCount];
  };
  const readers = () => [anna.client, fan.client, other.client, troll.client, new Client(ctx.app)];

  it('shows both before the block', async () => {
    for (const who of readers()) expect(await seen(who)).toEqual({ bodies: ['rude words', 'Great climb'], likes: 2, pageCounts: [2, 2] });
    expect(await feedCounts()).toEqual([2, 2]);
    expect((await anna.client.get('/api/profile/community/new-comments')).json().count).toBe(2);
  });

  it('hides them at once for everyone, ends follows both ways, and tells the blocked pilot the truth', async () => {
    expect((await anna.client.put(`/api/pilots/${troll.user.username}/block`)).json()).toEqual({ blocked: true });

    for (const who of readers()) expect(await seen(who)).toEqual({ bodies: ['Great climb'], likes: 1, pageCounts: [1, 1] });
    expect(await feedCounts()).toEqual([1, 1]);
    expect((await anna.client.get('/api/profile/community/new-comments')).json().count).toBe(1);
    // The daily digest counts the fan's comment only.
    await ctx.services.database.db.updateTable('users').set({ commentsSeenAt: null, digestSentAt: null }).where('id', '=', anna.user.id).execute();
    const sent: { to: string; text: string }[] = [];
    await sendCommentDigests({ database: ctx.services.database, config: ctx.services.config, mailer: { send: async (m: { to: string; text: string }) => void sent.push(m) } as never });
    expect(sent.find((m) => m.to === anna.user.email)?.text).toContain('1 new comment\n');

    // Follows are gone both ways.
    expect((await new Client(ctx.app).get(`/api/public/pilots/${anna.user.username}`)).json()).toMatchObject({ followers: 1, following: 0 });
    expect((await anna.client.get(`/api/pilots/${troll.user.username}/follow`)).json()).toMatchObject({ following: false, blocked: true });

    // The blocked pilot: the flight is there, his box is replaced by the truth.
    const his = (await troll.client.get(`/api/public/flights/${token}/comments`)).json();
    expect(his.blockedByPilot).toBe(true);
    expect((await fan.client.get(`/api/public/flights/${token}/comments`)).json().blockedByPilot).toBe(false);
    const again = await troll.client.post(`/api/public/flights/${token}/comments`, { body: 'again' });
    expect([again.statusCode, again.json().message]).toEqual([403, "You can't comment on this pilot's flights."]);
    const like = await troll.client.put(`/api/public/flights/${token}/like`);
    expect([like.statusCode, like.json().message]).toEqual([403, "You can't like this pilot's flights."]);
    // His hidden comment cannot be edited or reported; it can still be deleted by anna.
    expect((await troll.client.put(`/api/comments/${trollComment}`, { body: 'edited' })).json()).toEqual(COMMENT_GONE);
    expect((await fan.client.post(`/api/comments/${trollComment}/report`, { reason: 'rude' })).json()).toEqual(COMMENT_GONE);
    // His comment on someone else's flight stays.
    expect((await new Client(ctx.app).get(`/api/public/flights/${otherToken}/comments`)).json().comments.map((c: { body: string }) => c.body)).toEqual(['hello other']);
    // He cannot follow her again; she cannot follow him while she blocks him.
    expect((await troll.client.put(`/api/pilots/${anna.user.username}/follow`)).json()).toEqual(FOLLOW_GONE);
    expect((await anna.client.put(`/api/pilots/${troll.user.username}/follow`)).statusCode).toBe(400);
  });

  it('shows them again after an unblock, without bringing the follows back', async () => {
    expect((await anna.client.delete(`/api/pilots/${troll.user.username}/block`)).json()).toEqual({ blocked: false });
    for (const who of readers()) expect(await seen(who)).toEqual({ bodies: ['rude words', 'Great climb'], likes: 2, pageCounts: [2, 2] });
    expect((await new Client(ctx.app).get(`/api/public/pilots/${anna.user.username}`)).json()).toMatchObject({ followers: 1, following: 0 });
    expect((await troll.client.get(`/api/public/flights/${token}/comments`)).json().blockedByPilot).toBe(false);
  });

  it('answers 404 and changes nothing for someone else\'s follower, an unknown pilot, or yourself', async () => {
    // fan follows anna; troll removing fan as "his" follower finds nothing.
    const removed = await troll.client.delete(`/api/followers/${fan.user.username}`);
    expect([removed.statusCode, removed.json()]).toEqual([404, { message: 'This pilot does not follow you.' }]);
    expect((await fan.client.get(`/api/pilots/${anna.user.username}/follow`)).json().following).toBe(true);
    expect((await anna.client.put('/api/pilots/nobody-at-all/block')).statusCode).toBe(404);
    expect((await anna.client.put(`/api/pilots/${anna.user.username}/block`)).statusCode).toBe(400);
    expect((await new Client(ctx.app).put(`/api/pilots/${troll.user.username}/block`)).statusCode).toBe(401);
    // A username longer than any is refused before a query (Fastify: 414 for an over-long parameter).
    expect((await anna.client.put(`/api/pilots/${'x'.repeat(101)}/block`)).statusCode).toBe(414);
  });
});

/** Finding and following (docs/community.md, "Finding pilots", "Following"). */
describeEachDatabase('finding and following pilots', (kind) => {
  let ctx: TestContext;
  let zoe: Pilot;
  let zora: Pilot;
  let quiet: Pilot;
  let me: Pilot;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_RATE_LIMIT_PER_IP: '25', PUBLIC_RATE_LIMIT_WINDOW_SECONDS: '600' }, { workers: false });
    [zoe, zora, quiet, me] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    const db = ctx.services.database.db;
    await db.updateTable('users').set({ displayName: 'Zoë Müller' }).where('id', '=', zoe.user.id).execute();
    await db.updateTable('users').set({ displayName: 'Zora 100%_Lift' }).where('id', '=', zora.user.id).execute();
    await db.updateTable('users').set({ displayName: 'Zoe Quiet' }).where('id', '=', quiet.user.id).execute();
  });
  afterAll(() => ctx.close());

  it('keeps both settings off by default, changes them one at a time, and refuses bad input', async () => {
    expect((await me.client.get('/api/profile/follow-settings')).json()).toEqual({ findableByName: false, acceptsFollowers: false });
    expect((await me.client.put('/api/profile/follow-settings', { acceptsFollowers: true })).json()).toEqual({ findableByName: false, acceptsFollowers: true });
    for (const body of [{}, { findableByName: 'yes' }, { acceptsFollowers: 1 }]) {
      const res = await me.client.put('/api/profile/follow-settings', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await me.client.get('/api/profile/follow-settings')).json()).toEqual({ findableByName: false, acceptsFollowers: true });
    expect((await new Client(ctx.app).get('/api/profile/follow-settings')).statusCode).toBe(401);
    expect((await new Client(ctx.app).put('/api/profile/follow-settings', { acceptsFollowers: true })).statusCode).toBe(401);
    for (const p of [zoe, zora]) await p.client.put('/api/profile/follow-settings', { findableByName: true });
    await zoe.client.put('/api/profile/follow-settings', { acceptsFollowers: true });
  });

  it('finds pilots who allow it by name, accents and case folded, with no email or internal id', async () => {
    const anon = new Client(ctx.app);
    const found = (await anon.get('/api/public/pilots?q=zoe')).json();
    expect(found).toEqual({ pilots: [{ name: 'Zoë Müller', username: zoe.user.username, publicPage: false, acceptsFollowers: true, following: false }] });
    expect((await anon.get('/api/public/pilots?q=MULLER%20zo')).json().pilots).toHaveLength(1);
    // Both words must match; the quiet Zoe never shows.
    expect((await anon.get('/api/public/pilots?q=zoe%20quiet')).json().pilots).toEqual([]);
    // "%" and "_" are letters, not patterns.
    expect((await anon.get('/api/public/pilots?q=100%25_')).json().pilots.map((p: { username: string }) => p.username)).toEqual([zora.user.username]);
    expect((await anon.get('/api/public/pilots?q=%25%25')).json().pilots).toEqual([]);
    const body = (await anon.get('/api/public/pilots?q=zo')).body;
    for (const secret of [zoe.user.email, zora.user.email, quiet.user.email, '"id"', '"userId"']) expect(body).not.toContain(secret);
    for (const q of ['', 'z', 'x'.repeat(61)]) expect((await anon.get(`/api/public/pilots?q=${q}`)).statusCode).toBe(400);
    expect((await anon.get('/api/public/pilots')).statusCode).toBe(400);
  });

  it('follows a pilot without a public page who accepts followers; not one who does not', async () => {
    const state = (await me.client.put(`/api/pilots/${zoe.user.username}/follow`)).json();
    expect(state).toEqual({ following: true, blocked: false, acceptsFollowers: true, followers: 1, followingCount: 0 });
    expect((await me.client.get('/api/public/pilots?q=zoe')).json().pilots[0].following).toBe(true);
    const refused = await me.client.put(`/api/pilots/${zora.user.username}/follow`);
    const unknown = await me.client.put('/api/pilots/nobody-at-all/follow');
    expect([refused.statusCode, refused.body]).toEqual([404, unknown.body]);
    expect(refused.json()).toEqual(FOLLOW_GONE);
    expect((await zora.client.get('/api/profile/followers')).json()).toEqual({ followers: [] });
  });

  it('lists followers with follow back, and a follower who blocked you is not found', async () => {
    const list = (await zoe.client.get('/api/profile/followers')).json();
    expect(list.followers).toEqual([{ name: me.user.username, username: me.user.username, publicPage: false, acceptsFollowers: true, following: false, since: expect.any(String) }]);
    expect(JSON.stringify(list)).not.toContain(me.user.email);
    // Follow back from the list.
    expect((await zoe.client.put(`/api/pilots/${me.user.username}/follow`)).json()).toMatchObject({ following: true });
    expect((await zoe.client.get('/api/profile/followers')).json().followers[0].following).toBe(true);
    expect((await new Client(ctx.app).get('/api/profile/followers')).statusCode).toBe(401);
    // Zoë blocks me: I no longer find her, and both follows ended.
    await zoe.client.put('/api/profile/follow-settings', { findableByName: true });
    await zoe.client.put(`/api/pilots/${me.user.username}/block`);
    expect((await me.client.get('/api/public/pilots?q=zoe')).json().pilots).toEqual([]);
    expect((await new Client(ctx.app).get('/api/public/pilots?q=zoe')).json().pilots).toHaveLength(1);
    expect((await zoe.client.get('/api/profile/followers')).json().followers).toEqual([]);
    expect((await me.client.get('/api/profile/followers')).json().followers).toEqual([]);
  });

  it('counts the search in the public read budget of the address', async () => {
    const anon = new Client(ctx.app);
    let last = 0;
    for (let i = 0; i < 30 && last !== 429; i++) last = (await anon.get('/api/public/pilots?q=zo')).statusCode;
    expect(last).toBe(429);
  });
});
