import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describeEachDatabase, startTestApp, type TestContext } from './helpers/app';

// The api slice re-exports the app's error words, which go through a Lingui macro only the app's Babel
// set-up compiles; this test reads URLs, not words.
jest.mock('../../src/format/error-message', () => ({ commonError: () => '', errorMessage: () => '' }));

/**
 * Every server route has a client in the app's one api slice (docs/app.md "Talking to the server"):
 * the route table the server builds is compared with every call `src/api/*.ts` can make, read from
 * the endpoint definitions themselves (each endpoint's `query`, or `queryFn` with a recording base
 * query and XMLHttpRequest) and from the link builders the api modules export. A route nobody calls
 * fails here unless it is in ALLOWED below with its reason; a call to no route fails too, and so does
 * a path written in another casing than the server's (the router ignores case, so nothing else would
 * notice).
 */

/**
 * Routes with no client in `src/api`, each with why. Keep this short: a route listed here is one the
 * app cannot reach.
 */
const ALLOWED: Record<string, string> = {
  'GET /api/auth/google-callback': 'OIDC callback: Google redirects the browser here after sign-in (server/src/auth/oidc.ts)',
  'GET /api/health': 'for load balancers and monitoring (README), not for the app',
  'GET /api/auth/verify-email': 'the link in the verification mail (server/src/auth/service.ts), opened from the mail',
  // Photo answers carry these addresses (`photo.url`, `photo.thumbUrl` in contract/sharing.ts), which <img> loads.
  'GET /api/photos/:id': 'an image address given in the photo answers, loaded by <img>',
  'GET /api/photos/:id/thumb': 'an image address given in the photo answers, loaded by <img>',
  'GET /api/public/flights/:token/photos/:photoId': 'an image address given in the shared flight answer, loaded by <img>',
  'GET /api/public/flights/:token/photos/:photoId/thumb': 'an image address given in the shared flight answer, loaded by <img>',
};

/** What stands in for a path parameter in an app URL: a segment holding it becomes `:`. */
const MARK = 'p4r4m';

interface Call {
  method: string;
  url: string;
  /** The endpoint or link builder that makes it. */
  from: string;
}

/**
 * An argument that is every shape at once: a string where it is printed, an object whose fields are
 * again such arguments (`fields`) or absent (to reach the other branch of `a.x ? 'PUT' : 'DELETE'`),
 * and that has (`has`) or lacks every field asked for with `in`.
 */
function placeholder({ fields, has }: { fields: boolean; has: boolean }): unknown {
  const self: unknown = new Proxy(() => MARK, {
    get: (_target, key) => {
      if (key === Symbol.toPrimitive || key === 'toString' || key === 'valueOf') return () => MARK;
      if (key === Symbol.iterator) return () => [][Symbol.iterator]();
      if (key === 'then') return undefined;
      return fields ? self : undefined;
    },
    has: () => has,
    ownKeys: () => [],
    apply: () => MARK,
  });
  return self;
}

const SHAPES = [
  { fields: true, has: true },
  { fields: false, has: false },
  { fields: true, has: false },
];

/** `/FlightDetail/p4r4m/gpx?x=1` (relative to the api's base `/api`, or absolute) → `/api/FlightDetail/:/gpx`. */
function normalise(url: string): string {
  const path = url.split('?')[0];
  const absolute = path.startsWith('/api/') || path === '/api' ? path : `/api${path}`;
  return absolute
    .split('/')
    .map((segment) => (segment.includes(MARK) || segment === 'undefined' ? ':' : segment))
    .join('/');
}

/** XMLHttpRequest as the uploads use it (api/files.ts), remembering what it was asked to open. */
function recordingXhr(opened: { method: string; url: string }[]) {
  return class {
    upload = {};
    withCredentials = false;
    open(method: string, url: string) {
      opened.push({ method, url });
    }
    setRequestHeader() {}
    send() {}
  };
}

interface Definition {
  query?: (arg: unknown) => string | { url: string; method?: string };
  queryFn?: (arg: unknown, api: unknown, extra: unknown, baseQuery: (arg: string | { url: string; method?: string }) => unknown) => unknown;
}

/** Every call the app's api modules can make. */
async function clientCalls(): Promise<Call[]> {
  const opened: { method: string; url: string }[] = [];
  const globals = globalThis as Record<string, unknown>;
  const saved = { XMLHttpRequest: globals.XMLHttpRequest, FormData: globals.FormData };
  globals.document ??= { baseURI: 'http://localhost/', cookie: '' };
  globals.XMLHttpRequest = recordingXhr(opened);
  // The uploads' form gets placeholders, not files.
  globals.FormData = class {
    append() {}
  };
  const { api } = await import('../../src/api');
  const links = await import('../../src/api/links');

  const definitions: Record<string, Definition> = {};
  api.enhanceEndpoints({
    endpoints: Object.fromEntries(Object.keys(api.endpoints).map((name) => [name, (definition: Definition) => void (definitions[name] = definition)])),
  } as Parameters<typeof api.enhanceEndpoints>[0]);

  const calls: Call[] = [];
  const add = (from: string, arg: string | { url: string; method?: string }) => {
    const { url, method } = typeof arg === 'string' ? { url: arg, method: undefined } : arg;
    calls.push({ from, url: normalise(url), method: (method ?? 'GET').toUpperCase() });
  };
  for (const [name, definition] of Object.entries(definitions)) {
    const before = calls.length;
    for (const shape of SHAPES) {
      try {
        if (definition.query) add(name, definition.query(placeholder(shape)));
        else if (definition.queryFn) {
          const baseQuery = (arg: string | { url: string; method?: string }) => {
            add(name, arg);
            return { error: { status: 0, data: null } };
          };
          opened.length = 0;
          await Promise.race([definition.queryFn(placeholder(shape), {}, undefined, baseQuery), new Promise((resolve) => setImmediate(resolve))]);
          for (const call of opened) add(name, call);
        }
      } catch {
        // This shape of placeholder does not fit the endpoint; the other one must.
      }
    }
    if (calls.length === before) throw new Error(`Cannot read the URL of the endpoint ${name}: give it a plain \`query\`, or teach this test its shape`);
  }
  Object.assign(globals, saved);
  for (const [name, link] of Object.entries(links.LINKS)) add(`link ${name}`, { url: typeof link === 'function' ? (link as (...a: unknown[]) => string)(placeholder(SHAPES[0]), placeholder(SHAPES[0])) : link, method: 'GET' });
  return calls;
}

/** Does the app's `call` reach the server's route `url` (a `:name` parameter matches any one segment)? */
function reaches(call: Call, method: string, url: string, ignoreCase = false): boolean {
  if (call.method !== method) return false;
  const server = url.split('/');
  const client = call.url.split('/');
  if (server.length !== client.length) return false;
  return server.every((segment, i) => {
    if (segment.startsWith(':')) return true;
    if (segment.includes(':') || segment.includes('*')) return false;
    return ignoreCase ? segment.toLowerCase() === client[i].toLowerCase() : segment === client[i];
  });
}

// On both databases: the route table is built from the services each one starts with.
describeEachDatabase('route coverage', (kind) => {
  let ctx: TestContext;
  let calls: Call[];
  let routes: { method: string; url: string }[];
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
    routes = ctx.app.routeTable.filter((r) => r.url.toLowerCase().startsWith('/api/')).map(({ method, url }) => ({ method, url }));
    calls = await clientCalls();
  });
  afterAll(() => ctx.close());

  it('reads a client call for every endpoint of the api slice', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(calls.length).toBeGreaterThan(100);
  });

  it('finds a client for every server route, or a written reason', () => {
    const missing = routes.filter((r) => !calls.some((c) => reaches(c, r.method, r.url, true))).map((r) => `${r.method} ${r.url}`);
    expect(missing.filter((route) => !(route in ALLOWED))).toEqual([]);
    // A reason for a route that has a client now, or that is gone, is stale.
    expect(Object.keys(ALLOWED).filter((route) => !missing.includes(route))).toEqual([]);
  });

  it('finds a server route for every client call', () => {
    const lost = calls.filter((c) => !routes.some((r) => reaches(c, r.method, r.url, true))).map((c) => `${c.from}: ${c.method} ${c.url}`);
    expect(lost).toEqual([]);
  });

  it('writes each path in the casing the server registered', () => {
    const cased = calls
      .filter((c) => routes.some((r) => reaches(c, r.method, r.url, true)) && !routes.some((r) => reaches(c, r.method, r.url)))
      .map((c) => `${c.from}: ${c.method} ${c.url}`);
    expect(cased).toEqual([]);
  });
});

/** The app's source files under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

test('endpoints are defined in src/api only, and src/api/index.ts lists every area file that defines some', () => {
  const app = join(__dirname, '../../src');
  const defining = sources(app).filter((file) => readFileSync(file, 'utf8').includes('injectEndpoints('));
  expect(defining.map((file) => relative(app, file)).filter((file) => !file.startsWith('api/'))).toEqual([]);
  const index = readFileSync(join(app, 'api/index.ts'), 'utf8');
  const areas = defining.map((file) => relative(join(app, 'api'), file).replace(/\.ts$/, ''));
  expect(areas.filter((area) => !index.includes(`from './${area}'`))).toEqual([]);
});
