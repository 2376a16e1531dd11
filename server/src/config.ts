import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { SCORING_RULES, type ScoringRules } from '../../contract/scoring';

const bool = z
  .string()
  .optional()
  .transform((v) => v === '1' || v === 'true');
const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every environment variable the product reads, with its embedded default (see the README table). */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  TERRAIN_DIR: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Flight Logbook <no-reply@flightlog.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER_URL: z.string().default('https://accounts.google.com'),
  ADMIN_EMAILS: z.string().default(''),
  DEV_LOGIN: bool,
  // One core stays with the web server and the database writes; on two cores one analysis thread keeps an
  // import's peak under 400 MB (docs/ingestion.md).
  WORKERS: int(Math.max(1, cpus().length - 1)),
  SCORING_RULES: z.enum(SCORING_RULES, { error: `SCORING_RULES must be one of ${SCORING_RULES.join(', ')}.` }).default('XContest'),
  UPLOAD_MAX_BYTES: int(200 * 1024 * 1024),
  UPLOAD_MAX_FILES: int(20),
  ARCHIVE_MAX_ENTRIES: int(10000),
  ARCHIVE_MAX_UNCOMPRESSED_BYTES: int(2 * 1024 * 1024 * 1024),
  ARCHIVE_MAX_RATIO: int(100),
  IGC_MAX_BYTES: int(50 * 1024 * 1024),
  SMALL_UPLOAD_MAX_FILES: int(10),
  TILE_STREET_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_TOPO_URL: z.string().default('https://tile.opentopomap.org/{z}/{x}/{y}.png'),
  TILE_SATELLITE_URL: z
    .string()
    .default('https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}'),
  LOG_LEVEL: z.string().default('info'),
  TRUST_PROXY: z.string().default(''),
  AUTH_RATE_LIMIT_PER_IP: int(50),
  AUTH_RATE_LIMIT_PER_EMAIL: int(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: int(900),
  PUBLIC_RATE_LIMIT_PER_IP: int(300),
  PUBLIC_RATE_LIMIT_WINDOW_SECONDS: int(60),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** True when PUBLIC_URL was not set and the address was made from PORT. */
  publicUrlFromPort: boolean;
  secureCookies: boolean;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  oidc: { clientId: string | undefined; clientSecret: string | undefined; issuerUrl: string };
  adminEmails: string[];
  devLogin: boolean;
  workers: number;
  scoringRules: ScoringRules;
  /** SRTM .hgt tiles for AGL airspace limits (docs/airspace.md); none: AGL limits are not checked. */
  terrainDir: string | undefined;
  limits: {
    uploadMaxBytes: number;
    uploadMaxFiles: number;
    archiveMaxEntries: number;
    archiveMaxUncompressedBytes: number;
    archiveMaxRatio: number;
    igcMaxBytes: number;
    smallUploadMaxFiles: number;
  };
  tiles: { street: string; topo: string; satellite: string };
  logLevel: string;
  /** Whose X-Forwarded-For to believe: nobody by default, else true (any) or the proxies' addresses/CIDRs. */
  trustProxy: boolean | string;
  /** Login, register, forgot-password and resend-verification attempts per window. */
  authRateLimit: { perIp: number; perEmail: number; windowSeconds: number };
  /** Share-link reads, the pilot page and their HTML pages, per client address (http/public-rate-limit.ts). */
  publicRateLimit: { perIp: number; windowSeconds: number };
}

/** Reads a secret from DATA_DIR, generating and saving it on first use. */
function persistentSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = envSchema.parse(env);
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  // Without PUBLIC_URL, mailed links point at the port the server listens on (docs/server.md).
  const publicUrl = (e.PUBLIC_URL || `http://localhost:${e.PORT || 3000}`).replace(/\/$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    publicUrl,
    publicUrlFromPort: !e.PUBLIC_URL,
    secureCookies: publicUrl.startsWith('https:'),
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(dataDir, 'session-secret'),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    oidc: { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuerUrl: e.OIDC_ISSUER_URL },
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    devLogin: e.DEV_LOGIN && e.NODE_ENV !== 'production',
    workers: e.WORKERS,
    scoringRules: e.SCORING_RULES,
    terrainDir: e.TERRAIN_DIR ? resolve(e.TERRAIN_DIR) : undefined,
    limits: {
      uploadMaxBytes: e.UPLOAD_MAX_BYTES,
      uploadMaxFiles: e.UPLOAD_MAX_FILES,
      archiveMaxEntries: e.ARCHIVE_MAX_ENTRIES,
      archiveMaxUncompressedBytes: e.ARCHIVE_MAX_UNCOMPRESSED_BYTES,
      archiveMaxRatio: e.ARCHIVE_MAX_RATIO,
      igcMaxBytes: e.IGC_MAX_BYTES,
      smallUploadMaxFiles: e.SMALL_UPLOAD_MAX_FILES,
    },
    tiles: { street: e.TILE_STREET_URL, topo: e.TILE_TOPO_URL, satellite: e.TILE_SATELLITE_URL },
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    authRateLimit: { perIp: e.AUTH_RATE_LIMIT_PER_IP, perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL, windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    publicRateLimit: { perIp: e.PUBLIC_RATE_LIMIT_PER_IP, windowSeconds: e.PUBLIC_RATE_LIMIT_WINDOW_SECONDS },
  };
}

function parseTrustProxy(value: string): boolean | string {
  const v = value.trim();
  return !v || v === 'false' ? false : v === 'true' ? true : v;
}
