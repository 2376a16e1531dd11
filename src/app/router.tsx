import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { setUnauthorizedHandler } from '../api/base';
import { i18n } from '@lingui/core';
import { NotFoundPage } from '../components/NotFoundPage';
import { AppShell } from './AppShell';
import { LanguageGate } from './LanguageGate';
import { PublicLayout } from './PublicLayout';
import { childPath, paths } from './paths';
import { RequireAuth } from './RequireAuth';
import { signedOut } from '../features/auth/authSlice';
import type { AppStore } from './store';

// Each page is its own chunk; the map and charts load only with the pages that draw them.
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: () => load().then((module) => ({ Component: module.default })),
});

const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, ...page(() => import(/* webpackChunkName: "page-home" */ '../pages/home/HomePage')) },
      { path: childPath(paths.login), ...page(() => import(/* webpackChunkName: "page-login" */ '../pages/login/LoginPage')) },
      { path: childPath(paths.register), ...page(() => import(/* webpackChunkName: "page-register" */ '../pages/register/RegisterPage')) },
      { path: childPath(paths.forgotPassword), ...page(() => import(/* webpackChunkName: "page-forgot-password" */ '../pages/forgot-password/ForgotPasswordPage')) },
      { path: childPath(paths.resetPassword), ...page(() => import(/* webpackChunkName: "page-reset-password" */ '../pages/reset-password/ResetPasswordPage')) },
      { path: childPath(paths.sharedFlight), ...page(() => import(/* webpackChunkName: "page-shared-flight" */ '../pages/shared/SharedFlightPage')) },
      { path: childPath(paths.publicPilot), ...page(() => import(/* webpackChunkName: "page-public-pilot" */ '../pages/pilot/PublicPilotPage')) },
      { path: childPath(paths.place), ...page(() => import(/* webpackChunkName: "page-place" */ '../pages/place/PlacePage')) },
      { path: childPath(paths.rankings), ...page(() => import(/* webpackChunkName: "page-rankings" */ '../pages/rankings/RankingsPage')) },
      { path: childPath(paths.club), ...page(() => import(/* webpackChunkName: "page-club" */ '../pages/club/ClubPage')) },
      { path: childPath(paths.compare), ...page(() => import(/* webpackChunkName: "page-compare" */ '../pages/compare/ComparePage')) },
      { path: childPath(paths.publicThermals), ...page(() => import(/* webpackChunkName: "page-public-thermals" */ '../pages/thermals/PublicThermalsPage')) },
      { path: childPath(paths.verifyTraining), ...page(() => import(/* webpackChunkName: "page-verify-training" */ '../pages/training/VerifyTrainingPage')) },
      { path: childPath(paths.passenger), ...page(() => import(/* webpackChunkName: "page-passenger" */ '../pages/passenger/PassengerPage')) },
      { path: childPath(paths.privacy), ...page(() => import(/* webpackChunkName: "page-privacy" */ '../pages/privacy/PrivacyPage')) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        ...page(() => import(/* webpackChunkName: "page-dashboard-layout" */ '../pages/dashboard-layout/DashboardLayout')),
        children: [
          { path: childPath(paths.dashboard), ...page(() => import(/* webpackChunkName: "page-dashboard" */ '../pages/dashboard/DashboardPage')) },
          { path: childPath(paths.statistics), ...page(() => import(/* webpackChunkName: "page-statistics" */ '../pages/statistics/StatisticsPage')) },
          { path: childPath(paths.history), ...page(() => import(/* webpackChunkName: "page-history" */ '../pages/history/HistoryPage')) },
          { path: childPath(paths.achievements), ...page(() => import(/* webpackChunkName: "page-achievements" */ '../pages/achievements/AchievementsPage')) },
          { path: childPath(paths.profile), ...page(() => import(/* webpackChunkName: "page-profile" */ '../pages/profile/ProfilePage')) },
          { path: childPath(paths.debug), ...page(() => import(/* webpackChunkName: "page-debug" */ '../pages/debug/DebugPage')) },
          { path: childPath(paths.gliders), ...page(() => import(/* webpackChunkName: "page-gliders" */ '../pages/gliders/GlidersPage')) },
          { path: childPath(paths.gear), ...page(() => import(/* webpackChunkName: "page-gear" */ '../pages/gear/GearPage')) },
          { path: childPath(paths.sites), ...page(() => import(/* webpackChunkName: "page-sites" */ '../pages/sites/SitesPage')) },
          { path: childPath(paths.data), ...page(() => import(/* webpackChunkName: "page-data" */ '../pages/data/DataPage')) },
          { path: childPath(paths.feed), ...page(() => import(/* webpackChunkName: "page-feed" */ '../pages/feed/FeedPage')) },
          { path: childPath(paths.notifications), ...page(() => import(/* webpackChunkName: "page-notifications" */ '../pages/notifications/NotificationsPage')) },
          { path: childPath(paths.moderation), ...page(() => import(/* webpackChunkName: "page-moderation" */ '../pages/moderation/ModerationPage')) },
          { path: childPath(paths.pilots), ...page(() => import(/* webpackChunkName: "page-pilots" */ '../pages/pilots/PilotsPage')) },
          { path: childPath(paths.clubs), ...page(() => import(/* webpackChunkName: "page-clubs" */ '../pages/club/ClubsPage')) },
          { path: childPath(paths.joinClub), ...page(() => import(/* webpackChunkName: "page-join-club" */ '../pages/club/JoinClubPage')) },
          { path: childPath(paths.thermals), ...page(() => import(/* webpackChunkName: "page-thermals" */ '../pages/thermals/ThermalsPage')) },
          { path: childPath(paths.training), ...page(() => import(/* webpackChunkName: "page-training" */ '../pages/training/TrainingPage')) },
          { path: childPath(paths.incidents), ...page(() => import(/* webpackChunkName: "page-incidents" */ '../pages/incidents/IncidentsPage')) },
          { path: childPath(paths.newIncident), ...page(() => import(/* webpackChunkName: "page-new-incident" */ '../pages/incidents/NewIncidentPage')) },
          { path: childPath(paths.safety), ...page(() => import(/* webpackChunkName: "page-safety" */ '../pages/incidents/SafetyPage')) },
          { path: childPath(paths.adminRoles), ...page(() => import(/* webpackChunkName: "page-admin-roles" */ '../pages/admin-roles/AdminRolesPage')) },
          { path: childPath(paths.flight), ...page(() => import(/* webpackChunkName: "page-flight" */ '../pages/flight/FlightPage')) },
        ],
      },
    ],
  },
];

export const appRoutes: RouteObject[] = [
  { path: '/', element: <AppShell />, children: routes },
  { path: '/:lang', element: <AppShell />, children: [{ element: <LanguageGate />, children: routes }] },
];

/** Opt in to react-router 7 behaviour now (and silence its warnings). */
export const routerFuture = { v7_relativeSplatPath: true, v7_fetcherPersist: true, v7_normalizeFormMethod: true, v7_skipActionErrorRevalidation: true } as const;
export const providerFuture = { v7_startTransition: true } as const;

export function createAppRouter(store: AppStore) {
  return handleUnauthorized(createBrowserRouter(appRoutes, { future: routerFuture }), store);
}

/** docs/product.md §2: a 401 from any call sends the pilot to /{lang}/login. */
export function handleUnauthorized<R extends Pick<ReturnType<typeof createBrowserRouter>, 'navigate' | 'state'>>(router: R, store: AppStore): R {
  setUnauthorizedHandler(() => {
    // Leave the guarded page first, so its guard does not redirect a second time on the cleared user.
    const leave = router.state.location.pathname.endsWith(paths.login.path) ? Promise.resolve() : router.navigate(`/${i18n.locale || 'en'}${paths.login.getHref()}`);
    leave.then(() => store.dispatch(signedOut()));
  });
  return router;
}
