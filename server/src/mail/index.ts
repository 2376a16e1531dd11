import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the message carries, logged when mail goes to the outbox. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

interface Log {
  info(obj: object, msg: string): void;
}

type Nodemailer = typeof import('nodemailer');

/** The transport, made with the first message: nodemailer is loaded only by a process that sends mail. */
function lazyTransport(make: (nodemailer: Nodemailer) => Transporter): () => Promise<Transporter> {
  let made: Promise<Transporter> | undefined;
  return () => (made ??= import('nodemailer').then(({ default: nodemailer }) => make(nodemailer)));
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom'>, log: Log): Mailer {
  if (config.smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(config.smtpUrl!));
    return {
      async send(m) {
        await (await transport()).sendMail({ from: config.mailFrom, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async send(m) {
      const info = await (await transport()).sendMail({ from: config.mailFrom, to: m.to, subject: m.subject, text: m.text, html: m.html });
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info({ to: m.to, subject: m.subject, link: m.link, file }, 'mail written to outbox');
    },
  };
}
export { composeMail, type MailKind } from './templates';
