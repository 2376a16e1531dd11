import pino from 'pino';
import type { Config } from './config';
import { migrate, openDatabase, type DatabaseHandle } from './db';
import { createMailer, type Mailer } from './mail';

/** Everything the routes need, built once per process (tests build one per suite). */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  close(): Promise<void>;
}

export async function createServices(config: Config, overrides: Partial<Pick<Services, 'mailer'>> = {}): Promise<Services> {
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config);
  await migrate(database);
  const mailer = overrides.mailer ?? createMailer(config, log);
  return {
    config,
    database,
    mailer,
    async close() {
      await database.close();
    },
  };
}
