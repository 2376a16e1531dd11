import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';
import type { UploadResponse } from '../../../contract/uploads';
import { ANALYSE_FILE } from '../ingest';
import { setFileStatus } from '../ingest';
import { settleTask } from '../ingest';
import type { IngestDeps } from '../ingest';
import type { ExtractedFile } from './extract';
import * as repo from './repository';
import type { UploadSpool } from './spool';

// Compression runs on libuv's thread pool, so a large upload does not stall other requests.
const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

/** A file to store: kept in the upload's spool, or (small callers such as the demo) given in memory. */
export type UploadedFile = ExtractedFile & { bytes?: Buffer };

/** A file's hash and gzip'd bytes, read from the spool one file at a time; undefined for an ignored entry. */
async function packed(file: UploadedFile, spool?: UploadSpool): Promise<{ sha256: string; content: Buffer } | undefined> {
  if (file.spooled && spool) return { sha256: file.spooled.sha256, content: await spool.gzipped(file.spooled) };
  if (file.bytes) return { sha256: createHash('sha256').update(file.bytes).digest('hex'), content: await gzip(file.bytes) };
  return undefined;
}

/**
 * Stores an upload: one task, a row per extracted file (IGC bytes gzip'd, duplicates and ignored
 * entries listed with their reason), then queues analysis. A small upload is also read before the
 * answer so its flights are listed at once as Pending; scoring never holds the request.
 */
export async function storeUpload(deps: IngestDeps, userId: number, label: string, totalSize: number, files: UploadedFile[], spool?: UploadSpool): Promise<UploadResponse> {
  const { db } = deps;
  const igcCount = files.filter((f) => (f.bytes || f.spooled) && !f.outcome).length;
  const isLargeUpload = igcCount > deps.smallUploadMaxFiles;
  const taskId = await repo.insertTask(db, { userId, filename: label, fileSize: totalSize, estimatedFlightCount: igcCount });

  let duplicateCount = 0;
  const toAnalyse: { id: number; size: number; name: string; content: Buffer }[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const base = { uploadTaskId: taskId, userId, originalFilename: file.name, fileSize: file.size };
    if (file.outcome) {
      await repo.insertFile(db, { ...base, sha256: null, status: file.outcome.status, reason: file.outcome.reason, content: null });
      continue;
    }
    const igc = await packed(file, spool);
    if (!igc) {
      const failed = file.unreadableReason !== undefined;
      await repo.insertFile(db, { ...base, sha256: null, status: failed ? 'Failed' : 'Ignored', reason: (failed ? file.unreadableReason : file.ignoredReason) ?? 'Ignored.', content: null });
      continue;
    }
    const { sha256, content } = igc;
    if (seen.has(sha256) || (await repo.hasLiveFile(db, userId, sha256))) {
      duplicateCount++;
      await repo.insertFile(db, { ...base, sha256, status: 'Duplicate', reason: 'This file is already in your logbook.', content: null });
      continue;
    }
    seen.add(sha256);
    const id = await repo.insertFile(db, { ...base, sha256, status: 'Pending', reason: null, content, ...(file.logbookCopy ? { logbookCopy: 1 } : {}) });
    // A large upload's files are not read before the answer: only the small ones keep their bytes here.
    toAnalyse.push({ id, size: file.size, name: file.name, content: isLargeUpload ? Buffer.alloc(0) : content });
  }
  await repo.setTaskDuplicates(db, taskId, duplicateCount);

  if (!isLargeUpload) {
    // One file at a time: each file's bytes wait in memory for a thread, and many pilots' small uploads
    // at once would otherwise hold all their files there together (docs/ingestion.md, many pilots at once).
    for (const f of toAnalyse) await listPendingFlights(deps, userId, f.id, await gunzip(f.content), f.name);
    await deps.flightsChanged(userId);
  }
  // Largest first, so the long analyses start early and the threads finish together.
  toAnalyse.sort((a, b) => b.size - a.size);
  for (const f of toAnalyse) await deps.queue.enqueue(ANALYSE_FILE, { igcFileId: f.id });
  await settleTask(db, taskId);
  return { isLargeUpload, estimatedFlightCount: igcCount, totalCount: files.length, duplicateCount };
}

/** Reads a file's flights (fast) and lists them as Pending; an unreadable file fails with its reason. */
async function listPendingFlights(deps: IngestDeps, userId: number, igcFileId: number, bytes: Buffer, filename: string) {
  // A thread that dies while reading must not fail the upload: the stored file's job reads it again.
  // The name gives the date of a file without one (XCTrack names files 2024-07-14-…).
  const summary = await deps.pool.read(bytes, filename).catch(() => undefined);
  if (!summary) return;
  if (!summary.ok) {
    await setFileStatus(deps.db, igcFileId, 'Failed', summary.message);
    return;
  }
  for (const s of summary.value.segments) await repo.insertPendingFlight(deps.db, { userId, igcFileId, gliderType: summary.value.gliderType, ...s });
}
