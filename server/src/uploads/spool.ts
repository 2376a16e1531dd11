import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, open, rm, rmdir, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';

// Compression runs on libuv's thread pool, so a large upload does not stall other requests.
const gzip = promisify(gzipCb);

const SPOOL_DIR = 'upload-spool';

/** An IGC file kept on disk until the upload is stored: its hash, and where its gzip'd bytes are. */
export interface SpooledFile {
  sha256: string;
  offset: number;
  length: number;
}

/**
 * The disk side of one upload, in a folder of DATA_DIR (not /tmp, which may live in memory): each
 * uploaded part is written to a file as it arrives, and each IGC file found in it is gzip'd, one at a
 * time, into one append-only file. So an upload of any size is held in memory one IGC file at a time.
 */
export class UploadSpool {
  private end = 0;

  private constructor(
    readonly dir: string,
    private readonly entries: FileHandle,
  ) {}

  static async create(dataDir: string): Promise<UploadSpool> {
    const root = join(dataDir, SPOOL_DIR);
    const folder = async () => {
      await mkdir(root, { recursive: true });
      return mkdtemp(join(root, 'upload-'));
    };
    // Another upload that just finished may remove the empty root in between: then make it again.
    const dir = await folder().catch(folder);
    return new UploadSpool(dir, await open(join(dir, 'entries'), 'w+'));
  }

  /** Where an uploaded part is written. */
  partPath(index: number): string {
    return join(this.dir, `part-${index}`);
  }

  private scratches = 0;
  /** A fresh file name for an archive found inside an archive, while it is read. */
  scratchPath(): string {
    return join(this.dir, `inner-${this.scratches++}`);
  }

  /** Keeps one IGC file's bytes, gzip'd. */
  async keep(bytes: Buffer): Promise<SpooledFile> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const packed = await gzip(bytes);
    const offset = this.end;
    this.end += packed.length;
    await this.entries.write(packed, 0, packed.length, offset);
    return { sha256, offset, length: packed.length };
  }

  /** The gzip'd bytes of a kept file. */
  async gzipped(file: SpooledFile): Promise<Buffer> {
    const out = Buffer.alloc(file.length);
    await this.entries.read(out, 0, file.length, file.offset);
    return out;
  }

  async remove(): Promise<void> {
    await this.entries.close().catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
    // The data folder keeps no trace of uploads between them; another upload's folder keeps the root.
    await rmdir(join(this.dir, '..')).catch(() => undefined);
  }
}
