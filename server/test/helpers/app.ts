import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { createSession } from '../../src/auth/sessions';
import { loadConfig, type Env } from '../../src/config';
import { nowIso } from '../../src/db';
import { createServices, type Services } from '../../src/services';
import { uploadFlight } from './upload';

export type DbKind = 'sqlite' | 'postgres';

/** The databases this run covers: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASES: DbKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
// Without TEST_DATABASE_URL the global setup (scripts/jest-global-setup.cjs) says once that PostgreSQL is skipped.

/** Runs the same suite once per database. */
export function describeEachDatabase(name: string, fn: (kind: DbKind) => void) {
  describe.each(DATABASES)(`${name} [%s]`, (kind) => fn(kind));
}

/**
 * A database of its own on the PostgreSQL server of TEST_DATABASE_URL: empty, or with `migrated`, a copy of
 * the run's migrated template (scripts/jest-global-setup.cjs) when there is one, which spares running every
 * migration again (createServices then finds them all applied).
 */
export async function createPostgresDatabase({ migrated = false } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `flightlog_t_${randomBytes(6).toString('hex')}`;
  const template = migrated ? process.env.FLIGHTLOG_TEST_TEMPLATE : undefined;
  // Loaded here, not at the top: a file that runs on SQLite alone never loads pg.
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  services: Services;
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh instance on its own data folder (and its own PostgreSQL database when kind is postgres). */
export async function startTestApp(kind: DbKind, env: Env = {}, overrides: Parameters<typeof createServices>[1] = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-test-'));
  const pgDb = kind === 'postgres' ? await createPostgresDatabase({ migrated: true }) : undefined;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKERS: '1', ...env, DATABASE_URL: pgDb?.url } as Record<string, string | undefined>);
  const services = await createServices(config, overrides);
  const app = await buildApp(services);
  await app.ready();
  return {
    app,
    services,
    dataDir,
    async close() {
      await app.close();
      await services.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A cookie jar and XSRF-aware request helper, like a browser tab. */
export class Client {
  cookies: Record<string, string> = {};
  constructor(private readonly app: FastifyInstance) {}

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (expired || c.value === '') delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    if (!this.cookies['XSRF-TOKEN']) this.remember(await this.app.inject({ method: 'GET', url: '/api/health', cookies: this.cookies }));
    const res = await this.app.inject({
      method: method as InjectOptions['method'],
      url,
      cookies: this.cookies,
      headers: { 'x-xsrf-token': this.cookies['XSRF-TOKEN'] ?? '', ...headers },
      ...(body === undefined ? {} : typeof body === 'string' || Buffer.isBuffer(body) ? { payload: body } : { payload: body as object }),
    });
    this.remember(res);
    return res;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body: unknown = {}) => this.request('POST', url, body);
  put = (url: string, body: unknown = {}) => this.request('PUT', url, body);
  delete = (url: string, body: unknown = {}) => this.request('DELETE', url, body);
}

let userSeq = 0;

/** Inserts a verified pilot directly and returns a signed-in client (for areas other than auth). */
export async function signedInClient(ctx: TestContext, fields: { role?: string; email?: string } = {}) {
  userSeq += 1;
  const tag = `${Date.now().toString(36)}${userSeq}`;
  const user = await ctx.services.database.db
    .insertInto('users')
    .values({
      email: fields.email ?? `pilot${tag}@example.com`,
      username: `pilot${tag}`,
      passwordHash: null,
      displayName: null,
      role: fields.role ?? 'User',
      preferredLanguage: null,
      emailVerifiedAt: nowIso(),
      authProvider: 'local',
      providerSubject: null,
      profilePictureUrl: null,
      createdAt: nowIso(),
    })
    .returning(['id', 'email', 'username'])
    .executeTakeFirstOrThrow();
  const client = new Client(ctx.app);
  client.cookies.sid = await createSession(ctx.services.database.db, user.id);
  return { client, user };
}

/**
 * What many suites start from: a signed-in pilot (signedInClient) who uploaded one file holding one flight,
 * analysed (uploadFlight), with that flight's id.
 */
export async function signedInWithFlight(ctx: TestContext, file: { name: string; data: Buffer }, fields: { role?: string; email?: string } = {}) {
  const { client, user } = await signedInClient(ctx, fields);
  const { id: flightId } = await uploadFlight(ctx, client, file);
  return { client, user, flightId };
}
