// What keeps a test process alive after its last test, and where each timer still running was made.
// Jest runs the test files in worker processes (one per core; in band, in its own process, when it runs
// only a few files), so every process that runs tests watches its own: the test environments call
// `watchThisProcess` (scripts/jest-node-environment.cjs, src/testing/jsdom-environment.js), the global
// setup the same in jest's own process. This module is loaded by Node's own require (global setup and
// teardown, test environments), never inside a test's sandbox, so there is one of it per process.
// An async hook sees every Timeout, also those made through node:timers or node:timers/promises
// (pg-boss's delays), which no wrapper of the global functions would see.
const { createHook } = require('node:async_hooks');

/** Live timers of this process: the Timeout object and the stack that made it. */
const live = new Map();
let watching = false;
let reportOnTerm = false;

function watchThisProcess() {
  if (watching) return;
  watching = true;
  createHook({
    init(asyncId, type, _trigger, resource) {
      // The Error keeps its frames; V8 writes them out (through the source maps) only when `.stack` is
      // read, for the few timers still open at the end: writing every timer's stack cost about 4% of an
      // app test's CPU (docs/testing.md, App tests).
      if (type === 'Timeout') live.set(asyncId, { timer: resource, made: new Error('timer') });
    },
    destroy(asyncId) {
      live.delete(asyncId);
    },
  }).enable();
}

const describe = (handle) => {
  const name = handle?.constructor?.name ?? typeof handle;
  if (name === 'Socket' || name === 'TLSSocket') return `${name} to ${handle.remoteAddress ?? '?'}:${handle.remotePort ?? '?'}`;
  if (name === 'Server') return `Server on ${JSON.stringify(handle.address?.())}`;
  if (name === 'ChildProcess') return `ChildProcess ${handle.spawnargs?.join(' ')}`;
  return name;
};

/**
 * What still keeps this process alive, one line each (timers with the stack that made them). `ignore`
 * leaves out handles that are the test machinery's own (a worker's channel to jest's process).
 */
function openHandles(ignore = () => false) {
  const standard = new Set([process.stdin, process.stdout, process.stderr]);
  const handles = process._getActiveHandles().filter((handle) => !standard.has(handle) && !ignore(handle) && handle.hasRef?.() !== false);
  const timers = process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout' || resource === 'Immediate');
  const made = [...live.values()]
    .filter(({ timer }) => !timer._destroyed && timer.hasRef?.() !== false)
    .map(({ made }) => String(made.stack).split('\n').filter((line) => !line.includes('node:internal') && !line.includes('async_hooks') && !line.includes('jest-handles')).slice(0, 9).join('\n    '));
  return [...handles.map(describe), ...timers, ...made];
}

const listing = (open) => open.map((line) => `  - ${line}`).join('\n');

/**
 * In a worker process: jest asks it to end after the last test and, when it has not ended 500 ms later
 * (something a test left open keeps it alive), sends SIGTERM and says only that a worker "failed to exit
 * gracefully". Before going, the worker names what kept it alive, as the global teardown does for jest's
 * own process.
 */
function reportWhenTerminated() {
  if (reportOnTerm || typeof process.send !== 'function') return;
  reportOnTerm = true;
  process.once('SIGTERM', () => {
    // The IPC channel to jest's process is the worker's own, not a leak.
    const open = openHandles((handle) => handle?.constructor?.name === 'Pipe' && handle.fd === undefined);
    const worker = `test worker ${process.env.JEST_WORKER_ID ?? process.pid}`;
    // Nothing open: the worker was still ending (a busy machine), not held by a test.
    if (open.length === 0) process.stderr.write(`\nJest stopped ${worker} while it was still ending; nothing was left open.\n`);
    else process.stderr.write(`\nStill open in ${worker} after its last test:\n${listing(open)}\n`);
    process.exit(143);
  });
}

module.exports = { watchThisProcess, openHandles, listing, reportWhenTerminated };
