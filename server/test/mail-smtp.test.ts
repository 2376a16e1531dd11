import { SMTPServer } from 'smtp-server';
import { Client, startTestApp } from './helpers/app';
import { parseEml } from './helpers/outbox';

/** Mail goes through a real SMTP server when SMTP_URL is set. */
describe('mail over SMTP', () => {
  let smtp: SMTPServer;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (d) => (raw += d));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('delivers the verification and reset mails with working links', async () => {
    const ctx = await startTestApp('sqlite', { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://logbook.test' });
    try {
      const c = new Client(ctx.app);
      await c.request('POST', '/api/auth/register', { email: 'smtp@example.com', username: 'smtp', password: 'Thermal#1' }, { cookie: 'flightlog-language=fr' });
      await c.post('/api/auth/forgot-password', { email: 'smtp@example.com' });
      const mails = received.map(parseEml);
      expect(mails.map((m) => m.subject)).toEqual(['Confirmez votre adresse e-mail', 'Réinitialisez votre mot de passe']);
      expect(mails[0]!.to).toContain('smtp@example.com');
      const verify = new URL(mails[0]!.links.find((l) => l.includes('verify-email'))!);
      expect(verify.origin).toBe('http://logbook.test');
      const res = await c.get(verify.pathname + verify.search);
      expect(res.headers.location).toBe('/login?verified=true');
      expect(mails[1]!.links.some((l) => l.startsWith('http://logbook.test/reset-password?code='))).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
