/** One fake answer of the server: status and JSON body, or a function of the request. */
export type MockAnswer = { status?: number; body?: unknown } | ((request: { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers }) => { status?: number; body?: unknown });

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
  /** The status the double answered with. */
  status?: number;
}

/**
 * Replaces fetch with a table of answers keyed 'METHOD /api/path' (path without the query string).
 * Unlisted calls answer 404 so a test notices a call it did not expect. Returns the calls made.
 */
export function mockApi(routes: Record<string, MockAnswer>) {
  const calls: RecordedCall[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* keep the text */
    }
    const call: RecordedCall = { method: request.method, path: url.pathname, query: url.searchParams, body, headers: request.headers };
    calls.push(call);
    const answer = routes[`${request.method} ${url.pathname}`];
    const { status = 200, body: responseBody = {} } = answer === undefined ? { status: 404, body: { message: `No mock for ${request.method} ${url.pathname}` } } : typeof answer === 'function' ? answer(call) : answer;
    call.status = status;
    // A 204 has no body (the Response constructor refuses one), as the server sends it.
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(responseBody), { status, headers: { 'content-type': 'application/json' } });
  });
  return { calls, restore: () => spy.mockRestore() };
}

/** The statistics page's calls answered for a pilot without flights: for tests that only pass through that page. */
export const emptyStatistics = {
  'GET /api/statistics/overall': { body: { totalFlights: 0, totalHours: 0, totalDistance: 0, maxAltitude: 0, maxDistance: 0, maxDuration: 0, firstFlight: null, lastFlight: null, firstFlightTimeZone: null, lastFlightTimeZone: null } },
  'GET /api/statistics/yearly-summary': { body: [] },
  'GET /api/statistics/flight-sites': { body: { totalSites: 0, mostRecentSite: null, mostFlightsSite: null, topLaunchSites: [] } },
  'GET /api/statistics/monthly-hours': { body: [] },
  'GET /api/statistics/gliders': { body: [] },
} satisfies Record<string, MockAnswer>;
