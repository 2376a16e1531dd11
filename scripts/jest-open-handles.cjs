// Jest runs in band on two cores, so a socket, timer or child process that a test leaves open keeps
// the whole run alive after the last test (a CI run once hung here until its time limit). This names
// what was left open, so that the leak can be found and fixed, and ends the run as a failure soon
// after instead of letting it hang: a leak is a bug the run reports, not one it hides.
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
  // Where each long or repeating timer still running was made (jest-track-timers.cjs).
  const made = [...(globalThis.__openTimers ?? [])]
    .filter((timer) => !timer._destroyed && timer.hasRef())
    .map((timer) => timer.__createdAt.split('\n').filter((line) => !line.includes('node:internal') && !line.includes('trackedTimer')).slice(0, 8).join('\n    '));
  const open = [...handles.map(describe), ...timers, ...made];
  if (open.length === 0) return;
  process.stderr.write(`\nStill open after the last test:\n${open.map((line) => `  - ${line}`).join('\n')}\n`);
  // Unref'd: it never keeps the process alive itself, it only ends one that something else keeps.
  setTimeout(() => {
    process.stderr.write('The test run did not end 15 s after the last test because of what is listed above: failing.\n');
    process.exit(1);
  }, 15_000).unref();
};
