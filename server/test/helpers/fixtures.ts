import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Real IGC recordings kept in the repository (sources and licences in fixtures/igc/SOURCES.md). */
export const FIXTURE_DIR = resolve(__dirname, '../fixtures/igc');

export const fixture = (name: string) => readFileSync(join(FIXTURE_DIR, name));
