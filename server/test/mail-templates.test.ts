import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '../../contract/auth';
import { createMailer } from '../src/mail';
import { MAIL_KINDS, MAIL_LANGUAGES, composeMail } from '../src/mail/templates';
import { parseEml } from './helpers/outbox';

const LINK = 'https://logbook.example/reset-password?code=abc123';

describe('mail templates', () => {
  it('exist for every interface language', () => {
    expect([...MAIL_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s: every kind has its own subject and carries the name and the link', (language) => {
    const subjects = MAIL_KINDS.map((kind) => {
      const mail = composeMail(kind, { to: 'p@example.com', name: 'Marie', language, link: LINK });
      expect(mail.to).toBe('p@example.com');
      expect(mail.text).toContain('Marie');
      expect(mail.text).toContain(LINK);
      expect(mail.html).toContain(`href="${LINK}"`);
      expect(mail.html).toContain(`lang="${language}"`);
      if (language !== 'en') expect(mail.subject).not.toBe(composeMail(kind, { to: '', name: '', language: 'en', link: '' }).subject);
      return mail.subject;
    });
    expect(new Set(subjects).size).toBe(MAIL_KINDS.length);
  });

  it('says in every language that a reset link lasts one hour', () => {
    const hour = { en: 'one hour', fr: 'une heure', de: 'eine Stunde', it: 'un’ora', es: 'una hora', cs: 'jednu hodinu', sl: 'eno uro' };
    for (const language of LANGUAGES) expect(composeMail('reset', { to: '', name: 'x', language, link: LINK }).text).toContain(hour[language]);
  });

  it('falls back to English and escapes the name in HTML', () => {
    const mail = composeMail('verify', { to: '', name: '<b>Bob</b>', language: 'xx', link: LINK });
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.html).not.toContain('<b>Bob</b>');
    expect(mail.html).toContain('&#60;b&#62;Bob');
  });
});

describe('mail outbox without SMTP', () => {
  it('writes each message as an .eml file and logs its link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      const logged: object[] = [];
      const mailer = createMailer({ smtpUrl: undefined, dataDir, mailFrom: 'Logbook <robot@logbook.test>' }, { info: (obj) => logged.push(obj) });
      await mailer.send(composeMail('reset', { to: 'pilot@example.com', name: 'Jiří', language: 'cs', link: LINK }));
      const files = readdirSync(join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = readFileSync(join(dataDir, 'outbox', files[0]!), 'utf8');
      expect(raw).toMatch(/^From: Logbook <robot@logbook\.test>/m);
      const mail = parseEml(raw);
      expect(mail.subject).toBe('Obnovení hesla');
      expect(mail.to).toBe('pilot@example.com');
      expect(mail.links).toContain(LINK);
      expect(logged).toEqual([expect.objectContaining({ to: 'pilot@example.com', link: LINK, file: join(dataDir, 'outbox', files[0]!) })]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
