import { createReadStream } from 'node:fs';
import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import yauzl from 'yauzl';
import { CSV_IMPORT_MAX_BYTES } from '../../../contract/exports';
import { isAcceptedUpload, isLogbookFile, isTrackFile, UPLOAD_EXTENSION_MESSAGE } from '../../../contract/rules';
import type { Config } from '../config';
import { HttpError } from '../http';
import { decideEntry, isArchiveName, isDatabaseName, isKmzName, isSqlite, mayBeReadable, namedKind, notTrackReason, readAsByContent, readAsByName, SNIFF_BYTES, type ReadAs } from './file-kinds';
import type { SpooledFile } from './spool';

export type Limits = Config['limits'];

/** One file found in an upload: an IGC file kept on disk, or an entry listed as ignored with its reason. */
export interface ExtractedFile {
  name: string;
  size: number;
  spooled?: SpooledFile;
  ignoredReason?: string;
  /** Read but not readable: a damaged archive inside the upload (listed as Failed). */
  unreadableReason?: string;
  /** The spooled bytes are a logbook (CSV, Logfly's database), imported as the Data page does, not a track. */
  logbook?: boolean;
  /** A track a logbook kept (Logfly's V_IGC): matched by flight, not only by bytes, against the pilot's own files (docs/import.md). */
  logbookCopy?: boolean;
  /** What became of a logbook once imported: its ledger line (docs/import.md). */
  outcome?: { status: 'Imported' | 'Merged' | 'Duplicate' | 'Failed'; reason: string };
}

/** Keeps one IGC file's bytes (on disk); extraction reads the next entry once it resolves. */
export type Keep = (bytes: Buffer) => Promise<SpooledFile>;

/**
 * How one upload is read: its limits, where track bytes are kept, a fresh scratch file for an archive
 * found inside an archive, and how deep this archive lies (0: uploaded as such; archives inside it, one
 * level deep, are opened too; KMZ, a zipped KML, is opened at any of these levels).
 */
export interface ExtractContext {
  budget: UploadBudget;
  keep: Keep;
  scratch: () => string;
  depth: number;
}

/** How deep archives inside archives are opened (docs/import.md). */
export const MAX_ARCHIVE_DEPTH = 1;

export { isAcceptedUpload, UPLOAD_EXTENSION_MESSAGE as EXTENSION_MESSAGE } from '../../../contract/rules';

/** Why an entry is not read at all: an unsafe name, macOS metadata, an archive too deep; undefined when it is read (or its first bytes looked at). */
export function entryProblem(name: string, depth = 0): string | undefined {
  const parts = name.split(/[\\/]+/);
  if (name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name) || parts.includes('..')) return 'Skipped: the path points outside the archive.';
  if (parts.length > 64) return 'Skipped: the path is nested too deeply.';
  if (parts.includes('__MACOSX') || parts.some((p) => p.startsWith('._'))) return 'Ignored: macOS metadata.';
  const decision = decideEntry(name);
  if ('read' in decision && decision.read === 'archive' && depth >= MAX_ARCHIVE_DEPTH) return TOO_DEEP;
  return undefined;
}

const TOO_DEEP = 'Skipped: an archive inside an archive inside an archive is not opened (one level only).';

/** How an archive entry is read, by its first bytes (content before name), else by its name; undefined when it is not read. */
function readAs(name: string, head: Buffer): ReadAs | undefined {
  const decision = decideEntry(name);
  return readAsByContent(name, head) ?? ('read' in decision && decision.read !== 'sniff' ? readAsByName(decision.read, name) : undefined);
}

/** The bytes read so far of an entry whose first bytes are being looked at. */
const headOf = (chunks: Buffer[]) => (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));

/** An entry whose bytes are no format the upload reads, listed as the kind its name gives it. */
const notReadEntry = (name: string, size: number): ExtractedFile => ({ name, size, ignoredReason: notTrackReason(namedKind(name) ?? 'file of an unknown kind') });

/**
 * What one read entry becomes, by its content first (docs/import.md, "Told by content"): a kept track, a
 * logbook, the entries of an archive inside it (their names under its own); when its bytes are none of
 * these, what its name says, and a name of a kind not read (a photo, a system file) is listed as that kind.
 */
async function entryFiles(name: string, bytes: Buffer, ctx: ExtractContext): Promise<ExtractedFile[]> {
  const as = readAs(name, bytes);
  if (!as) return [notReadEntry(name, bytes.length)];
  if (as === 'logbook') return [await keptLogbook(name, bytes, ctx.keep)];
  if (as === 'track') return [{ name, size: bytes.length, spooled: await ctx.keep(bytes) }];
  // An archive told by its content under another name is opened as one told by its name: one level deep.
  if (as !== 'kmz' && ctx.depth >= MAX_ARCHIVE_DEPTH) return [{ name, size: bytes.length, ignoredReason: TOO_DEEP }];
  const path = ctx.scratch();
  await writeFile(path, bytes);
  try {
    const inner = await extractArchive(as, path, bytes.length, { ...ctx, depth: ctx.depth + (as === 'kmz' ? 0 : 1) });
    return inner.map((f) => ({ ...f, name: `${name}/${f.name}` }));
  } catch (err) {
    // A damaged archive (or a bomb) inside an archive is one unreadable entry, not a refused upload;
    // the upload's own budget (entries, unpacked bytes) still refuses the whole upload.
    const { budget } = ctx;
    const overBudget = budget.entries > budget.limits.archiveMaxEntries || budget.bytes > budget.limits.archiveMaxUncompressedBytes;
    if (err instanceof HttpError && !overBudget) return [{ name, size: bytes.length, unreadableReason: err.message }];
    throw err;
  } finally {
    await rm(path, { force: true });
  }
}

/** A logbook kept (gzip'd in the spool) until the upload imports it; one over the Data page's size limit is skipped. */
async function keptLogbook(name: string, bytes: Buffer, keep: Keep): Promise<ExtractedFile> {
  if (bytes.length > CSV_IMPORT_MAX_BYTES) return { name, size: bytes.length, ignoredReason: `Skipped: the logbook ${name} is larger than ${CSV_IMPORT_MAX_BYTES / 1048576} MB.` };
  // Named as a database but not one: read as a CSV it would only say that its header is unknown.
  if (isDatabaseName(name) && !isSqlite(bytes)) return { name, size: bytes.length, unreadableReason: notSqliteReason(name) };
  return { name, size: bytes.length, logbook: true, spooled: await keep(bytes) };
}

/** Why a file named as a database (Logfly's `.db`) that does not start with SQLite's header is not read. */
const notSqliteReason = (name: string) => `Unreadable: ${name.split(/[\\/]/).at(-1)} is named as a database but is not a SQLite file (no SQLite header), so it is not a Logfly logbook.`;

/** Running totals of one upload, enforcing the configured limits with clear messages. */
export class UploadBudget {
  entries = 0;
  bytes = 0;
  constructor(readonly limits: Limits) {}

  countEntry() {
    if (++this.entries > this.limits.archiveMaxEntries) throw new HttpError(413, `The archive has more than ${this.limits.archiveMaxEntries} entries.`);
  }

  add(n: number) {
    this.bytes += n;
    if (this.bytes > this.limits.archiveMaxUncompressedBytes) {
      throw new HttpError(413, `The archive unpacks to more than ${Math.round(this.limits.archiveMaxUncompressedBytes / 1048576)} MB.`);
    }
  }
}

const tooBig = (name: string, limits: Limits) => `Skipped: ${name} is larger than ${Math.round(limits.igcMaxBytes / 1048576)} MB.`;

/** Inside a KMZ only its KML is the track; its icons and overlays are parts of it. */
const kmzProblem = (name: string) => (/\.kml$/i.test(name) ? undefined : notTrackReason('image or other part of a KMZ'));

/** Reads a zip (or KMZ) from disk entry by entry, keeping one track at a time; never trusts the declared sizes. */
export function extractZip(path: string, packedSize: number, ctx: ExtractContext, kmz = false): Promise<ExtractedFile[]> {
  const { budget } = ctx;
  const { limits } = budget;
  const problemOf = (name: string) => (kmz ? kmzProblem(name) : entryProblem(name, ctx.depth));
  // Bombs whose entries each look reasonable (overlapping entries that all point at the same data):
  // stop once the archive as a whole unpacks to more than the ratio limit over its packed size.
  const maxUnpacked = Math.max(packedSize * limits.archiveMaxRatio, 1048576);
  let unpacked = 0;
  return new Promise((resolve, reject) => {
    // decodeStrings off: yauzl would abort the whole archive on an unsafe name; we skip just that entry.
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false, autoClose: false }, (err, zip) => {
      if (err || !zip) return reject(new HttpError(400, kmz ? 'The KMZ file is damaged or not a zipped KML.' : 'The zip archive is damaged or not a zip file.'));
      const out: ExtractedFile[] = [];
      let closed = false;
      const close = () => {
        if (!closed) zip.close();
        closed = true;
      };
      const fail = (e: unknown) => {
        close();
        reject(e instanceof HttpError ? e : new HttpError(400, 'The zip archive is damaged or not a zip file.'));
      };
      zip.on('error', fail);
      zip.on('end', () => {
        close();
        resolve(out);
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          budget.countEntry();
        } catch (e) {
          return fail(e);
        }
        const raw = entry.fileName as unknown as Buffer;
        const name = raw.toString(entry.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1');
        if (name.endsWith('/')) return zip.readEntry();
        const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
        // Unix-made archives say what an entry is: only regular files are read (devices, FIFOs, sockets are not).
        const special = (entry.versionMadeBy >> 8) === 3 && mode !== 0 && mode !== 0o100000;
        const problem = mode === 0o120000 ? 'Skipped: links are not followed.' : special ? 'Skipped: device and other special entries are not read.' : problemOf(name);
        if (problem) {
          out.push({ name, size: entry.uncompressedSize, ignoredReason: problem });
          return zip.readEntry();
        }
        if (entry.uncompressedSize > limits.igcMaxBytes) {
          // Too large to be read: listed as the kind its name gives it (a video), else as too large.
          const kind = kmz ? undefined : namedKind(name);
          out.push({ name, size: entry.uncompressedSize, ignoredReason: kind ? notTrackReason(kind) : tooBig(name, limits) });
          return zip.readEntry();
        }
        const overRatio = entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > limits.archiveMaxRatio;
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(e);
          const chunks: Buffer[] = [];
          let size = 0;
          let decided = false;
          let left = false;
          const leave = () => {
            left = true;
            stream.destroy();
          };
          // Its first bytes decide (content before name): read on, or listed as its kind and left unread.
          const decide = (): boolean => {
            decided = true;
            const as = readAs(name, Buffer.concat(chunks));
            if (as === undefined) {
              leave();
              out.push(notReadEntry(name, entry.uncompressedSize));
              zip.readEntry();
              return false;
            }
            // An archive inside packs again what it holds (zeros twice over): its own entries are checked when it is opened.
            if (as !== 'zip' && as !== 'tarGz' && overRatio) {
              leave();
              fail(new HttpError(413, `The archive entry ${name} is compressed suspiciously well (over ${limits.archiveMaxRatio}:1); the upload was refused.`));
              return false;
            }
            return true;
          };
          stream.on('data', (c: Buffer) => {
            if (left) return;
            size += c.length;
            unpacked += c.length;
            try {
              if (unpacked > maxUnpacked) throw new HttpError(413, `The archive is compressed suspiciously well (over ${limits.archiveMaxRatio}:1); the upload was refused.`);
              budget.add(c.length);
              if (size > limits.igcMaxBytes) throw new HttpError(413, tooBig(name, limits));
            } catch (limitErr) {
              leave();
              return fail(limitErr);
            }
            chunks.push(c);
            if (!decided && (size >= SNIFF_BYTES || !mayBeReadable(headOf(chunks)))) decide();
          });
          stream.on('error', (err) => {
            if (!left) fail(err);
          });
          stream.on('end', () => {
            if (left || (!decided && !decide())) return;
            entryFiles(name, Buffer.concat(chunks), ctx).then((files) => {
              out.push(...files);
              zip.readEntry();
            }, fail);
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** IGC files being kept at once while a tar.gz is read on: more pause the reading. */
const TAR_KEEPS_IN_FLIGHT = 2;

/**
 * Reads a gzip'd tar from disk as a stream, keeping one IGC file at a time (reading pauses while
 * files are being kept); only regular files are read, links and devices are listed as skipped.
 */
export function extractTarGz(path: string, packedSize: number, ctx: ExtractContext): Promise<ExtractedFile[]> {
  const { budget } = ctx;
  const { limits } = budget;
  return new Promise((resolve, reject) => {
    // One slot per entry, filled when it is read: an archive inside one fills its slot with several files.
    const out: ExtractedFile[][] = [];
    // Gzip bombs: stop once the unpacked bytes exceed the ratio limit over the packed size.
    const maxUnpacked = Math.max(packedSize * limits.archiveMaxRatio, 1048576);
    let failed = false;
    const source = createReadStream(path);
    const gunzip = createGunzip();
    const keeping = new Set<Promise<void>>();
    const fail = (e: unknown) => {
      if (failed) return;
      failed = true;
      source.destroy();
      gunzip.destroy();
      parser.abort(e as Error);
      reject(e instanceof HttpError ? e : new HttpError(400, 'The tar.gz archive is damaged or not a tar.gz file.'));
    };
    const parser = new Parser({
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        try {
          budget.countEntry();
        } catch (e) {
          entry.resume();
          return fail(e);
        }
        const name = entry.path;
        if (entry.type === 'Directory') return entry.resume();
        const problem = entry.type !== 'File' && entry.type !== 'OldFile' ? `Skipped: ${entry.type} entries are not read.` : entryProblem(name, ctx.depth);
        if (problem || entry.size > limits.igcMaxBytes) {
          // Too large to be read: listed as the kind its name gives it (a video), else as too large.
          const kind = problem ? undefined : namedKind(name);
          out.push([{ name, size: entry.size, ignoredReason: problem ?? (kind ? notTrackReason(kind) : tooBig(name, limits)) }]);
          return entry.resume();
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let decided = false;
        let left = false;
        entry.on('data', (c: Buffer) => {
          if (left) return;
          try {
            budget.add(c.length);
            if (budget.bytes > maxUnpacked) throw new HttpError(413, `The archive is compressed suspiciously well (over ${limits.archiveMaxRatio}:1); the upload was refused.`);
          } catch (e) {
            return fail(e);
          }
          chunks.push(c);
          size += c.length;
          // Its first bytes decide (content before name): kept on, or listed as its kind and the rest passed over.
          if (!decided && (size >= SNIFF_BYTES || !mayBeReadable(headOf(chunks)))) {
            decided = true;
            if (readAs(name, Buffer.concat(chunks)) === undefined) {
              left = true;
              chunks.length = 0;
            }
          }
        });
        entry.on('end', () => {
          if (failed) return;
          if (left) {
            out.push([notReadEntry(name, entry.size)]);
            return;
          }
          // Its place in the list is taken now, so the entries stay in archive order.
          const slot: ExtractedFile[] = [];
          out.push(slot);
          const kept = entryFiles(name, Buffer.concat(chunks), ctx).then(
            (files) => {
              slot.push(...files);
              keeping.delete(kept);
              if (keeping.size < TAR_KEEPS_IN_FLIGHT) gunzip.resume();
            },
            (e) => fail(e),
          );
          keeping.add(kept);
          if (keeping.size >= TAR_KEEPS_IN_FLIGHT) gunzip.pause();
        });
      },
    });
    parser.on('error', fail);
    parser.on('abort', fail);
    parser.on('end', () => {
      if (failed) return;
      if (out.length === 0 && budget.entries === 0) return fail(new HttpError(400, 'The tar.gz archive is empty or damaged.'));
      void Promise.all(keeping).then(() => {
        if (!failed) resolve(out.flat());
      });
    });
    // Unpacked as a stream, counting every byte (skipped entries and headers too), so a gzip bomb is
    // stopped after its first megabytes instead of being inflated whole in memory.
    let unpacked = 0;
    gunzip.on('data', (chunk: Buffer) => {
      if (failed) return;
      unpacked += chunk.length;
      try {
        if (unpacked > maxUnpacked) throw new HttpError(413, `The archive is compressed suspiciously well (over ${limits.archiveMaxRatio}:1); the upload was refused.`);
        if (unpacked > limits.archiveMaxUncompressedBytes + 1048576) budget.add(Infinity);
      } catch (e) {
        return fail(e);
      }
      try {
        parser.write(chunk);
      } catch (e) {
        fail(e);
      }
    });
    gunzip.on('error', () => fail(new HttpError(400, 'The tar.gz archive is damaged or not a tar.gz file.')));
    gunzip.on('end', () => {
      if (!failed) parser.end();
    });
    source.on('error', fail);
    source.pipe(gunzip);
  });
}

/** The entries of an archive on disk: zip (or KMZ) or tar.gz. */
function extractArchive(as: 'zip' | 'kmz' | 'tarGz', path: string, size: number, ctx: ExtractContext): Promise<ExtractedFile[]> {
  return as === 'tarGz' ? extractTarGz(path, size, ctx) : extractZip(path, size, ctx, as === 'kmz');
}

/** The first bytes of a file on disk (fewer when it is shorter). */
async function readHead(path: string, length: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await file.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Every file of one uploaded part, already on disk at `path`: the track itself, a logbook, or the entries
 * of an archive (and of archives in it). Its first bytes decide before its name (docs/import.md): a Logfly
 * database called `.igc` is a logbook, a zip called `.igc` an archive, an IGC called `.zip` a track.
 */
export async function extractPart(filename: string, path: string, size: number, budget: UploadBudget, keep: Keep, scratch?: () => string): Promise<ExtractedFile[]> {
  let n = 0;
  if (!isAcceptedUpload(filename)) throw new HttpError(400, UPLOAD_EXTENSION_MESSAGE);
  const ctx: ExtractContext = { budget, keep, scratch: scratch ?? (() => `${path}.inner-${n++}`), depth: 0 };
  if (size === 0 && (isArchiveName(filename) || isKmzName(filename))) throw new HttpError(400, `The archive ${filename} is empty.`);
  const byName = isKmzName(filename) ? 'kmz' : isTrackFile(filename) ? 'track' : isLogbookFile(filename) ? 'logbook' : readAsByName('archive', filename);
  const as = readAsByContent(filename, await readHead(path, SNIFF_BYTES)) ?? byName;
  if (as === 'logbook') {
    if (size > CSV_IMPORT_MAX_BYTES) return [{ name: filename, size, ignoredReason: `Skipped: the logbook ${filename} is larger than ${CSV_IMPORT_MAX_BYTES / 1048576} MB.` }];
    return [await keptLogbook(filename, await readFile(path), keep)];
  }
  if (as === 'track') {
    if (size > budget.limits.igcMaxBytes) return [{ name: filename, size, ignoredReason: tooBig(filename, budget.limits) }];
    return [{ name: filename, size, spooled: await keep(await readFile(path)) }];
  }
  budget.countEntry();
  const entries = await extractArchive(as, path, size, ctx);
  // A KMZ's parts are listed under its name; an archive's files under their own paths.
  return as === 'kmz' ? entries.map((f) => ({ ...f, name: `${filename}/${f.name}` })) : entries;
}
