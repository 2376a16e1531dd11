import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

const decodeHeader = (v: string) =>
  v.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );

/** Parses the .eml files the file outbox wrote (oldest first). */
export function parseEml(raw: string): SentMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) => decodeHeader(head.replace(/\r?\n\s+/g, ' ').match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1] ?? '');
  const body = rest.join('\n\n').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return { to: header('To'), subject: header('Subject'), text: body, links: [...body.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]) };
}

export function readOutbox(dataDir: string): SentMail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => parseEml(readFileSync(join(dir, f), 'utf8')));
}

/** The code of the newest link in mail to `to` whose path contains `path`. */
export function lastCode(dataDir: string, to: string, path: string): string {
  const links = readOutbox(dataDir)
    .filter((m) => m.to.includes(to))
    .flatMap((m) => m.links)
    .filter((l) => l.includes(path));
  const last = links.at(-1);
  if (!last) throw new Error(`No mail to ${to} with a ${path} link`);
  return new URL(last).searchParams.get('code')!;
}

/** Waits (bounded) until the outbox holds a mail matching the predicate; for mail sent after the answer. */
export async function waitForMail(dataDir: string, match: (m: SentMail) => boolean, timeoutMs = 5000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox(dataDir).filter(match).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('Expected mail did not arrive in the outbox');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
