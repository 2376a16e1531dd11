import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The compact towns index written at build time beside the compiled server. */
export const TOWNS_FILE = 'towns.bin';

/**
 * The compiled server's towns index in memory shared by all its analysis threads, read once per
 * process; undefined when running from the sources (each thread then builds its own on first use).
 */
export function sharedTownsIndex(): SharedArrayBuffer | undefined {
  const file = join(__dirname, TOWNS_FILE);
  if (!__filename.endsWith('.js') || !existsSync(file)) return undefined;
  const bytes = readFileSync(file);
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  return shared;
}
