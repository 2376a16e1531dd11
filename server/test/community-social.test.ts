import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;
const tokensOf = (list: { token: string }[]) => list.map((f) => f.token);
const FOLLOW_GONE = { message: 'This pilot does not exist or does not accept followers.' };
const SHARE_GONE = { message: 'This shared flight does not exist or is no longer shared.' };

describeEachDatabase('following, the feed and blocking', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;
  /** The pilot publishes the page and accepts followers (two settings of the profile). */
  const publish = (p: Pilot) => db().updateTable('users').set({ publicPage: 1, acceptsFollowers: 1 }).where('id', '=', p.user.id).execute();

  /** Public flights of the pilot, one a day from this date; their tokens, oldest first. */
  async function publicFlights(p: Pilot, firstDay: string, n: number, hour = 10) {
    const ids = await seedFlights(db(), p.user.id, Array.from({ length: n }, (_, i) => ({ startTime: new Date(Date.parse(`${firstDay}T${hour}:00:00Z`) + i * 86_400_000).toISOString() })));
    await p.client.put('/api/FlightDetail/visibility', { visibility: 'public' });
    const tokens: string[] = [];
    for (const id of ids) tokens.push((await p.client.get(`/api/FlightDetail/${id}/share`)).json().share.token);
    return tokens;
  }

  it('follows a pilot who accepts followers only, counts on the pilot page, unfollows, and removes a follower', async () => {
    const [anna, ben, carl] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    // Neither published nor accepting followers: the same 404 as an unknown pilot.
    const hidden = await ben.client.put(`/api/pilots/${anna.user.username}/follow`);
    expect([hidden.statusCode, hidden.json()]).toEqual([404, FOLLOW_GONE]);
    expect((await ben.client.put('/api/pilots/nobody-here/follow')).body).toBe(hidden.body);
    await publish(anna);
    await publish(ben);
    expect((await ben.client.put(`/api/pilots/${anna.user.username}/follow`)).json()).toEqual({ following: true, blocked: false, acceptsFollowers: true, followers: 1, followingCount: 0 });
    // Twice is still once.
    expect((await ben.client.put(`/api/pilots/${anna.user.username.toUpperCase()}/follow`)).json().followers).toBe(1);
    await carl.client.put(`/api/pilots/${anna.user.username}/follow`);
    await anna.client.put(`/api/pilots/${ben.user.username}/follow`);
    expect((await anna.client.put(`/api/pilots/${anna.user.username}/follow`)).statusCode).toBe(400);
    expect((await new Client(ctx.app).get(`/api/public/pilots/${anna.user.username}`)).json()).toMatchObject({ followers: 2, following: 1 });
    expect((await carl.client.get(`/api/pilots/${anna.user.username}/follow`)).json()).toMatchObject({ following: true, followers: 2 });

    expect((await carl.client.delete(`/api/pilots/${anna.user.username}/follow`)).json()).toMatchObject({ following: false, followers: 1 });
    expect((await anna.client.delete(`/api/followers/${ben.user.username}`)).statusCode).toBe(204);
    expect((await anna.client.delete(`/api/followers/${ben.user.username}`)).statusCode).toBe(404);
    expect((await new Client(ctx.app).get(`/api/public/pilots/${anna.user.username}`)).json()).toMatchObject({ followers: 0, following: 1 });
    expect((await new Client(ctx.app).get('/api/feed')).statusCode).toBe(401);
  });

  it('feeds the public flights of followed pilots, newest first, paged, never your own', async () => {
    const [me, anna, ben, stranger] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    for (const p of [anna, ben, stranger, me]) await publish(p);
    const annas = await publicFlights(anna, '2024-06-01', 3);
    const bens = await publicFlights(ben, '2024-06-02', 2, 12);
    await publicFlights(stranger, '2024-06-03', 1);
    await publicFlights(me, '2024-06-04', 1);
    // A link flight of a followed pilot is not in the feed.
    const [linkOnly] = await seedFlights(db(), anna.user.id, [{ startTime: '2024-06-10T10:00:00.000Z' }]);
    await anna.client.post(`/api/FlightDetail/${linkOnly}/share`, {});
    for (const p of [anna, ben]) await me.client.put(`/api/pilots/${p.user.username}/follow`);
    await anna.client.put(`/api/pilots/${me.user.username}/follow`);

    const first = (await me.client.get('/api/feed?limit=3')).json();
    expect(tokensOf(first.flights)).toEqual([bens[1], annas[2], bens[0]]);
    expect(first.flights[1]).toMatchObject({ pilot: { username: anna.user.username }, likeCount: 0, commentCount: 0, place: null });
    const second = (await me.client.get(`/api/feed?limit=3&before=${encodeURIComponent(first.next)}`)).json();
    expect(tokensOf(second.flights)).toEqual([annas[1], annas[0]]);
    expect(second.next).toBeNull();
    expect((await me.client.get('/api/feed?limit=500')).statusCode).toBe(400);
    expect((await me.client.get('/api/feed?before=yesterday')).statusCode).toBe(400);
    expect((await me.client.get(`/api/feed?before=${encodeURIComponent(`${first.next}<script>`)}`)).statusCode).toBe(400);
  });

  it('pages the feed without skipping or repeating flights that took off in the same second', async () => {
    const [me, anna, ben] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    for (const p of [anna, ben]) await publish(p);
    // Five flights at 12:00:00 (a club's launch window), one before and one after.
    const annas = await publicFlights(anna, '2024-08-01', 1, 12);
    await seedFlights(db(), anna.user.id, [{ startTime: '2024-08-01T12:00:00.000Z' }, { startTime: '2024-08-01T12:00:00.000Z' }, { startTime: '2024-08-01T11:00:00.000Z' }]);
    await seedFlights(db(), ben.user.id, [{ startTime: '2024-08-01T12:00:00.000Z' }, { startTime: '2024-08-01T12:00:00.000Z' }, { startTime: '2024-08-01T13:00:00.000Z' }]);
    for (const p of [anna, ben]) await p.client.put('/api/FlightDetail/visibility', { visibility: 'public' });
    for (const p of [anna, ben]) await me.client.put(`/api/pilots/${p.user.username}/follow`);

    const all = tokensOf((await me.client.get('/api/feed?limit=50')).json().flights);
    expect(all).toHaveLength(7);
    expect(all).toContain(annas[0]);
    for (const limit of [1, 2, 3]) {
      const paged: string[] = [];
      let next: string | null = null;
      do {
        const page: { flights: { token: string }[]; next: string | null } = (await me.client.get(`/api/feed?limit=${limit}${next ? `&before=${encodeURIComponent(next)}` : ''}`)).json();
        paged.push(...tokensOf(page.flights));
        next = page.next;
      } while (next);
      expect(paged).toEqual(all);
    }
  });

  it('blocks a pilot: their follow ends, and their follows, comments and likes find nothing', async () => {
    const [anna, troll] = [await signedInClient(ctx), await signedInClient(ctx)];
    await publish(anna);
    const [token] = await publicFlights(anna, '2024-07-01', 1);
    await troll.client.put(`/api/pilots/${anna.user.username}/follow`);
    expect((await anna.client.put(`/api/pilots/${troll.user.username}/block`)).json()).toEqual({ blocked: true });
    expect((await new Client(ctx.app).get(`/api/public/pilots/${anna.user.username}`)).json().followers).toBe(0);
    const follow = await troll.client.put(`/api/pilots/${anna.user.username}/follow`);
    expect([follow.statusCode, follow.json()]).toEqual([404, FOLLOW_GONE]);
    // Told the truth: the flight exists, the pilot does not want their comments or likes.
    const comment = await troll.client.post(`/api/public/flights/${token}/comments`, { body: 'hi' });
    const like = await troll.client.put(`/api/public/flights/${token}/like`);
    expect([comment.statusCode, comment.json().message, like.statusCode, like.json().message]).toEqual([403, "You can't comment on this pilot's flights.", 403, "You can't like this pilot's flights."]);
    // A flight that is not public stays an unknown one for them too.
    expect((await troll.client.post('/api/public/flights/NoSuchTokenAtAllXXXXXXXXXXXXXXXX/comments', { body: 'hi' })).json()).toEqual(SHARE_GONE);
    expect((await new Client(ctx.app).get(`/api/public/flights/${token}/comments`)).json().comments).toEqual([]);
    // Unblocked, they may again.
    expect((await anna.client.delete(`/api/pilots/${troll.user.username}/block`)).json()).toEqual({ blocked: false });
    expect((await troll.client.post(`/api/public/flights/${token}/comments`, { body: 'hi' })).statusCode).toBe(201);
    // A commenter without a public page is blocked through their comment.
    const [id] = (await new Client(ctx.app).get(`/api/public/flights/${token}/comments`)).json().comments.map((c: { id: string }) => c.id);
    expect((await anna.client.put(`/api/comments/${id}/block-author`)).json()).toEqual({ blocked: true });
    expect((await troll.client.put(`/api/public/flights/${token}/like`)).statusCode).toBe(403);
  });
});

describeEachDatabase('comments, likes and moderation', (kind) => {
  let ctx: TestContext;
  let anna: Pilot;
  let ben: Pilot;
  let carl: Pilot;
  let admin: Pilot;
  let token: string;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
    [anna, ben, carl, admin] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx, { role: 'Admin' })];
    await ctx.services.database.db.updateTable('users').set({ displayName: 'Ben <b>Bold</b>' }).where('id', '=', ben.user.id).execute();
    const [id] = await seedFlights(ctx.services.database.db, anna.user.id, [{ startTime: '2024-07-01T10:00:00.000Z' }]);
    await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
    token = (await anna.client.get(`/api/FlightDetail/${id}/share`)).json().share.token;
  });
  afterAll(() => ctx.close());
  const comments = async (client = new Client(ctx.app)) => (await client.get(`/api/public/flights/${token}/comments`)).json().comments;

  it('stores plain text exactly as typed, up to 2,000 characters, and answers it as JSON text', async () => {
    const text = '<script>alert("x")</script> & <b>thermal</b>\n  second line ';
    const added = await ben.client.post(`/api/public/flights/${token}/comments`, { body: text });
    expect(added.statusCode).toBe(201);
    expect(added.headers['content-type']).toContain('application/json');
    expect(added.json()).toMatchObject({ id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/), body: text, author: { name: 'Ben <b>Bold</b>', username: null }, mine: true, canDelete: true, editedAt: null });
    const tooLong = await ben.client.post(`/api/public/flights/${token}/comments`, { body: 'x'.repeat(2001) });
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, 'body: A comment must be at most 2000 characters.']);
    expect((await ben.client.post(`/api/public/flights/${token}/comments`, { body: '   \n ' })).statusCode).toBe(400);
    expect((await ben.client.post(`/api/public/flights/${token}/comments`, { body: 'x'.repeat(2000) })).statusCode).toBe(201);
    const shown = await comments();
    expect(shown.map((c: { body: string }) => c.body)).toEqual([text, 'x'.repeat(2000)]);
    // A visitor may delete nothing; the page's flight counts them.
    expect(shown.every((c: { mine: boolean; canDelete: boolean }) => !c.mine && !c.canDelete)).toBe(true);
    expect((await new Client(ctx.app).get(`/api/public/flights/${token}`)).json().commentCount).toBe(2);
  });

  it('lets the author edit and delete their own, and the flight’s pilot delete any', async () => {
    const mine = (await carl.client.post(`/api/public/flights/${token}/comments`, { body: 'Carl was here' })).json();
    expect((await ben.client.put(`/api/comments/${mine.id}`, { body: 'hijacked' })).statusCode).toBe(404);
    expect((await ben.client.delete(`/api/comments/${mine.id}`)).statusCode).toBe(404);
    const edited = (await carl.client.put(`/api/comments/${mine.id}`, { body: 'Carl flew here' })).json();
    expect(edited).toMatchObject({ id: mine.id, body: 'Carl flew here', editedAt: expect.any(String), mine: true });
    expect((await comments(anna.client)).find((c: { id: string }) => c.id === mine.id)).toMatchObject({ mine: false, canDelete: true });
    expect((await anna.client.delete(`/api/comments/${mine.id}`)).statusCode).toBe(204);
    expect((await comments()).some((c: { id: string }) => c.id === mine.id)).toBe(false);
    const again = (await carl.client.post(`/api/public/flights/${token}/comments`, { body: 'once more' })).json();
    expect((await carl.client.delete(`/api/comments/${again.id}`)).statusCode).toBe(204);
  });

  it('likes and unlikes with a count and who liked', async () => {
    expect((await ben.client.put(`/api/public/flights/${token}/like`)).json()).toEqual({ count: 1, likedByYou: true, pilots: [{ name: 'Ben <b>Bold</b>', username: null }], blockedByPilot: false });
    expect((await ben.client.put(`/api/public/flights/${token}/like`)).json().count).toBe(1);
    expect((await carl.client.put(`/api/public/flights/${token}/like`)).json()).toMatchObject({ count: 2, likedByYou: true });
    expect((await new Client(ctx.app).get(`/api/public/flights/${token}/likes`)).json()).toMatchObject({ count: 2, likedByYou: false });
    expect((await new Client(ctx.app).get(`/api/public/flights/${token}`)).json().likeCount).toBe(2);
    expect((await ben.client.delete(`/api/public/flights/${token}/like`)).json()).toMatchObject({ count: 1, likedByYou: false });
    expect((await new Client(ctx.app).put(`/api/public/flights/${token}/like`)).statusCode).toBe(401);
  });

  it('tells the pilot of new comments by others until they look', async () => {
    const badge = async () => (await anna.client.get('/api/profile/community/new-comments')).json().count;
    const before = await badge();
    expect(before).toBeGreaterThan(0);
    await anna.client.post('/api/profile/community/new-comments/seen');
    expect(await badge()).toBe(0);
    await anna.client.post(`/api/public/flights/${token}/comments`, { body: 'thanks!' });
    expect(await badge()).toBe(0);
    await carl.client.post(`/api/public/flights/${token}/comments`, { body: 'new one' });
    expect(await badge()).toBe(1);
    // The badge's list: which flight, with its own share token (the pilot's answer; no row id).
    const answer = (await anna.client.get('/api/profile/community/new-comments')).json();
    expect(answer).toMatchObject({ count: 1, flights: [{ token, startTime: '2024-07-01T10:00:00.000Z', count: 1 }] });
    expect(Object.keys(answer.flights[0]).sort()).toEqual(['count', 'place', 'startTime', 'timeZone', 'token']);
    // Once the flight is no longer public, its comments are not counted (nobody can read them there).
    const { id } = (await anna.client.get('/api/FlightDetail')).json()[0];
    await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'link' });
    expect((await anna.client.get('/api/profile/community/new-comments')).json()).toEqual({ count: 0, flights: [] });
    await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
    expect(await badge()).toBe(1);
  });

  it('takes reports into the admin queue: hide, restore, delete, block the author', async () => {
    const bad = (await carl.client.post(`/api/public/flights/${token}/comments`, { body: 'buy cheap wings' })).json();
    expect((await ben.client.post(`/api/comments/${bad.id}/report`, { reason: '' })).statusCode).toBe(400);
    expect((await ben.client.post(`/api/comments/${bad.id}/report`, { reason: 'Spam' })).statusCode).toBe(204);
    expect((await ben.client.get('/api/debug/reports')).statusCode).toBe(403);
    const queue = (await admin.client.get('/api/debug/reports')).json().reports;
    expect(queue).toEqual([{ id: expect.any(Number), reason: 'Spam', createdAt: expect.any(String), reporter: ben.user.username, comment: { id: bad.id, body: 'buy cheap wings', author: carl.user.username, authorBlocked: false, hidden: false, flightToken: token, createdAt: bad.createdAt } }]);
    const reportId = queue[0].id;

    expect((await admin.client.post(`/api/debug/reports/${reportId}/hide`)).json().reports[0].comment.hidden).toBe(true);
    expect((await comments()).some((c: { id: string }) => c.id === bad.id)).toBe(false);
    expect((await admin.client.post(`/api/debug/reports/${reportId}/restore`)).json().reports).toEqual([]);
    expect((await comments()).some((c: { id: string }) => c.id === bad.id)).toBe(true);
    expect((await admin.client.post(`/api/debug/reports/${reportId}/explode`)).statusCode).toBe(400);

    await ben.client.post(`/api/comments/${bad.id}/report`, { reason: 'Still spam' });
    const second = (await admin.client.get('/api/debug/reports')).json().reports[0].id;
    expect((await admin.client.post(`/api/debug/reports/${second}/block`)).json().reports[0].comment).toMatchObject({ hidden: true, authorBlocked: true });
    const blocked = await carl.client.post(`/api/public/flights/${token}/comments`, { body: 'again' });
    expect([blocked.statusCode, blocked.json().message]).toEqual([403, 'You can no longer comment: an administrator blocked your comments.']);
    expect((await admin.client.post(`/api/debug/reports/${second}/delete`)).json().reports).toEqual([]);
    expect((await admin.client.post(`/api/debug/reports/${second}/delete`)).statusCode).toBe(404);
    expect((await comments()).some((c: { id: string }) => c.id === bad.id)).toBe(false);
  });

  it('limits each pilot’s comments with Retry-After, without limiting others', async () => {
    const dora = await signedInClient(ctx);
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await dora.client.post(`/api/public/flights/${token}/comments`, { body: `comment ${i}` })).statusCode);
    expect(answers).toEqual([...Array(10).fill(201), 429]);
    const limited = await dora.client.post(`/api/public/flights/${token}/comments`, { body: 'one more' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect(limited.json().message).toMatch(/^Too many comments in a short time\. Please wait \d+ minutes\.$/);
    expect((await comments()).filter((c: { body: string }) => c.body.startsWith('comment ')).length).toBe(10);
    expect((await ben.client.post(`/api/public/flights/${token}/comments`, { body: 'still fine' })).statusCode).toBe(201);
  });
});
