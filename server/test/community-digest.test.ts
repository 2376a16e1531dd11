import { sendCommentDigests } from '../src/comments';
import { mailRound } from '../src/mail-round';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';
import { readOutbox } from './helpers/outbox';

describeEachDatabase('the daily mail of new comments', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_URL: 'https://logbook.example' }, { workers: false });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;

  it('mails the comments by others on public flights once a day, in the pilot’s language, unless turned off', async () => {
    const [anna, ben, quiet] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    await db().updateTable('users').set({ displayName: 'Anna', preferredLanguage: 'fr' }).where('id', '=', anna.user.id).execute();
    const token = async (p: typeof anna) => {
      const [id] = await seedFlights(db(), p.user.id, [{ startTime: '2024-07-01T10:00:00.000Z', takeoffLocation: 'Wimmis' }]);
      await p.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
      return (await p.client.get(`/api/FlightDetail/${id}/share`)).json().share.token as string;
    };
    const annas = await token(anna);
    const quiets = await token(quiet);
    expect((await quiet.client.put('/api/profile/community', { commentDigest: false })).json().commentDigest).toBe(false);
    for (const body of ['Nice!', 'Great climb']) await ben.client.post(`/api/public/flights/${annas}/comments`, { body });
    await anna.client.post(`/api/public/flights/${annas}/comments`, { body: 'Thanks' });
    await ben.client.post(`/api/public/flights/${quiets}/comments`, { body: 'Hello' });

    const now = new Date();
    expect(await sendCommentDigests(ctx.services, now)).toBe(1);
    const [mail] = readOutbox(ctx.dataDir);
    expect(mail).toMatchObject({ to: anna.user.email, subject: '2 nouveaux commentaires sur vos vols' });
    expect(mail!.text).toContain('Wimmis: 2 nouveaux commentaires');
    expect(mail!.text).toContain('2024-07-01');
    expect(mail!.links).toContain(`https://logbook.example/shared/${annas}`);
    // Once a day: a second run the same day sends nothing, even with a new comment.
    await ben.client.post(`/api/public/flights/${annas}/comments`, { body: 'One more' });
    expect(await sendCommentDigests(ctx.services, new Date(now.getTime() + 3600_000))).toBe(0);
    // The next day only what is new since the last digest.
    expect(await sendCommentDigests(ctx.services, new Date(now.getTime() + 25 * 3600_000))).toBe(1);
    const mails = readOutbox(ctx.dataDir);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject)).toContain('1 nouveau commentaire sur vos vols');
    expect(await sendCommentDigests(ctx.services, new Date(now.getTime() + 50 * 3600_000))).toBe(0);
  });
});

/**
 * The bell in the daily mail (docs/notifications.md): the hourly round main.ts runs mails the bell's
 * news (new followers, likes, both sides of a moderator's decision) also to a pilot without a new
 * comment, once a day, in the pilot's language; nobody with nothing new, nobody who turned the mail off.
 */
describeEachDatabase('the daily mail of the bell', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_URL: 'https://logbook.example' }, { workers: false });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;

  it('mails followers, likes and moderation decisions to pilots without new comments, once a day', async () => {
    const [anna, ben, carl, dora, erin, frank] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    const admin = await signedInClient(ctx, { role: 'Admin' });
    for (const [p, name, language] of [[anna, 'Anna', 'en'], [ben, 'Ben', 'en'], [carl, 'Carl', 'de'], [dora, 'Dora', 'en'], [erin, 'Erin', 'en'], [frank, 'Frank', 'en']] as const) {
      await db().updateTable('users').set({ displayName: name, preferredLanguage: language, acceptsFollowers: 1 }).where('id', '=', p.user.id).execute();
    }
    const publicFlight = async (p: typeof anna) => {
      const [id] = await seedFlights(db(), p.user.id, [{ startTime: '2024-07-01T10:00:00.000Z', takeoffLocation: 'Wimmis' }]);
      await p.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
      return (await p.client.get(`/api/FlightDetail/${id}/share`)).json().share.token as string;
    };
    const annas = await publicFlight(anna);
    const doras = await publicFlight(dora);
    expect((await frank.client.put('/api/profile/community', { commentDigest: false })).json().commentDigest).toBe(false);
    // Anna: a new follower and a like, no comment. Frank: a follower, but no daily mail.
    await ben.client.put(`/api/pilots/${anna.user.username}/follow`);
    await ben.client.put(`/api/public/flights/${annas}/like`);
    await ben.client.put(`/api/pilots/${frank.user.username}/follow`);
    // Carl's comment on Dora's flight: she reports it, an admin hides it.
    const spam = (await carl.client.post(`/api/public/flights/${doras}/comments`, { body: 'buy cheap wings' })).json();
    await dora.client.post(`/api/comments/${spam.id}/report`, { reason: 'Spam' });
    const [report] = (await admin.client.get('/api/debug/reports')).json().reports;
    expect((await admin.client.post(`/api/debug/reports/${report.id}/hide`)).statusCode).toBe(200);

    const now = new Date();
    await mailRound(ctx.services, now);
    const mails = readOutbox(ctx.dataDir);
    const to = (p: typeof anna) => mails.filter((m) => m.to === p.user.email);
    expect(mails.map((m) => m.to).sort()).toEqual([anna.user.email, carl.user.email, dora.user.email].sort());
    expect(to(anna)[0]).toMatchObject({ subject: 'News from your flight logbook' });
    expect(to(anna)[0]!.text).toContain('- New followers: Ben\n- New likes on your flights: 1\n');
    expect(to(dora)[0]!.text).toContain('- Your reports handled by a moderator: 1\n');
    expect(to(dora)[0]!.text).not.toContain('buy cheap wings');
    expect(to(carl)[0]).toMatchObject({ subject: 'Neues aus deinem Flugbuch' });
    expect(to(carl)[0]!.text).toContain('- Deine Kommentare, von einem Moderator entfernt: 1\n');
    for (const mail of mails) expect(mail.text).not.toContain(ben.user.email);

    // Once a day: an hour later a new follower waits for tomorrow; the next day only what is new.
    await erin.client.put(`/api/pilots/${anna.user.username}/follow`);
    await mailRound(ctx.services, new Date(now.getTime() + 3600_000));
    expect(readOutbox(ctx.dataDir)).toHaveLength(3);
    await mailRound(ctx.services, new Date(now.getTime() + 25 * 3600_000));
    const next = readOutbox(ctx.dataDir).slice(3);
    expect(next.map((m) => m.to)).toEqual([anna.user.email]);
    expect(next[0]!.text).toContain('- New followers: Erin\n');
    expect(next[0]!.text).not.toContain('Ben');
    await mailRound(ctx.services, new Date(now.getTime() + 50 * 3600_000));
    expect(readOutbox(ctx.dataDir)).toHaveLength(4);
  });
});
