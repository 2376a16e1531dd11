import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';
import { notificationDigestLines } from '../src/notifications';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;
type Note = { id: string; kind: string; read: boolean; actor: { name: string } | null; flight: { token: string } | null; excerpt: string | null };
const GONE = { message: 'This notification does not exist.' };

describeEachDatabase('notifications: the bell', (kind) => {
  let ctx: TestContext;
  let anna: Pilot;
  let ben: Pilot;
  let carl: Pilot;
  let dora: Pilot;
  let admin: Pilot;
  let flightId: number;
  let token: string;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
    [anna, ben, carl, dora, admin] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx, { role: 'Admin' })];
    const db = ctx.services.database.db;
    for (const [p, name] of [[anna, 'Anna'], [ben, 'Ben'], [carl, 'Carl'], [dora, 'Dora']] as const) await db.updateTable('users').set({ displayName: name, publicPage: 1, acceptsFollowers: 1 }).where('id', '=', p.user.id).execute();
    [flightId] = await seedFlights(db, anna.user.id, [{ startTime: '2024-07-01T10:00:00.000Z' }]) as [number];
    await anna.client.request('PATCH', `/api/FlightDetail/${flightId}`, { visibility: 'public' });
    token = (await anna.client.get(`/api/FlightDetail/${flightId}/share`)).json().share.token;
  });
  afterAll(() => ctx.close());
  const list = async (p: Pilot) => (await p.client.get('/api/notifications')).json() as { notifications: Note[]; unread: number };
  const kinds = async (p: Pilot) => (await list(p)).notifications.map((n) => `${n.kind}:${n.actor?.name ?? '-'}`);
  const readMarks = async () => [
    await ctx.services.database.db.selectFrom('notificationReads').selectAll().orderBy('notificationId').execute(),
    await ctx.services.database.db.selectFrom('notificationReadUpTo').selectAll().orderBy('userId').execute(),
  ];

  it('tells a pilot about followers, likes and comments by others, and both sides of a moderation decision', async () => {
    expect(await list(anna)).toEqual({ notifications: [], unread: 0 });
    await ben.client.put(`/api/pilots/${anna.user.username}/follow`);
    await ben.client.put(`/api/public/flights/${token}/like`);
    await ben.client.post(`/api/public/flights/${token}/comments`, { body: 'Great climb over the ridge' });
    // Her own like and comment are no news to her.
    await anna.client.put(`/api/public/flights/${token}/like`);
    await anna.client.post(`/api/public/flights/${token}/comments`, { body: 'Thanks!' });
    const spam = (await carl.client.post(`/api/public/flights/${token}/comments`, { body: 'buy cheap wings' })).json();
    await anna.client.post(`/api/comments/${spam.id}/report`, { reason: 'Spam' });

    const answer = await list(anna);
    expect(answer.unread).toBe(4);
    expect(answer.notifications.map((n) => `${n.kind}:${n.actor?.name ?? '-'}`)).toEqual(['comment:Carl', 'comment:Ben', 'like:Ben', 'follow:Ben']);
    const comment = answer.notifications.find((n) => n.actor?.name === 'Ben' && n.kind === 'comment')!;
    expect(comment).toMatchObject({ read: false, excerpt: 'Great climb over the ridge', flight: { token, startTime: '2024-07-01T10:00:00.000Z' } });
    expect(JSON.stringify(answer)).not.toContain(ben.user.email);

    const [report] = (await admin.client.get('/api/debug/reports')).json().reports;
    await admin.client.post(`/api/debug/reports/${report.id}/hide`);
    // The reporter hears that her report was handled; the hidden comment leaves her list; its author hears it was removed.
    expect(await kinds(anna)).toEqual(['reportHandled:-', 'comment:Ben', 'like:Ben', 'follow:Ben']);
    expect((await list(anna)).notifications[0]).toMatchObject({ kind: 'reportHandled', excerpt: 'buy cheap wings', flight: { token } });
    expect(await kinds(carl)).toEqual(['commentHidden:-']);
    expect(await kinds(ben)).toEqual([]);
  });

  it('marks one or all read; someone else’s id answers 404 and changes nothing; reading writes nothing', async () => {
    const before = await readMarks();
    expect((await list(anna)).unread).toBe(4);
    expect(await readMarks()).toEqual(before);

    const [first, second] = (await list(anna)).notifications;
    const theirs = (await list(carl)).notifications[0]!;
    for (const id of [theirs.id, 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await anna.client.post(`/api/notifications/${id}/read`);
      expect([res.statusCode, res.json()]).toEqual([404, GONE]);
    }
    expect((await anna.client.post('/api/notifications/not%20an%20id/read')).statusCode).toBe(400);
    expect(await readMarks()).toEqual(before);
    expect((await list(carl)).notifications[0]!.read).toBe(false);

    const marked = await anna.client.post(`/api/notifications/${second!.id}/read`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().unread).toBe(3);
    expect(marked.json().notifications.map((n: Note) => n.read)).toEqual([false, true, false, false]);
    // Twice is still once.
    expect((await anna.client.post(`/api/notifications/${second!.id}/read`)).json().unread).toBe(3);
    expect((await list(anna)).notifications[0]!.id).toBe(first!.id);

    expect((await anna.client.post('/api/notifications/read')).json().unread).toBe(0);
    expect((await list(anna)).notifications.every((n) => n.read)).toBe(true);
    await dora.client.put(`/api/pilots/${anna.user.username}/follow`);
    const after = await list(anna);
    expect(after.unread).toBe(1);
    expect(after.notifications[0]).toMatchObject({ kind: 'follow', actor: { name: 'Dora' }, read: false });

    const visitor = new Client(ctx.app);
    expect((await visitor.get('/api/notifications')).statusCode).toBe(401);
    expect((await visitor.post('/api/notifications/read')).statusCode).toBe(401);
  });

  it('says nothing from a pilot she blocked, nor about a flight nobody else can see any more', async () => {
    await dora.client.put(`/api/public/flights/${token}/like`);
    await dora.client.post(`/api/public/flights/${token}/comments`, { body: 'Hi from Dora' });
    expect((await kinds(anna)).filter((k) => k.endsWith(':Dora'))).toEqual(['comment:Dora', 'like:Dora', 'follow:Dora']);
    await anna.client.put(`/api/pilots/${dora.user.username}/block`);
    expect((await kinds(anna)).filter((k) => k.endsWith(':Dora'))).toEqual([]);

    await anna.client.request('PATCH', `/api/FlightDetail/${flightId}`, { visibility: 'private' });
    expect(await kinds(anna)).toEqual(['follow:Ben']);
    expect(await kinds(carl)).toEqual([]);
    await anna.client.request('PATCH', `/api/FlightDetail/${flightId}`, { visibility: 'public' });
    token = (await anna.client.get(`/api/FlightDetail/${flightId}/share`)).json().share.token;
    expect(await kinds(anna)).toEqual(['reportHandled:-', 'comment:Ben', 'like:Ben', 'follow:Ben']);
  });

  it('gives the daily mail a line per kind since the last one, in the pilot’s language', async () => {
    expect(await notificationDigestLines(ctx.services.database.db, anna.user.id, '', 'en')).toEqual([
      '- New followers: Ben',
      '- New likes on your flights: 1',
      '- Your reports handled by a moderator: 1',
    ]);
    expect(await notificationDigestLines(ctx.services.database.db, carl.user.id, '', 'de')).toEqual(['- Deine Kommentare, von einem Moderator entfernt: 1']);
    expect(await notificationDigestLines(ctx.services.database.db, anna.user.id, new Date(Date.now() + 1000).toISOString(), 'en')).toEqual([]);
  });
});
