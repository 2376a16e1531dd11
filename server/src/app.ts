import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import cookie from '@fastify/cookie';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import helmetHeaders from 'helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfig, healthResponse } from '../../contract/config';
import { answers } from '../../contract/http';
import { achievementsRoutes } from './achievements';
import { clubsRoutes } from './clubs';
import { airspaceRoutes } from './airspace';
import { authRoutes } from './auth';
import { SESSION_COOKIE, userForSession } from './auth';
import { debugRoutes } from './debug';
import { exportsRoutes } from './exports';
import { compareRoutes } from './compare';
import { correctionsRoutes } from './corrections';
import { flightsRoutes } from './flights';
import { logbookRoutes } from './logbook';
import { glidersRoutes } from './gliders';
import { gearRoutes } from './gear';
import { tandemRoutes } from './tandem';
import { importsRoutes } from './imports';
import { incidentsRoutes } from './incidents';
import { installErrorHandler } from './http';
import { unauthorized } from './http';
import { installPublicRateLimit } from './http';
import { installReadCache } from './http';
import { installXsrf, isApiPath } from './http';
import { photosRoutes } from './photos';
import { placesRoutes } from './places';
import { rankingsRoutes } from './rankings';
import { rolesRoutes } from './roles';
import type { Services } from './services-types';
import { scoringRoutes } from './scoring';
import { sharingPages } from './sharing';
import { sharingRoutes } from './sharing';
import { sitesRoutes } from './sites';
import { notificationsRoutes } from './notifications';
import { commentsRoutes } from './comments';
import { feedRoutes } from './feed';
import { followsRoutes } from './follows';
import { moderationRoutes, reportRoutes } from './moderation';
import { nearbyRoutes } from './nearby';
import { statisticsRoutes } from './statistics';
import { thermalsRoutes } from './thermals';
import { trainingRoutes } from './training';
import { uploadsRoutes } from './uploads';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    /** Callable without a session. */
    public?: boolean;
    /**
     * A pilot's read kept in the per-process read cache until their data changes (http/read-cache.ts);
     * 'notes' for an answer that also shows the flights' notes (or searches them), which a saved note makes stale.
     */
    readCache?: boolean | 'notes';
    /** Read by visitors without a session: counted in the per-address public budget (http/public-rate-limit.ts). */
    publicRateLimit?: boolean;
  }
}

/** A registered route, for tests that walk the whole API (authorization matrix, response schemas). */
export interface RouteEntry {
  method: string;
  url: string;
  /** Whether the route declares `schema.response`. */
  hasResponseSchema: boolean;
  /** Whether visitors call it without a session (config `public` or `publicRateLimit`). */
  public: boolean;
}

export const APP_DIR = resolve(__dirname, '../../dist/app');

/**
 * A plugin under a name of its own. Fastify names every plugin it registers, and for one without a
 * display name it first looks for a loaded module that exports it (a walk through require.cache, twice per
 * plugin); under jest that cache is the test file's whole module registry, and the walks for the thirty-odd
 * area scopes were about a third of building a test app. The name also labels the scope in Fastify's plugin tree.
 */
function named(name: string, plugin: FastifyPluginAsync): FastifyPluginAsync {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}

/** Builds the HTTP application: security, sessions, every /api area, then the single-page app. */
export async function buildApp(services: Services, opts: { logger?: boolean; /** The built app's folder (tests give their own). */ appDir?: string } = {}): Promise<FastifyInstance> {
  const { config } = services;
  const appDir = opts.appDir ?? APP_DIR;
  const securityHeaders: FastifyHelmetOptions = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
  const rawHeaders = helmetHeaders(securityHeaders as Parameters<typeof helmetHeaders>[0]);
  const app = Fastify({
    logger: opts.logger ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false },
    bodyLimit: 1024 * 1024,
    // Answers Fastify gives before any hook runs (a malformed URL, a too long parameter) get the
    // security headers too, like every other response.
    frameworkErrors: (error, request, reply) => {
      rawHeaders(request.raw, reply.raw, () => {
        const status = (error as { statusCode?: number }).statusCode ?? 400;
        void (reply as unknown as FastifyReply).status(status < 500 ? status : 400).send({ message: 'This address is not valid.' });
      });
    },
  });
  // Every route as registered, for tests that walk the whole API.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const hasResponseSchema = !!route.schema?.response;
    const open = !!(route.config?.public || route.config?.publicRateLimit);
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url, hasResponseSchema, public: open });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  await app.register(helmet, securityHeaders);
  await app.register(cookie, { secret: config.sessionSecret });
  installXsrf(app, { secureCookies: config.secureCookies });

  // Routes opt in with `config: { publicRateLimit: true }`; before the session lookup, so a refused request costs no query.
  await installPublicRateLimit(app, config.publicRateLimit, services.database.dialect === 'postgres' ? services.database.db : undefined);

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token && isApiPath(request.url)) {
      request.user = (await userForSession(services.database.db, token)) ?? null;
    }
  });

  // Routes opt in with `config: { readCache: true }`.
  installReadCache(app);
  // After the read cache, so it stores plain JSON; tracks and lists shrink about tenfold on the wire.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });

  // Default deny: without a session only routes marked public answer, before any body is validated.
  app.addHook('preValidation', async (request) => {
    if (!request.user && request.routeOptions.url && isApiPath(request.url) && !request.routeOptions.config.public) throw unauthorized();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/health', { config: { public: true }, schema: { response: answers(healthResponse) } }, async () => ({ status: 'ok' as const }));
  r.get('/api/config', { config: { public: true }, schema: { response: answers(appConfig) } }, async () => ({
    devLogin: config.devLogin,
    googleLogin: !!config.oidc.clientId,
    tiles: config.tiles,
  }));

  for (const routes of [authRoutes, flightsRoutes, uploadsRoutes, statisticsRoutes, achievementsRoutes, debugRoutes, glidersRoutes, sitesRoutes, logbookRoutes, scoringRoutes, correctionsRoutes, photosRoutes, sharingRoutes, exportsRoutes, importsRoutes, placesRoutes, followsRoutes, feedRoutes, nearbyRoutes, commentsRoutes, reportRoutes, moderationRoutes, rankingsRoutes, clubsRoutes, airspaceRoutes, thermalsRoutes, compareRoutes, notificationsRoutes, rolesRoutes, trainingRoutes, incidentsRoutes, gearRoutes, tandemRoutes]) {
    await app.register(named(routes.name, async (scope) => routes(scope, services)));
  }

  // The pages link previews open get their Open Graph tags and noindex in the app's index.html.
  await app.register(named('sharingPages', async (scope) => sharingPages(scope, services, appDir)));
  const hasApp = existsSync(join(appDir, 'index.html'));
  // Loaded only with a built app to serve (@fastify/static brings glob and its matchers).
  if (hasApp) await app.register((await import('@fastify/static')).default, { root: appDir, wildcard: false, index: false });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || request.url.toLowerCase() === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
    }
    if (!hasApp) return reply.status(503).type('text/plain').send('The app is not built yet: run npm run build.');
    // History fallback: every other path is a route of the single-page app.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
