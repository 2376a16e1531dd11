// Jest's global teardown: drops what the global setup made for this run (template database, Chromium), then names whatever still keeps
// jest's own process alive (with where each timer was made: scripts/jest-handles.cjs) and ends the run
// 15 s later instead of letting it hang (with the tests' own exit code: jest sets it). A CI run once
// passed every test and then hung until its time limit. The worker processes report their own leftovers
// when jest has to terminate them (scripts/jest-handles.cjs, reportWhenTerminated).
const { cleanUp } = require('./jest-global-setup.cjs');
const { listing, openHandles } = require('./jest-handles.cjs');

module.exports = async function globalTeardown() {
  await cleanUp();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const open = openHandles();
  if (open.length === 0) return;
  process.stderr.write(`\nStill open after the last test:\n${listing(open)}\n`);
  // Unref'd: it never keeps the process alive itself, it only ends one that something else keeps.
  setTimeout(() => {
    process.stderr.write('The test run did not end 15 s after the last test because of what is listed above: ending it.\n');
    process.exit();
  }, 15_000).unref();
};
