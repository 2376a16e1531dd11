import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

/** Counts the statements that write (insert, update, delete, merge, or raw SQL that starts with one). */
class WriteCounter implements KyselyPlugin {
  writes: string[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const write = describeWrite(node);
    if (write) this.writes.push(write);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

function describeWrite(node: OperationNode): string | undefined {
  const n = node as OperationNode & { into?: { table: { identifier: { name: string } } }; table?: { table?: { identifier: { name: string } } }; from?: { froms: { table?: { identifier: { name: string } } }[] }; sqlFragments?: readonly string[] };
  switch (node.kind) {
    case 'InsertQueryNode':
      return `insert into ${n.into?.table.identifier.name}`;
    case 'UpdateQueryNode':
      return `update ${n.table?.table?.identifier.name}`;
    case 'DeleteQueryNode':
      return `delete from ${n.from?.froms[0]?.table?.identifier.name}`;
    case 'MergeQueryNode':
      return 'merge';
    case 'RawNode': {
      const text = (n.sqlFragments ?? []).join('?');
      return /^\s*(insert|update|delete|merge)\b/i.test(text) ? text.slice(0, 60) : undefined;
    }
    default:
      return undefined;
  }
}

type Pilot = Awaited<ReturnType<typeof signedInClient>>;
const DAY = '2024-07-14';
const LAUNCH = { takeoffLat: 46.6801, takeoffLon: 7.6502, takeoffLocation: 'Wimmis', localDate: DAY };

/**
 * A public read is a plain read (docs/architecture.md, "Derived data on write"): share tokens and
 * places are made when a pilot's flights change, so no public route writes to the database, neither
 * for an anonymous visitor nor for another signed-in pilot. The flights are made public the way a
 * pilot does it (PATCH), and every public GET route of the route table is called.
 */
describeEachDatabase('public reads write nothing', (kind) => {
  let ctx: TestContext;
  let counter: WriteCounter;
  let owner: Pilot;
  let other: Pilot;
  let publicToken: string;
  let linkToken: string;
  let passengerToken: string;
  let clubSlug: string;
  let pub: number;
  let link: number;
  let later: number[];

  beforeAll(async () => {
    counter = new WriteCounter();
    ctx = await startTestApp(kind, {}, { workers: false, databasePlugins: [counter] });
    const db = ctx.services.database.db;
    [owner, other] = [await signedInClient(ctx), await signedInClient(ctx)];
    await db.updateTable('users').set({ displayName: 'Anna Owner', publicPage: 1 }).where('id', '=', owner.user.id).execute();
    let far: number;
    [pub, link, far, ...later] = await seedFlights(db, owner.user.id, [
      { startTime: `${DAY}T10:00:00.000Z`, ...LAUNCH, xcPoints: 12 },
      { startTime: `${DAY}T12:00:00.000Z`, ...LAUNCH, xcPoints: 8 },
      { startTime: `${DAY}T13:00:00.000Z`, ...LAUNCH, takeoffLat: 45.9, takeoffLocation: 'Elsewhere', xcPoints: 3 },
      { startTime: `${DAY}T14:00:00.000Z`, ...LAUNCH, takeoffLat: 46.6805, xcPoints: 5 },
      { startTime: `2023-05-01T10:00:00.000Z`, ...LAUNCH, localDate: '2023-05-01', takeoffLat: 46.2, takeoffLocation: 'Later', xcPoints: 4 },
    ]);
    await owner.client.request('PATCH', `/api/FlightDetail/${pub}`, { visibility: 'public' });
    await owner.client.request('PATCH', `/api/FlightDetail/${link}`, { visibility: 'link' });
    // Its track may be downloaded (docs/sharing.md): the download is one more public read.
    await owner.client.put(`/api/FlightDetail/${pub}/track-download`, { allowed: true });
    await owner.client.request('PATCH', `/api/FlightDetail/${far}`, { visibility: 'public' });
    publicToken = (await owner.client.get(`/api/FlightDetail/${pub}/share`)).json().share.token;
    linkToken = (await owner.client.get(`/api/FlightDetail/${link}/share`)).json().share.token;
    await owner.client.put(`/api/FlightDetail/${link}/passenger`, { name: 'Passenger' });
    passengerToken = (await owner.client.post(`/api/FlightDetail/${link}/passenger/link`)).json().passenger.pageUrl.split('/').pop();
    const comment = await other.client.post(`/api/public/flights/${publicToken}/comments`, { body: 'Nice one' });
    expect(comment.statusCode).toBe(201);
    await other.client.put(`/api/public/flights/${publicToken}/like`);
    const club = await owner.client.post('/api/clubs', { name: 'Wimmis Gliders' });
    expect(club.statusCode).toBe(201);
    clubSlug = club.json().slug;
  });
  afterAll(() => ctx.close());

  /**
   * Every public GET route with the requests that exercise it (known and unknown ids alike). The
   * e-mail verification link is the one public GET that is an action, not a read: following it
   * spends its code (docs/product.md), so it is listed with no request.
   */
  const requests = (placeId: string): Record<string, string[]> => ({
    '/api/health': ['/api/health'],
    '/api/config': ['/api/config'],
    '/api/auth/session': ['/api/auth/session'],
    '/api/auth/verify-email': [],
    '/api/auth/google-login': ['/api/auth/google-login'],
    '/api/auth/google-callback': ['/api/auth/google-callback'],
    '/api/public/training/:code': ['/api/public/training/NOPE-NOPE-NOPE'],
    '/api/public/flights/:token': [`/api/public/flights/${publicToken}`, `/api/public/flights/${linkToken}`, '/api/public/flights/NoSuchTokenAtAllXXXXXXXXXXXXXXXX'],
    '/api/public/flights/:token/features': [`/api/public/flights/${publicToken}/features`, `/api/public/flights/${linkToken}/features`],
    '/api/public/flights/:token/photos/:photoId': [`/api/public/flights/${publicToken}/photos/NoSuchPhotoXXXXXXXXXXX`],
    '/api/public/flights/:token/photos/:photoId/thumb': [`/api/public/flights/${publicToken}/photos/NoSuchPhotoXXXXXXXXXXX/thumb`],
    '/api/public/flights/:token/track.gpx': [`/api/public/flights/${publicToken}/track.gpx`, `/api/public/flights/${linkToken}/track.gpx`],
    '/api/public/flights/:token/track.igc': [`/api/public/flights/${publicToken}/track.igc`],
    '/api/public/flights/:token/nearby': [`/api/public/flights/${publicToken}/nearby`],
    '/api/public/flights/:token/comments': [`/api/public/flights/${publicToken}/comments`],
    '/api/public/flights/:token/likes': [`/api/public/flights/${publicToken}/likes`],
    '/api/public/pilots/:username': [`/api/public/pilots/${owner.user.username}`],
    '/api/public/passengers/:token': [`/api/public/passengers/${passengerToken}`, '/api/public/passengers/NoSuchTokenAtAllXXXXXXXXXXXXXXXX'],
    '/api/public/passengers/:token/features': [`/api/public/passengers/${passengerToken}/features`],
    '/api/public/pilots': ['/api/public/pilots?q=anna'],
    '/api/places/:id': [`/api/places/${placeId}`],
    '/api/places/:id/days/:date': [`/api/places/${placeId}/days/${DAY}`],
    '/api/rankings': ['/api/rankings?season=2024', `/api/rankings?season=2024&place=${placeId}`, `/api/rankings?season=2024&club=${clubSlug}`],
    '/api/rankings/places': ['/api/rankings/places?season=2024', '/api/rankings/places'],
    '/api/clubs/:slug': [`/api/clubs/${clubSlug}`],
    '/api/compare': [`/api/compare?f=${publicToken},${linkToken}`],
    '/api/thermals': ['/api/thermals?bbox=7.5,46.5,7.8,46.8'],
    '/api/thermals.cup': ['/api/thermals.cup?bbox=7.5,46.5,7.8,46.8'],
    '/api/thermals.kml': ['/api/thermals.kml?bbox=7.5,46.5,7.8,46.8'],
    '/shared/:token': [`/shared/${publicToken}`],
    '/:lang/shared/:token': [`/fr/shared/${publicToken}`],
    '/pilots/:username': [`/pilots/${owner.user.username}`],
    '/:lang/pilots/:username': [`/de/pilots/${owner.user.username}`],
  });

  it.each([['anonymous', 0], ['another pilot', 1]] as const)('as %s, on every public GET route', async (who, i) => {
    const client = who === 'anonymous' ? new Client(ctx.app) : other.client;
    // The owner has just made one more flight public: a new place, or one more flight in a place.
    await owner.client.request('PATCH', `/api/FlightDetail/${later[i]}`, { visibility: 'public' });
    const before = counter.writes.length;
    const flight = await client.get(`/api/public/flights/${publicToken}`);
    expect(flight.statusCode).toBe(200);
    const placeId = flight.json().place.id as string;
    const table = requests(placeId);
    const routes = ctx.app.routeTable.filter((r) => r.method === 'GET' && r.public).map((r) => r.url);
    // A new public route must be listed above, so it is tried too.
    expect(routes.filter((url) => !(url in table))).toEqual([]);
    const answered: Record<string, number> = {};
    for (const url of routes) for (const path of table[url]!) answered[path] = (await client.get(path)).statusCode;
    // The reads answered what a visitor sees (so the writes, had there been any, were on the real paths).
    for (const path of [`/api/public/flights/${publicToken}`, `/api/public/passengers/${passengerToken}`, `/api/places/${placeId}`, `/api/public/pilots/${owner.user.username}`, '/api/rankings?season=2024', `/api/clubs/${clubSlug}`, `/api/public/flights/${publicToken}/nearby`]) {
      expect([path, answered[path]]).toEqual([path, 200]);
    }
    // On PostgreSQL the visitor's rate-limit budget is counted in the database (http/rate-limit-store.ts):
    // the one write a public read makes on purpose, state every process must see.
    expect(counter.writes.slice(before).filter((w) => !/rate_limits/.test(w))).toEqual([]);
  });
});
