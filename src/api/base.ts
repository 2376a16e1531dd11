import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

/** The anti-forgery header every state-changing call carries (docs/product.md §7 Other). */
export function xsrfHeaders(): Record<string, string> {
  const token = readCookie(XSRF_COOKIE);
  return token ? { [XSRF_HEADER]: token } : {};
}

const rawBaseQuery = fetchBaseQuery({
  // Absolute so that the same code runs in the browser and under jest's fetch.
  baseUrl: new URL('/api', document.baseURI).href,
  credentials: 'include',
  prepareHeaders: (headers) => {
    for (const [name, value] of Object.entries(xsrfHeaders())) headers.set(name, value);
    return headers;
  },
});

/** Calls whose 401 is an answer to show (wrong password) or the guard's own business, not an expired session. */
const OWN_401 = new Set(['login', 'devLogin', 'check']);
/** Calls a visitor makes without a session (shared flights, pilot pages): a 401 there is no expired session. */
const PUBLIC_CALLS = new Set(['publicFlight', 'publicFeatures', 'publicPilot', 'publicTrainingLog', 'passengerPage', 'passengerFeatures', 'searchPilots']);

let onUnauthorized: () => void = () => undefined;
/** The router registers where a 401 sends the pilot (docs/product.md §2: /{lang}/login). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/**
 * docs/product.md §2: a 401 from a call sends the pilot to /{lang}/login, unless that 401 is the call's own
 * answer. Every answer passes here: RTK Query's through `baseQuery`, the upload's XHR through `api/files.ts`.
 */
export function reportStatus(endpoint: string, status: unknown) {
  if (status === 401 && !OWN_401.has(endpoint) && !PUBLIC_CALLS.has(endpoint)) onUnauthorized();
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  reportStatus(api.endpoint, result.error?.status);
  return result;
};

export const TAGS = ['User', 'Profile', 'Flight', 'Months', 'MarkedCount', 'Statistics', 'UploadTasks', 'Achievements', 'Notifications', 'DebugStatistics',
  // The pilot's logbook (docs/app.md): the pilot's wings and sites.
  'Gliders', 'Sites',
  // docs/photos-ui.md, docs/sharing-ui.md: a flight's photos and share link, the pilot's public page setting and what a visitor sees of it.
  'Photos', 'Share', 'PublicPage', 'PublicPilot',
  // docs/airspace.md: airspace files and each flight's check.
  'Airspace',
  // docs/community.md, docs/rankings-and-clubs.md: what pilots share: a flight's comments and likes, follow
  // states and the feed, places and their days, rankings, clubs (a club's page by slug, the pilot's list).
  'Comments', 'NewComments', 'Likes', 'Follows', 'Feed', 'Places', 'Rankings', 'Clubs',
  // docs/career.md: roles an admin grants, the training log, incident reports; the pilot's gear and its checks, a flight's passenger, tandem counts.
  'Roles', 'Training', 'Incidents', 'Gear', 'Passenger', 'Tandem'] as const;

/** The one api slice: every area injects its endpoints here, one file per area (src/api/*.ts, listed in api/index.ts). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  endpoints: () => ({}),
});

// The words for a failed call live with the formatters, so presentational components can show them too.
export { commonError, errorMessage } from '../format/error-message';
