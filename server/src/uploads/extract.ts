import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import yauzl from 'yauzl';
import { isAcceptedUpload, isTrackFile, UPLOAD_EXTENSION_MESSAGE } from '../../../contract/rules';
import type { Config } from '../config';
import { HttpError } from '../http';
import type { SpooledFile } from './spool';

export type Limits = Config['limits'];

/** One file found in an upload: an IGC file kept on disk, or an entry listed as ignored with its reason. */
export interface ExtractedFile {
  name: string;
  size: number;
  spooled?: SpooledFile;
  ignoredReason?: string;
}

/** Keeps one IGC file's bytes (on disk); extraction reads the next entry once it resolves. */
export type Keep = (bytes: Buffer) => Promise<SpooledFile>;

export { isAcceptedUpload, UPLOAD_EXTENSION_MESSAGE as EXTENSION_MESSAGE } from '../../../contract/rules';

/** Why an entry name is unsafe or irrelevant, or undefined when it is a track (IGC or GPX) to read. */
export function entryProblem(name: string): string | undefined {
  const parts = name.split(/[\\/]+/);
  if (name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name) || parts.includes('..')) return 'Skipped: the path points outside the archive.';
  if (parts.length > 64) return 'Skipped: the path is nested too deeply.';
  if (parts.includes('__MACOSX') || parts.some((p) => p.startsWith('._'))) return 'Ignored: macOS metadata.';
  if (!isTrackFile(name)) return 'Ignored: not an IGC or GPX file.';
  return undefined;
}

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

/** Reads a zip from disk entry by entry, keeping one IGC file at a time; never trusts the declared sizes. */
export function extractZip(path: string, packedSize: number, budget: UploadBudget, keep: Keep): Promise<ExtractedFile[]> {
  const { limits } = budget;
  // Bombs whose entries each look reasonable (overlapping entries that all point at the same data):
  // stop once the archive as a whole unpacks to more than the ratio limit over its packed size.
  const maxUnpacked = Math.max(packedSize * limits.archiveMaxRatio, 1048576);
  let unpacked = 0;
  return new Promise((resolve, reject) => {
    // decodeStrings off: yauzl would abort the whole archive on an unsafe name; we skip just that entry.
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false, autoClose: false }, (err, zip) => {
      if (err || !zip) return reject(new HttpError(400, 'The zip archive is damaged or not a zip file.'));
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
        const problem = mode === 0o120000 ? 'Skipped: links are not followed.' : special ? 'Skipped: device and other special entries are not read.' : entryProblem(name);
        if (problem) {
          out.push({ name, size: entry.uncompressedSize, ignoredReason: problem });
          return zip.readEntry();
        }
        if (entry.uncompressedSize > limits.igcMaxBytes) {
          out.push({ name, size: entry.uncompressedSize, ignoredReason: tooBig(name, limits) });
          return zip.readEntry();
        }
        if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > limits.archiveMaxRatio) {
          return fail(new HttpError(413, `The archive entry ${name} is compressed suspiciously well (over ${limits.archiveMaxRatio}:1); the upload was refused.`));
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(e);
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (c: Buffer) => {
            size += c.length;
            unpacked += c.length;
            try {
              if (unpacked > maxUnpacked) throw new HttpError(413, `The archive is compressed suspiciously well (over ${limits.archiveMaxRatio}:1); the upload was refused.`);
              budget.add(c.length);
              if (size > limits.igcMaxBytes) throw new HttpError(413, tooBig(name, limits));
            } catch (limitErr) {
              stream.destroy();
              return fail(limitErr);
            }
            chunks.push(c);
          });
          stream.on('error', fail);
          stream.on('end', () => {
            keep(Buffer.concat(chunks)).then((spooled) => {
              out.push({ name, size, spooled });
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
export function extractTarGz(path: string, packedSize: number, budget: UploadBudget, keep: Keep): Promise<ExtractedFile[]> {
  const { limits } = budget;
  return new Promise((resolve, reject) => {
    const out: ExtractedFile[] = [];
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
        const problem = entry.type !== 'File' && entry.type !== 'OldFile' ? `Skipped: ${entry.type} entries are not read.` : entryProblem(name);
        if (problem || entry.size > limits.igcMaxBytes) {
          out.push({ name, size: entry.size, ignoredReason: problem ?? tooBig(name, limits) });
          return entry.resume();
        }
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => {
          try {
            budget.add(c.length);
            if (budget.bytes > maxUnpacked) throw new HttpError(413, `The archive is compressed suspiciously well (over ${limits.archiveMaxRatio}:1); the upload was refused.`);
          } catch (e) {
            return fail(e);
          }
          chunks.push(c);
        });
        entry.on('end', () => {
          if (failed) return;
          const file: ExtractedFile = { name, size: entry.size };
          out.push(file);
          const kept = keep(Buffer.concat(chunks)).then(
            (spooled) => {
              file.spooled = spooled;
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
        if (!failed) resolve(out);
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

/** Every file of one uploaded part, already on disk at `path`: the IGC itself, or the entries of an archive. */
export async function extractPart(filename: string, path: string, size: number, budget: UploadBudget, keep: Keep): Promise<ExtractedFile[]> {
  if (!isAcceptedUpload(filename)) throw new HttpError(400, UPLOAD_EXTENSION_MESSAGE);
  if (size === 0 && !isTrackFile(filename)) throw new HttpError(400, `The archive ${filename} is empty.`);
  if (isTrackFile(filename)) {
    if (size > budget.limits.igcMaxBytes) return [{ name: filename, size, ignoredReason: tooBig(filename, budget.limits) }];
    return [{ name: filename, size, spooled: await keep(await readFile(path)) }];
  }
  budget.countEntry();
  return /\.zip$/i.test(filename) ? extractZip(path, size, budget, keep) : extractTarGz(path, size, budget, keep);
}
