import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Client, startTestApp } from './helpers/app';
import { parseEml, type SentMail } from './helpers/outbox';

/** Mail goes through a real SMTP server when SMTP_URL is set. */
describe('mail over SMTP', () => {
  let smtp: SMTPServer;
  let port: number;
  const received: { envelopeTo: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (d) => (raw += d));
        stream.on('end', () => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  async function receivedMails(count: number): Promise<SentMail[]> {
    for (let i = 0; i < 250 && received.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    return received.map((m) => parseEml(m.raw));
  }

  it('delivers the verification and reset mails in the visitor\'s language with working links', async () => {
    const ctx = await startTestApp('sqlite', { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://logbook.test', MAIL_FROM: 'Logbook <robot@logbook.test>' });
    try {
      const c = new Client(ctx.app);
      const reg = await c.request('POST', '/api/auth/register', { email: 'smtp@example.com', username: 'smtp', password: 'Thermal#1' }, { cookie: 'flightlog-language=fr' });
      expect(reg.json().message).toBe('Registration successful! Please check your email for verification instructions.');
      await c.post('/api/auth/forgot-password', { email: 'smtp@example.com' });
      const mails = await receivedMails(2);
      expect(mails.map((m) => m.subject)).toEqual(['Confirmez votre adresse e-mail', 'Réinitialisez votre mot de passe']);
      expect(received.map((m) => m.envelopeTo)).toEqual([['smtp@example.com'], ['smtp@example.com']]);
      expect(received[0]!.raw).toMatch(/^From: Logbook <robot@logbook\.test>/m);
      expect(mails[0]!.text).toContain('Bonjour smtp,');
      const verify = new URL(mails[0]!.links.find((l) => l.includes('verify-email'))!);
      expect(verify.origin).toBe('http://logbook.test');
      const res = await c.get(verify.pathname + verify.search);
      expect(res.headers.location).toBe('/login?verified=true');
      const reset = new URL(mails[1]!.links.find((l) => l.startsWith('http://logbook.test/reset-password?code='))!);
      const done = await c.post('/api/auth/reset-password', { code: reset.searchParams.get('code'), newPassword: 'Ridge#Lift2' });
      expect(done.statusCode).toBe(200);
      expect((await c.post('/api/auth/login', { email: 'smtp@example.com', password: 'Ridge#Lift2' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('still registers when the mail server is down, says so, and lets the pilot resend later', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => resolve(p));
      });
    });
    const ctx = await startTestApp('sqlite', { SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
    try {
      const c = new Client(ctx.app);
      const reg = await c.post('/api/auth/register', { email: 'down@example.com', username: 'down', password: 'Thermal#1' });
      expect(reg.statusCode).toBe(200);
      expect(reg.json().message).toMatch(/could not be sent/);
      await c.post('/api/auth/login', { email: 'down@example.com', password: 'Thermal#1' });
      const resend = await c.post('/api/auth/resend-verification', {});
      expect(resend.statusCode).toBe(503);
      expect(resend.json().message).toBe('Failed to resend verification email. Please try again later.');
    } finally {
      await ctx.close();
    }
  });
});
