import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The shared real IGC recordings; absent on a user's fresh clone, so tests using them skip. */
export const FIXTURE_DIR = resolve(__dirname, '../../../../shared/fixtures/igc');
export const HAVE_FIXTURES = existsSync(FIXTURE_DIR);
export const describeWithFixtures: jest.Describe = HAVE_FIXTURES ? describe : describe.skip;
if (!HAVE_FIXTURES) console.info(`Real IGC fixtures not found at ${FIXTURE_DIR}: tests that need them are skipped.`);

export const fixture = (name: string) => readFileSync(join(FIXTURE_DIR, name));
