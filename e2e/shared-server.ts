import { startServer } from './server';

// The run's shared journey server (docs/testing.md, What the journeys share), started by the global setup
// (scripts/jest-global-setup.cjs) through tsx with an IPC channel: it starts the server on an empty data
// folder, sends its address over the channel, and stops it (deleting the folder) when the channel closes, which
// the global teardown does, and which also happens when jest's process dies without a teardown.

async function main() {
  if (!process.send) throw new Error('e2e/shared-server.ts is started by the jest global setup, with an IPC channel');
  const server = await startServer();
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= server.stop().then(() => process.exit(0)));
  process.once('disconnect', stop);
  process.once('SIGTERM', stop);
  process.send({ url: server.url, dataDir: server.dataDir });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
