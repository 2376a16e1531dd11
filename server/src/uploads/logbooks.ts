import { promisify } from 'node:util';
import { gunzip as gunzipCb } from 'node:zlib';
import { HttpError } from '../http';
import type { CsvImportAnswer } from '../../../contract/exports';
import type { ExtractedFile } from './extract';
import type { UploadSpool } from './spool';
import type { UploadedFile } from './store-upload';

const gunzip = promisify(gunzipCb);

/**
 * What a logbook's import did and the tracks it holds: the imports area's answer, named here as this
 * area uses it (imports stores its Data-page tracks through this area, so this area does not import it).
 */
export interface LogbookImport {
  answer: CsvImportAnswer;
  tracks: { name: string; bytes: Buffer }[];
}
/** Imports one logbook file's rows for a pilot (the composition root passes the imports area's importer). */
export type LogbookImporter = (userId: number, bytes: Buffer) => Promise<LogbookImport>;

/** A logbook's ledger line from what its import did (docs/import.md, "Every file accounted for"). */
export function logbookOutcome({ answer }: LogbookImport): NonNullable<ExtractedFile['outcome']> {
  const rows = answer.imported + answer.merged + answer.duplicates + answer.refused.length;
  const refused = answer.refused[0] ? `, ${answer.refused.length} refused (row ${answer.refused[0].row}: ${answer.refused[0].message})` : '';
  const tracks = answer.tracks ? `; ${answer.tracks} stored track${answer.tracks === 1 ? '' : 's'} listed below` : '';
  const reason = `Logbook: ${rows} row${rows === 1 ? '' : 's'}, ${answer.imported} new, ${answer.merged} merged, ${answer.duplicates} already in the logbook${refused}${tracks}.`;
  const status = answer.imported ? 'Imported' : answer.merged ? 'Merged' : answer.duplicates ? 'Duplicate' : 'Failed';
  return { status, reason: status === 'Failed' && rows === 0 ? 'Logbook: the file holds no rows.' : reason };
}

/**
 * Imports the logbooks found in an upload (CSV, Logfly's database) as the Data page does, before the
 * upload's tracks are stored, so each track that matches a row joins it when analysed (the merge
 * rule, track after the logbook) and each row that matches a flight already stored joins it (logbook
 * after the track). A logbook that cannot be read is one unreadable line and changes nothing; the
 * tracks a Logfly database holds become files of this upload, listed under the database's name.
 */
export async function importLogbooks(importLogbook: LogbookImporter, userId: number, files: UploadedFile[], spool: UploadSpool): Promise<UploadedFile[]> {
  if (!files.some((f) => f.logbook)) return files;
  const out: UploadedFile[] = [];
  for (const file of files) {
    if (!file.logbook) {
      out.push(file);
      continue;
    }
    const line = { name: file.name, size: file.size };
    const bytes = file.bytes ?? (file.spooled ? await gunzip(await spool.gzipped(file.spooled)) : Buffer.alloc(0));
    let done: LogbookImport;
    try {
      done = await importLogbook(userId, bytes);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500) {
        out.push({ ...line, unreadableReason: `Logbook not imported: ${err.message}` });
        continue;
      }
      throw err;
    }
    out.push({ ...line, outcome: logbookOutcome(done) });
    for (const track of done.tracks) out.push({ name: `${file.name}/${track.name}`, size: track.bytes.length, spooled: await spool.keep(track.bytes), logbookCopy: true });
  }
  return out;
}
