import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createServices } from './services';
import { mailRound } from './mail-round';

/** Where this process answers: the real port, and localhost when it listens on every interface. */
function listeningUrl(host: string, port: number) {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

async function main() {
  const config = loadConfig();
  const services = await createServices(config);
  const app = await buildApp(services, { logger: true });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // At warn: a stop an operator did not expect (a bench, a deploy) must say which signal ended the server.
    app.log.warn({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 25000);
    timer.unref();
    try {
      // New connections are refused at once; requests in flight finish. A keep-alive connection whose
      // request finished after the close began stays open (Node closes only the idle ones it sees at
      // close time), and would hold the close until the client lets go: close those as they go idle.
      const closed = app.close();
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      await closed.finally(() => clearInterval(sweep));
      // Then the running analysis jobs finish; queued ones stay in the queue for the next start.
      await services.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  // The daily mail (docs/community.md, docs/notifications.md): looked for every hour; each pilot gets at most
  // one a day. Gear reminders ride in the digest of a pilot who gets one this round and go alone to the others.
  const round = () => mailRound(services, new Date(), (err, what) => app.log.error({ err }, `${what} failed`));
  const digests = setInterval(() => void round(), 3600_000);
  digests.unref();
  const { port } = app.server.address() as AddressInfo;
  app.log.info(`Flight logbook on ${listeningUrl(config.host, port)} (public URL in mailed links: ${config.publicUrl}${config.publicUrlFromPort ? ', from PORT: set PUBLIC_URL to the address pilots use' : ''}, database: ${services.database.dialect}, data: ${config.dataDir})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
