// Jest runs in band on two cores, so a socket, timer or child process that a test leaves open keeps
// the whole run alive after the last test (a CI run once hung here until its time limit). The test
// command passes --forceExit; this names what was left open so that the leak can be found and fixed.
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
  process.stderr.write(`\nStill open after the last test (closed by --forceExit):\n${open.map((line) => `  - ${line}`).join('\n')}\n`);
};
