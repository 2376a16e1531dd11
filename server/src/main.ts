import { buildApp } from './app';
import { loadConfig } from './config';
import { createServices } from './services';

async function main() {
  const config = loadConfig();
  const services = await createServices(config);
  const app = await buildApp(services, { logger: true });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 25000);
    timer.unref();
    await app.close();
    await services.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Flight logbook on ${config.publicUrl} (database: ${services.database.dialect}, data: ${config.dataDir})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
