// Says once which groups of tests this run skips, and remembers where every timer still alive was
// created, so that the global teardown (jest-open-handles.cjs) can say which code left one running.
// An async hook sees every Timeout, also those made through node:timers or node:timers/promises
// (pg-boss's delays), which no wrapper of the global functions would see.
const { createHook } = require('node:async_hooks');

/** One line per group of tests this run leaves out, said once for the whole run. */
function noteSkippedGroups() {
  if (!process.env.TEST_DATABASE_URL) console.info('PostgreSQL runs skipped: set TEST_DATABASE_URL=postgres://... to include them.');
  if (!process.env.CHROMIUM_PATH) console.info('Browser journeys skipped: set CHROMIUM_PATH to a Chromium binary (e.g. /usr/bin/chromium).');
}

module.exports = async function trackTimers() {
  noteSkippedGroups();
  /** Live timers: the Timeout object and the stack that made it. */
  const live = new Map();
  globalThis.__openTimers = live;
  createHook({
    init(asyncId, type, _trigger, resource) {
      if (type === 'Timeout') live.set(asyncId, { timer: resource, stack: new Error('timer').stack });
    },
    destroy(asyncId) {
      live.delete(asyncId);
    },
  }).enable();
};
