import { gunzipSync } from 'node:zlib';
import { generateIgc } from '../../scripts/synthetic-igc';
import { downloadable, isDownloadable } from '../src/privacy';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';
import { uploadFlight } from './helpers/upload';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;
const STATES = ['private', 'link', 'public', 'removed', 'marked'] as const;
type State = (typeof STATES)[number];
const CHOICES = ['allowed', 'not allowed'] as const;
type Choice = (typeof CHOICES)[number];
const VIEWERS = ['owner', 'other', 'follower', 'anonymous'] as const;
const FORMATS = ['gpx', 'igc'] as const;

/**
 * A public flight's track for visitors (docs/sharing.md): only a public flight whose pilot allows it,
 * for everyone alike; every other case answers the unknown token's 404 byte for byte. The owner,
 * another pilot, a follower and an anonymous visitor against each state, allowed or not, in both formats.
 */
describeEachDatabase('public track download', (kind) => {
  let ctx: TestContext;
  let owner: Pilot;
  let other: Pilot;
  let follower: Pilot;
  let original: Buffer;
  const flights = {} as Record<`${State} ${Choice}`, { id: number; token: string }>;
  let byDefault: { id: number; token: string };
  let unknown: { gpx: string; igc: string };
  const db = () => ctx.services.database.db;
  const anon = () => new Client(ctx.app);

  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_URL: 'https://logbook.example', PUBLIC_RATE_LIMIT_PER_IP: '10000' });
    [owner, other, follower] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    await db().updateTable('users').set({ displayName: 'Anna', publicPage: 1, acceptsFollowers: 1 }).where('id', '=', owner.user.id).execute();
    expect((await follower.client.put(`/api/pilots/${owner.user.username}/follow`)).statusCode).toBe(200);

    // One analysed flight gives its stored track and original file to the seeded ones (one file each).
    const rec = { start: '2024-07-20T10:00:00Z', latitude: 46.6, longitude: 7.8, altitude: 1500, seed: 7, phases: [{ kind: 'ground', seconds: 60 }, { kind: 'thermal', seconds: 300, climbMs: 2, direction: 'left' }, { kind: 'glide', seconds: 300, heading: 90, speedKmh: 36, sinkMs: 1 }, { kind: 'ground', seconds: 60 }] } as const;
    const uploaded = await uploadFlight(ctx, owner.client, { name: 'Anna-secret-name.igc', data: Buffer.from(generateIgc(rec as never)) });
    const track = await db().selectFrom('flightTracks').selectAll().where('flightId', '=', uploaded.id).executeTakeFirstOrThrow();
    const file = await db().selectFrom('flights').innerJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId').select('igcFiles.content').where('flights.id', '=', uploaded.id).executeTakeFirstOrThrow();
    original = gunzipSync(file.content!);

    const combos = STATES.flatMap((state) => CHOICES.map((choice) => ({ state, choice })));
    const ids = await seedFlights(db(), owner.user.id, [...combos, null].map((_, i) => ({ startTime: `2024-07-14T${String(8 + i).padStart(2, '0')}:00:00.000Z`, takeoffLat: 46.68, takeoffLon: 7.65, takeoffLocation: 'Wimmis' })));
    for (const id of ids) {
      await db().insertInto('flightTracks').values({ ...track, flightId: id }).execute();
      const { igcFileId } = await db().selectFrom('flights').select('igcFileId').where('id', '=', id).executeTakeFirstOrThrow();
      await db().updateTable('igcFiles').set({ content: file.content }).where('id', '=', igcFileId!).execute();
    }
    const prepare = async (id: number, state: State, allowed: boolean | null) => {
      await owner.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
      const token = (await owner.client.get(`/api/FlightDetail/${id}/share`)).json().share.token as string;
      if (allowed !== null) expect((await owner.client.put(`/api/FlightDetail/${id}/track-download`, { allowed })).statusCode).toBe(200);
      if (state === 'private' || state === 'link') await owner.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: state });
      if (state === 'removed') await owner.client.put(`/api/FlightDetail/${id}/removaldate`, { removalDate: '2024-07-15T00:00:00Z' });
      if (state === 'marked') await owner.client.put(`/api/FlightDetail/${id}/removalreason`, { removalReason: 2 });
      return { id, token };
    };
    for (const [i, { state, choice }] of combos.entries()) flights[`${state} ${choice}`] = await prepare(ids[i]!, state, choice === 'allowed');
    byDefault = await prepare(ids[combos.length]!, 'public', null);
    const none = 'NoSuchTokenAtAllXXXXXXXXXXXXXXXX';
    unknown = { gpx: (await anon().get(`/api/public/flights/${none}/track.gpx`)).body, igc: (await anon().get(`/api/public/flights/${none}/track.igc`)).body };
  }, 240_000);
  afterAll(() => ctx.close());

  const viewers = () => ({ owner: owner.client, other: other.client, follower: follower.client, anonymous: anon() });

  describe.each(STATES)('a %s flight', (state) => {
    describe.each(CHOICES)('download %s', (choice) => {
      const opens = state === 'public' && choice === 'allowed';
      it.each(VIEWERS)(`${opens ? 'downloads' : 'answers 404'} for the %s`, async (who) => {
        const { token } = flights[`${state} ${choice}`];
        for (const format of FORMATS) {
          const res = await viewers()[who].get(`/api/public/flights/${token}/track.${format}`);
          if (!opens) {
            expect(res.statusCode).toBe(404);
            expect(res.body).toBe(unknown[format]);
            continue;
          }
          expect(res.statusCode).toBe(200);
          expect(res.headers['cache-control']).toBe('no-store');
          // Named after the flight (local date, time, site), never after the uploaded file or an id.
          expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="2024-07-14_\\d{4}_Wimmis\\.${format}"`));
          expect(res.headers['content-disposition']).not.toContain('secret');
          if (format === 'igc') expect(res.rawPayload.equals(original)).toBe(true);
          else expect(res.body).toMatch(/<gpx version="1\.1"[\s\S]*<trkpt lat="46\.[\d]+" lon="7\.[\d]+"><ele>/);
        }
        const shown = await viewers()[who].get(`/api/public/flights/${token}`);
        if (shown.statusCode === 200) {
          expect(shown.json().trackDownload).toEqual(opens ? { gpx: `/api/public/flights/${token}/track.gpx`, igc: `/api/public/flights/${token}/track.igc` } : null);
        }
      });
    });
  });

  it('follows the pilot’s default when the flight has no choice of its own, off until the pilot allows it', async () => {
    const url = `/api/public/flights/${byDefault.token}/track.gpx`;
    expect((await owner.client.get('/api/profile/community')).json().trackDownload).toBe(false);
    expect((await owner.client.get(`/api/FlightDetail/${byDefault.id}/track-download`)).json()).toEqual({ allowed: null, pilotDefault: false, downloadable: false });
    expect((await anon().get(url)).statusCode).toBe(404);
    expect((await owner.client.put('/api/profile/community', { trackDownload: true })).json().trackDownload).toBe(true);
    expect((await owner.client.get(`/api/FlightDetail/${byDefault.id}/track-download`)).json()).toEqual({ allowed: null, pilotDefault: true, downloadable: true });
    expect((await anon().get(url)).statusCode).toBe(200);
    // A flight's own "not allowed" wins over the default.
    expect((await anon().get(`/api/public/flights/${flights['public not allowed'].token}/track.gpx`)).statusCode).toBe(404);
    await owner.client.put('/api/profile/community', { trackDownload: false });
    expect((await anon().get(url)).statusCode).toBe(404);
  });

  it('offers no IGC when the original file holds other flights too', async () => {
    const { id, token } = flights['public allowed'];
    const { igcFileId } = await db().selectFrom('flights').select('igcFileId').where('id', '=', id).executeTakeFirstOrThrow();
    const [sibling] = await seedFlights(db(), owner.user.id, [{ startTime: '2024-07-14T20:00:00.000Z' }]);
    await db().updateTable('flights').set({ igcFileId, segmentIndex: 1 }).where('id', '=', sibling!).execute();
    try {
      expect((await anon().get(`/api/public/flights/${token}`)).json().trackDownload).toEqual({ gpx: `/api/public/flights/${token}/track.gpx`, igc: null });
      expect((await anon().get(`/api/public/flights/${token}/track.igc`)).body).toBe(unknown.igc);
      expect((await anon().get(`/api/public/flights/${token}/track.gpx`)).statusCode).toBe(200);
    } finally {
      await db().deleteFrom('flights').where('id', '=', sibling!).execute();
    }
  });

  it('lets only the pilot change a flight’s choice, and refuses a bad one, changing nothing', async () => {
    const { id } = flights['public allowed'];
    expect((await other.client.put(`/api/FlightDetail/${id}/track-download`, { allowed: false })).statusCode).toBe(404);
    expect((await other.client.get(`/api/FlightDetail/${id}/track-download`)).statusCode).toBe(404);
    const bad = await owner.client.put(`/api/FlightDetail/${id}/track-download`, { allowed: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('allowed must be true, false or null.');
    expect((await owner.client.get(`/api/FlightDetail/${id}/track-download`)).json()).toEqual({ allowed: true, pilotDefault: false, downloadable: true });
  });

  it('judges the same flights in SQL and JS', async () => {
    const rows = await db()
      .selectFrom('flights')
      .innerJoin('users', 'users.id', 'flights.userId')
      .select(['flights.id', 'flights.visibility', 'flights.status', 'flights.removalReason', 'flights.removalDate', 'flights.trackDownload', 'users.defaultTrackDownload'])
      .where('flights.userId', '=', owner.user.id)
      .orderBy('flights.id')
      .execute();
    const bySql = (await db().selectFrom('flights').innerJoin('users', 'users.id', 'flights.userId').select('flights.id').where('flights.userId', '=', owner.user.id).where(downloadable).orderBy('flights.id').execute()).map((r) => r.id);
    expect(bySql).toEqual(rows.filter((r) => isDownloadable(r, r)).map((r) => r.id));
    expect(bySql).toEqual([flights['public allowed'].id]);
  });
});
