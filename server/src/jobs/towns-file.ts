import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The compact towns index written at build time beside the compiled server. */
export const TOWNS_FILE = 'towns.bin';

/**
 * The towns index file this process shares with its analysis threads: the one built beside the compiled
 * server, or, running from the sources, the one named by FLIGHTLOG_TOWNS_FILE (the tests' global setup
 * builds it once per run: scripts/jest-global-setup.cjs).
 */
function townsFile(): string | undefined {
  const built = join(__dirname, TOWNS_FILE);
  if (__filename.endsWith('.js') && existsSync(built)) return built;
  const named = process.env.FLIGHTLOG_TOWNS_FILE;
  return named && existsSync(named) ? named : undefined;
}

/**
 * The towns index in memory shared by all the analysis threads of this process, read once; undefined
 * without a file (each thread then builds its own on first use).
 */
export function sharedTownsIndex(): SharedArrayBuffer | undefined {
  const file = townsFile();
  if (!file) return undefined;
  const bytes = readFileSync(file);
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  return shared;
}
