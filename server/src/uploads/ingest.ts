import { createHash } from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';
import { distanceKm } from '../analysis/geo';
import { REASON } from '../analysis/validation';
import { nowIso, type Db } from '../db';
import { touchPilot } from '../http/read-cache';
import type { AnalysisPool } from '../jobs/analysis-pool';
import type { StoredAnalysis } from '../jobs/analysis-worker';
import { MAX_ATTEMPTS, type Job, type JobQueue } from '../jobs/queue';
import type { ExtractedFile } from './extract';

export const ANALYSE_FILE = 'analyse-file';
/**
 * Runs of one file's analysis in all, however they ended (thrown, or the process died), before it is marked
 * Failed. A restart for any other reason also costs the file in progress a run (on a slow machine the same
 * early file can be mid-analysis at every restart), so the bound leaves room for several unrelated restarts.
 */
export const MAX_FILE_RUNS = MAX_ATTEMPTS + 7;
// Compression runs on libuv's thread pool, so a large upload does not stall other requests.
const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);
/** Takeoffs closer than this share a launch site. */
const SITE_RADIUS_KM = 0.3;
/** Another instrument's recording of the same flight: takeoff and landing this close in time and place. */
const SIMILAR = { seconds: 120, km: 0.5 };
/** Advisory lock namespace for storing one pilot's flights (any constant unique in this app). */
const PILOT_LOCK = 0x666c74;

export interface IngestDeps {
  db: Db;
  pool: AnalysisPool;
  queue: JobQueue;
  smallUploadMaxFiles: number;
  onFlightsAnalysed: ((userId: number) => Promise<void>)[];
}

export interface UploadResponse {
  isLargeUpload: boolean;
  estimatedFlightCount: number;
  totalCount: number;
  duplicateCount: number;
}

/**
 * Stores an upload: one task, a row per extracted file (IGC bytes gzip'd, duplicates and ignored
 * entries listed with their reason), then queues analysis. A small upload is also read before the
 * answer so its flights are listed at once as Pending; scoring never holds the request.
 */
export async function ingestUpload(deps: IngestDeps, userId: number, label: string, totalSize: number, files: ExtractedFile[]): Promise<UploadResponse> {
  const { db } = deps;
  const igcCount = files.filter((f) => f.bytes).length;
  const isLargeUpload = igcCount > deps.smallUploadMaxFiles;
  const task = await db
    .insertInto('uploadTasks')
    .values({ userId, uploadDate: nowIso(), filename: label, fileSize: totalSize, status: 'Processing', errorMessage: null, estimatedFlightCount: igcCount, processedFlightCount: 0, duplicateFlightCount: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();

  let duplicateCount = 0;
  const toAnalyse: { id: number; bytes: Buffer }[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const base = { uploadTaskId: task.id, userId, originalFilename: file.name, fileSize: file.size, attempts: 0, createdAt: nowIso() };
    if (!file.bytes) {
      await db.insertInto('igcFiles').values({ ...base, sha256: null, status: 'Ignored', reason: file.ignoredReason ?? 'Ignored.', content: null }).execute();
      continue;
    }
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const earlier = seen.has(sha256) || (await db.selectFrom('igcFiles').select('id').where('userId', '=', userId).where('sha256', '=', sha256).where('status', 'in', ['Pending', 'Processing', 'Completed']).executeTakeFirst());
    if (earlier) {
      duplicateCount++;
      await db.insertInto('igcFiles').values({ ...base, sha256, status: 'Duplicate', reason: 'This file is already in your logbook.', content: null }).execute();
      continue;
    }
    seen.add(sha256);
    const row = await db.insertInto('igcFiles').values({ ...base, sha256, status: 'Pending', reason: null, content: await gzip(file.bytes) }).returning('id').executeTakeFirstOrThrow();
    toAnalyse.push({ id: row.id, bytes: file.bytes });
  }
  await db.updateTable('uploadTasks').set({ duplicateFlightCount: duplicateCount }).where('id', '=', task.id).execute();

  if (!isLargeUpload) {
    await Promise.all(toAnalyse.map((f) => listFlights(deps, userId, f.id, f.bytes)));
    await touchPilot(db, userId);
  }
  // Largest first, so the long analyses start early and the threads finish together.
  toAnalyse.sort((a, b) => b.bytes.length - a.bytes.length);
  for (const f of toAnalyse) await deps.queue.enqueue(ANALYSE_FILE, { igcFileId: f.id });
  await settleTask(db, task.id);
  return { isLargeUpload, estimatedFlightCount: igcCount, totalCount: files.length, duplicateCount };
}

/**
 * Files stored by a process that died before queueing their analysis (or whose job was lost):
 * queue them again. Run at start-up; a file already queued or running is left alone.
 */
export async function requeueOrphans(deps: IngestDeps): Promise<number> {
  const waiting = await deps.db.selectFrom('igcFiles').select('id').where('status', 'in', ['Pending', 'Processing']).where('content', 'is not', null).execute();
  if (!waiting.length) return 0;
  const queued = new Set((await deps.queue.pendingPayloads(ANALYSE_FILE)).map((p) => (p as { igcFileId: number }).igcFileId));
  const orphans = waiting.filter((f) => !queued.has(f.id));
  for (const f of orphans) await deps.queue.enqueue(ANALYSE_FILE, { igcFileId: f.id });
  return orphans.length;
}

/** Reads a file's flights (fast) and lists them as Pending; an unreadable file fails with its reason. */
async function listFlights(deps: IngestDeps, userId: number, igcFileId: number, bytes: Buffer) {
  // A thread that dies while reading must not fail the upload: the stored file's job reads it again.
  const summary = await deps.pool.read(bytes).catch(() => undefined);
  if (!summary) return;
  if (!summary.ok) {
    await deps.db.updateTable('igcFiles').set({ status: 'Failed', reason: summary.message }).where('id', '=', igcFileId).execute();
    return;
  }
  for (const s of summary.value.segments) {
    await deps.db
      .insertInto('flights')
      .values({
        userId,
        igcFileId,
        segmentIndex: s.segmentIndex,
        status: 'Pending',
        startTime: s.startTime,
        endTime: s.endTime,
        timeZone: s.timeZone,
        localDate: s.localDate,
        localYear: Number(s.localDate.slice(0, 4)),
        localMonth: Number(s.localDate.slice(5, 7)),
        gliderType: summary.value.gliderType,
        createdAt: nowIso(),
      })
      .onConflict((oc) => oc.columns(['igcFileId', 'segmentIndex']).doNothing())
      .execute();
  }
}

/** The analysis job: scores every flight of a file and stores the results, exactly once. */
export async function analyseFileJob(deps: IngestDeps, job: Job): Promise<void> {
  const { db } = deps;
  const { igcFileId } = job.payload as { igcFileId: number };
  const file = await db.selectFrom('igcFiles').selectAll().where('id', '=', igcFileId).executeTakeFirst();
  if (!file || !file.content || file.status === 'Completed' || file.status === 'Failed') return;
  // Runs are counted on the file itself, so the bound holds across process deaths (a run that killed
  // its process never reaches the catch below), restarts, re-queued orphans and repeated deliveries.
  const runs = file.attempts + 1;
  let result: Awaited<ReturnType<AnalysisPool['analyse']>>;
  if (runs > MAX_FILE_RUNS) {
    result = { ok: false, unreadable: false, message: `The analysis stopped unexpectedly ${file.attempts} times on this file; it was given up.` };
  } else {
    await db.updateTable('igcFiles').set({ status: 'Processing', attempts: runs }).where('id', '=', igcFileId).execute();
    await db.updateTable('flights').set({ status: 'Processing' }).where('igcFileId', '=', igcFileId).execute();
    try {
      result = await deps.pool.analyse(await gunzip(file.content));
    } catch (err) {
      if (job.attempts < MAX_ATTEMPTS && runs < MAX_FILE_RUNS) throw err;
      result = { ok: false as const, unreadable: false, message: `Analysis failed after ${runs} attempts: ${(err as Error).message}` };
    }
  }
  if (!result.ok) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('igcFiles').set({ status: 'Failed', reason: result.message }).where('id', '=', igcFileId).execute();
      await trx.updateTable('flights').set({ status: 'Failed', errorMessage: result.message, removalReason: result.unreadable ? 3 : 4 }).where('igcFileId', '=', igcFileId).execute();
    });
  } else {
    await storeFlights(db, file.userId, igcFileId, result.value);
  }
  await settleTask(db, file.uploadTaskId);
  for (const hook of deps.onFlightsAnalysed) await hook(file.userId);
}

async function storeFlights(db: Db, userId: number, igcFileId: number, flights: StoredAnalysis[]) {
  await db.transaction().execute(async (trx) => {
    await lockPilot(trx, userId);
    for (const a of flights) {
      const siteId = await siteFor(trx, userId, a.takeoff, a.takeoffLocation);
      const removalReason = a.removalReason || (await crossFileReason(trx, userId, igcFileId, a));
      const fields = {
        status: 'Completed',
        errorMessage: null,
        startTime: a.startTime,
        endTime: a.endTime,
        timeZone: a.timeZone,
        localDate: a.localDate,
        localYear: Number(a.localDate.slice(0, 4)),
        localMonth: Number(a.localDate.slice(5, 7)),
        flightTime: a.flightTime,
        distance: a.distance,
        xcDistance: a.xcDistance,
        xcPoints: a.xcPoints,
        flightCode: a.flightCode,
        groundDistance: a.groundDistance,
        xcSpeed: a.xcSpeed,
        maxAltitude: a.maxAltitude,
        maxHeight: a.maxHeight,
        startHeight: a.startHeight,
        elevationGain: a.elevationGain,
        maxLift: a.maxLift,
        maxSink: a.maxSink,
        leftCircles: a.leftCircles,
        rightCircles: a.rightCircles,
        gliderType: a.gliderType,
        takeoffLocation: a.takeoffLocation,
        landingLocation: a.landingLocation,
        takeoffLat: a.takeoff.latitude,
        takeoffLon: a.takeoff.longitude,
        landingLat: a.landing.latitude,
        landingLon: a.landing.longitude,
        siteId,
        fingerprint: a.fingerprint,
        removalReason: removalReason || null,
      };
      const row = await trx
        .insertInto('flights')
        .values({ userId, igcFileId, segmentIndex: a.segmentIndex, createdAt: nowIso(), ...fields })
        .onConflict((oc) => oc.columns(['igcFileId', 'segmentIndex']).doUpdateSet(fields))
        .returning('id')
        .executeTakeFirstOrThrow();
      const track = { path: Buffer.from(a.track.path), pathLowRes: Buffer.from(a.track.pathLowRes), features: Buffer.from(a.track.features) };
      await trx
        .insertInto('flightTracks')
        .values({ flightId: row.id, ...track })
        .onConflict((oc) => oc.column('flightId').doUpdateSet(track))
        .execute();
    }
    await trx.deleteFrom('flights').where('igcFileId', '=', igcFileId).where('segmentIndex', '>=', flights.length).execute();
    await trx.updateTable('igcFiles').set({ status: 'Completed', reason: null }).where('id', '=', igcFileId).execute();
  });
}

/**
 * One pilot's files are stored one after another, so two files analysed at the same moment (two
 * threads or processes) see each other's flights for the Duplicate and Similar checks and share
 * launch sites. SQLite has a single writer already; PostgreSQL takes a lock held until commit.
 */
async function lockPilot(trx: Db, userId: number) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`SELECT pg_advisory_xact_lock(${PILOT_LOCK}, ${userId})`.execute(trx);
}

/** Duplicate (same fixes from another file) or Similar (another instrument, same takeoff and landing). */
export async function crossFileReason(db: Db, userId: number, igcFileId: number, a: StoredAnalysis): Promise<number> {
  const others = db.selectFrom('flights').where('userId', '=', userId).where('igcFileId', '!=', igcFileId).where('status', '=', 'Completed');
  const same = await others.select('id').where('fingerprint', '=', a.fingerprint).executeTakeFirst();
  if (same) return REASON.duplicate;
  const t0 = Date.parse(a.startTime);
  const window = (t: number) => [new Date(t - SIMILAR.seconds * 1000).toISOString(), new Date(t + SIMILAR.seconds * 1000).toISOString()] as const;
  const [from, to] = window(t0);
  const candidates = await others
    .select(['endTime', 'takeoffLat', 'takeoffLon', 'landingLat', 'landingLon'])
    .where('startTime', '>=', from)
    .where('startTime', '<=', to)
    .execute();
  const t1 = Date.parse(a.endTime);
  const near = (lat: number | null, lon: number | null, p: { latitude: number; longitude: number }) => lat !== null && lon !== null && distanceKm({ latitude: lat, longitude: lon }, p) <= SIMILAR.km;
  return candidates.some((c) => Math.abs(Date.parse(c.endTime ?? '') - t1) <= SIMILAR.seconds * 1000 && near(c.takeoffLat, c.takeoffLon, a.takeoff) && near(c.landingLat, c.landingLon, a.landing)) ? REASON.similar : REASON.none;
}

/** The pilot's launch site within 300 m of the takeoff, created on first visit. */
async function siteFor(db: Db, userId: number, p: { latitude: number; longitude: number }, name: string | null): Promise<number> {
  const d = SITE_RADIUS_KM / 111;
  const near = await db
    .selectFrom('sites')
    .selectAll()
    .where('userId', '=', userId)
    .where('latitude', '>=', p.latitude - d)
    .where('latitude', '<=', p.latitude + d)
    .where('longitude', '>=', p.longitude - d * 2)
    .where('longitude', '<=', p.longitude + d * 2)
    .execute();
  const site = near.find((s) => distanceKm(s, p) <= SITE_RADIUS_KM);
  if (site) return site.id;
  const label = name ?? `${p.latitude.toFixed(3)}, ${p.longitude.toFixed(3)}`;
  const row = await db.insertInto('sites').values({ userId, name: label, latitude: p.latitude, longitude: p.longitude }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Recounts a task from its files: Completed once none is waiting, Failed when every IGC failed. */
export async function settleTask(db: Db, taskId: number) {
  const files = await db.selectFrom('igcFiles').select(['id', 'status']).where('uploadTaskId', '=', taskId).execute();
  const flights = await db
    .selectFrom('flights')
    .innerJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('igcFiles.uploadTaskId', '=', taskId)
    .where('flights.status', 'in', ['Completed', 'Failed'])
    .executeTakeFirstOrThrow();
  const waiting = files.some((f) => f.status === 'Pending' || f.status === 'Processing');
  const igc = files.filter((f) => f.status !== 'Ignored' && f.status !== 'Duplicate');
  const allFailed = igc.length > 0 && igc.every((f) => f.status === 'Failed');
  const noneUsable = igc.length === 0 && !files.some((f) => f.status === 'Duplicate');
  const status = waiting ? 'Processing' : allFailed || noneUsable ? 'Failed' : 'Completed';
  const errorMessage = status !== 'Failed' ? null : allFailed ? 'None of the files could be read.' : 'The upload contained no IGC files.';
  await db.updateTable('uploadTasks').set({ status, errorMessage, processedFlightCount: Number(flights.n) }).where('id', '=', taskId).execute();
}
