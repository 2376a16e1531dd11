import { sendCommentDigests } from '../src/comments';
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
