import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { season } from '../../scripts/synthetic-igc';
import { backupSqlite } from '../src/backup-cli';
import { sqlitePath } from '../src/db';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { serverProgram } from './helpers/server-process';
import { uploadAndWait } from './helpers/upload';

const runCli = (ctx: TestContext, ...args: string[]) =>
  spawnSync(process.execPath, [...serverProgram('backup-cli'), ...args], {
    env: { ...process.env, DATA_DIR: ctx.dataDir, DATABASE_URL: ctx.services.config.databaseUrl ?? '', INIT_CWD: ctx.dataDir },
    encoding: 'utf8',
  });

describeEachDatabase('npm run backup', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  if (kind === 'postgres') {
    it('points to pg_dump and exits 1 on PostgreSQL', () => {
      const run = runCli(ctx, 'copy.sqlite');
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('This instance runs on PostgreSQL: back it up with pg_dump -Fc');
    });
    return;
  }

  it('copies the database while uploads are analysed; each copy opens with integrity ok and every table', async () => {
    const { client, user } = await signedInClient(ctx);
    const live = ctx.services.database.sqlite!;
    const tables = (db: SQLite.Database) => (db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[]).map((r) => r.name);
    const analysed = (db: SQLite.Database) => (db.prepare("select count(*) as n from flights where user_id = ? and status = 'Completed'").get(user.id) as { n: number }).n;
    /** Takes a backup, opens it and checks it; answers how many of the pilot's flights it holds analysed. */
    const backupAndCheck = async (name: string) => {
      const file = join(ctx.dataDir, name);
      await backupSqlite(sqlitePath(ctx.services.config), file);
      const copy = new SQLite(file, { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
        expect(tables(copy)).toEqual(tables(live));
        expect(copy.prepare('select count(*) as n from users where id = ?').get(user.id)).toEqual({ n: 1 });
        return analysed(copy);
      } finally {
        copy.close();
        rmSync(file);
      }
    };

    let done = false;
    const uploads = uploadAndWait(ctx, client, season(12).map((f) => ({ name: f.name, data: Buffer.from(f.igc) }))).finally(() => {
      done = true;
    });
    const seen = new Set<number>();
    do seen.add(await backupAndCheck('during.sqlite'));
    while (!done);
    await uploads;
    // Some copies were taken while the analysis was storing flights, part of them done.
    expect([...seen].some((n) => n > 0 && n < 12)).toBe(true);
    expect(await backupAndCheck('after.sqlite')).toBe(12);
    expect(analysed(live)).toBe(12);
    // Nothing is left beside the copies.
    expect(readdirSync(ctx.dataDir).filter((f) => f.includes('.partial-'))).toEqual([]);
  });

  it('runs from the command line, refuses to replace a file unless --force, and says how to call it', () => {
    const ok = runCli(ctx, 'cli.sqlite');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^Backup written to .*cli\.sqlite \(\d+\.\d MB, \d+ tables\); integrity_check: ok\.\n$/);
    expect(existsSync(join(ctx.dataDir, 'cli.sqlite'))).toBe(true);

    writeFileSync(join(ctx.dataDir, 'keep.sqlite'), 'precious');
    const refused = runCli(ctx, 'keep.sqlite');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('keep.sqlite already exists: choose another name, or add --force to replace it.');
    const forced = runCli(ctx, 'keep.sqlite', '--force');
    expect(forced.status).toBe(0);
    const copy = new SQLite(join(ctx.dataDir, 'keep.sqlite'), { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();

    expect(runCli(ctx).stderr).toContain('Usage: npm run backup -- FILE [--force]');
  });
});
