// Says once which groups of tests this run skips, and remembers where each timer was created, so that the global teardown
// (jest-open-handles.cjs) can say which test code left one running. Installed before the test
// environments copy the timer functions into their globals.
const { promisify } = require('node:util');

/** One line per group of tests this run leaves out, said once for the whole run. */
function noteSkippedGroups() {
  if (!process.env.TEST_DATABASE_URL) console.info('PostgreSQL runs skipped: set TEST_DATABASE_URL=postgres://... to include them.');
  if (!process.env.CHROMIUM_PATH) console.info('Browser journeys skipped: set CHROMIUM_PATH to a Chromium binary (e.g. /usr/bin/chromium).');
}

module.exports = async function trackTimers() {
  noteSkippedGroups();
  const tracked = new Set();
  globalThis.__openTimers = tracked;
  const timers = require('node:timers');
  for (const name of ['setInterval', 'setTimeout']) {
    const original = globalThis[name];
    const trackedTimer = function trackedTimer(callback, ms, ...args) {
      const timer = original.call(this, callback, ms, ...args);
      // Every timer, short ones too: a short timeout that re-arms itself keeps a run alive as surely as an interval.
      timer.__createdAt = new Error(`${name}(${ms} ms)`).stack;
      tracked.add(timer);
      if (tracked.size % 2000 === 0) for (const t of tracked) if (t._destroyed) tracked.delete(t);
      return timer;
    };
    // util.promisify(setTimeout) keeps working.
    trackedTimer[promisify.custom] = original[promisify.custom];
    // Code that takes its timers from the module (`require('node:timers')`) is tracked as well.
    globalThis[name] = trackedTimer;
    timers[name] = trackedTimer;
  }
};
