import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config';
import { Client, startTestApp } from './helpers/app';
import { readOutbox } from './helpers/outbox';

describe('the address in mailed links', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'public-url-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('follows PORT when PUBLIC_URL is not set, and PUBLIC_URL when it is', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '8080' })).toMatchObject({ publicUrl: 'http://localhost:8080', publicUrlFromPort: true, secureCookies: false });
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ publicUrl: 'http://localhost:3000', publicUrlFromPort: true });
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '8080', PUBLIC_URL: 'https://logbook.example/' })).toMatchObject({
      publicUrl: 'https://logbook.example',
      publicUrlFromPort: false,
      secureCookies: true,
    });
  });

  it('a pilot who registers on PORT=8080 gets a verification link to port 8080', async () => {
    const ctx = await startTestApp('sqlite', { PORT: '8080' });
    try {
      const res = await new Client(ctx.app).post('/api/auth/register', { email: 'port@example.com', username: 'portpilot', password: 'Correct#Horse9' });
      expect(res.statusCode).toBeLessThan(300);
      const links = readOutbox(ctx.dataDir).flatMap((m) => m.links);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith('http://localhost:8080/')).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
