// npm run worker: an analysis-only process for scale-out on PostgreSQL (no HTTP).
import pino from 'pino';
import { loadConfig } from './config';
import { isPostgresUrl } from './db';
import { createServices } from './services';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  if (!isPostgresUrl(config.databaseUrl)) {
    // The SQLite queue belongs to the one server process, which already runs the analysis workers.
    log.error('npm run worker shares work through PostgreSQL: set DATABASE_URL=postgres://… (with SQLite the server itself analyses).');
    process.exit(2);
  }
  const services = await createServices(config);
  log.info({ database: services.database.dialect, threads: config.workers }, 'analysis worker started');
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker stopping after the running jobs');
    setTimeout(() => process.exit(1), 25_000).unref();
    await services.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
