// Jest runs in band on two cores, so a socket, timer or child process that a test leaves open keeps
// the whole run alive after the last test (a CI run once hung here until its time limit). This names
// what was left open, with where each timer was made, so that the leak can be found and fixed, and
// ends the run 15 s later instead of letting it hang (with the tests' own exit code: jest sets it).
const describe = (handle) => {
  const name = handle?.constructor?.name ?? typeof handle;
  if (name === 'Socket' || name === 'TLSSocket') return `${name} to ${handle.remoteAddress ?? '?'}:${handle.remotePort ?? '?'}`;
  if (name === 'Server') return `Server on ${JSON.stringify(handle.address?.())}`;
  if (name === 'ChildProcess') return `ChildProcess ${handle.spawnargs?.join(' ')}`;
  return name;
};

module.exports = async function reportOpenHandles() {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const standard = new Set([process.stdin, process.stdout, process.stderr]);
  const handles = process._getActiveHandles().filter((handle) => !standard.has(handle) && handle.hasRef?.() !== false);
  const timers = process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout' || resource === 'Immediate');
  // Where each timer still running (and keeping the process alive) was made (jest-track-timers.cjs).
  const made = [...(globalThis.__openTimers?.values() ?? [])]
    .filter(({ timer }) => !timer._destroyed && timer.hasRef?.() !== false)
    .map(({ stack }) => stack.split('\n').filter((line) => !line.includes('node:internal') && !line.includes('async_hooks') && !line.includes('jest-track-timers')).slice(0, 9).join('\n    '));
  const open = [...handles.map(describe), ...timers, ...made];
  if (open.length === 0) return;
  process.stderr.write(`\nStill open after the last test:\n${open.map((line) => `  - ${line}`).join('\n')}\n`);
  // Unref'd: it never keeps the process alive itself, it only ends one that something else keeps.
  setTimeout(() => {
    process.stderr.write('The test run did not end 15 s after the last test because of what is listed above: ending it.\n');
    process.exit();
  }, 15_000).unref();
};
