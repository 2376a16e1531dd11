import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { pathLanguage } from '../i18n/languages';

/** A route: the pattern the router matches and the function that builds a link to it. */
interface Route<Args extends unknown[] = []> {
  path: string;
  getHref: (...args: Args) => string;
}
const route = (path: string): Route => ({ path, getHref: () => path });

/**
 * The route table (docs/product.md §2), used by the router and by every link. Every route also answers under
 * a language prefix (/fr/login): links go through `useLocalePath`.
 */
export const paths = {
  home: route('/'),
  login: route('/login'),
  register: route('/register'),
  forgotPassword: route('/forgot-password'),
  resetPassword: route('/reset-password'),
  dashboard: route('/dashboard'),
  statistics: route('/statistics'),
  history: route('/history'),
  achievements: route('/achievements'),
  profile: route('/profile'),
  debug: route('/debug'),
  gliders: route('/gliders'),
  // docs/career.md: all gear with its checks, and the page a tandem passenger opens.
  gear: route('/gear'),
  sites: route('/sites'),
  data: route('/data'),
  feed: route('/feed'),
  // docs/notifications.md: the bell's page; the admin's moderation queue.
  notifications: route('/notifications'),
  moderation: route('/moderation'),
  thermals: route('/thermals'),
  // docs/thermal-maps.md: the public flights' thermal map, for visitors too.
  publicThermals: route('/thermals/public'),
  // docs/compare.md: several flights on one timeline; public when every flight in it is public.
  compare: { path: '/compare', getHref: (refs: readonly (string | number)[]) => `/compare?f=${refs.map((r) => encodeURIComponent(String(r))).join(',')}` } satisfies Route<[readonly (string | number)[]]>,
  privacy: route('/privacy'),
  flight: { path: '/flight/:id', getHref: (id: number | string) => `/flight/${id}` } satisfies Route<[number | string]>,
  // docs/sharing-ui.md: what a visitor without an account opens.
  sharedFlight: { path: '/shared/:token', getHref: (token: string) => `/shared/${encodeURIComponent(token)}` } satisfies Route<[string]>,
  // docs/community.md: a place shared by pilots, public.
  place: { path: '/places/:id', getHref: (id: string) => `/places/${encodeURIComponent(id)}` } satisfies Route<[string]>,
  // docs/rankings-and-clubs.md: the season ranking and club pages are public; the list and the invite need the session.
  rankings: route('/rankings'),
  clubs: route('/clubs'),
  club: { path: '/clubs/:slug', getHref: (slug: string) => `/clubs/${encodeURIComponent(slug)}` } satisfies Route<[string]>,
  joinClub: { path: '/clubs/join/:token', getHref: (token: string) => `/clubs/join/${encodeURIComponent(token)}` } satisfies Route<[string]>,
  // docs/career.md: the training log, its public verification, incident reports and what safety officers see, the admin's roles.
  training: route('/training'),
  verifyTraining: { path: '/training/verify/:code', getHref: (code: string) => `/training/verify/${encodeURIComponent(code)}` } satisfies Route<[string]>,
  incidents: route('/incidents'),
  newIncident: { path: '/incidents/new/:flightId', getHref: (flightId: number | string) => `/incidents/new/${flightId}` } satisfies Route<[number | string]>,
  safety: route('/safety'),
  adminRoles: route('/admin/roles'),
  passenger: { path: '/passenger/:token', getHref: (token: string) => `/passenger/${encodeURIComponent(token)}` } satisfies Route<[string]>,
  // docs/community.md: finding pilots by name, and your followers.
  pilots: route('/pilots'),
  publicPilot: { path: '/pilots/:username', getHref: (username: string) => `/pilots/${encodeURIComponent(username)}` } satisfies Route<[string]>,
} as const;

/** The pattern of a route relative to its parent (the router nests every page under `/` and `/:lang`). */
export const childPath = (r: { path: string }) => r.path.replace(/^\//, '');

/** Keeps the language prefix of the current address on links inside the app. */
export function useLocalePath(): (path: string) => string {
  const { pathname } = useLocation();
  const language = pathLanguage(pathname);
  return useCallback((path: string) => (language ? `/${language}${path === '/' ? '' : path}` : path), [language]);
}
