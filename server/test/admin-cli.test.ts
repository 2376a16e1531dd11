import { spawnSync } from 'node:child_process';
import { Client, describeEachDatabase, startTestApp } from './helpers/app';
import { serverProgram } from './helpers/server-process';

describeEachDatabase('npm run admin', (kind) => {
  it('grants and revokes the Admin role from the command line', async () => {
    const ctx = await startTestApp(kind);
    try {
      const c = new Client(ctx.app);
      await c.post('/api/auth/register', { email: 'chief@example.com', username: 'chief', password: 'Ridge#Soar1' });
      await c.post('/api/auth/login', { email: 'chief@example.com', password: 'Ridge#Soar1' });
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [...serverProgram('admin-cli'), ...args], { env: { ...process.env, DATA_DIR: ctx.dataDir, DATABASE_URL: ctx.services.config.databaseUrl ?? '' }, encoding: 'utf8' });
      const grant = run('grant', 'Chief@Example.com');
      expect(grant.stdout).toContain('chief@example.com now has role Admin.');
      expect((await c.get('/api/auth/check')).json().user.role).toBe('Admin');
      expect(run('list').stdout).toContain('chief@example.com');
      const unknown = run('grant', 'nobody@example.com');
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('No user with email nobody@example.com.');
      expect(run('promote').stderr).toContain('Usage: npm run admin -- grant EMAIL');
      run('revoke', 'chief@example.com');
      expect((await c.get('/api/auth/check')).json().user.role).toBe('User');
    } finally {
      await ctx.close();
    }
  });
});
