import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { FILE_READ_ERRORS } from '../../../../contract/uploads';
import { fileReason } from '../file-reasons';

/** The German catalogue's translation of one English message, as the build compiles it. */
function german(english: string): string {
  const po = readFileSync(join(__dirname, '../../../../locales/de/messages.po'), 'utf8');
  const quoted = JSON.stringify(english);
  const at = po.indexOf(`msgid ${quoted}\nmsgstr `);
  if (at < 0) return '';
  const line = po.slice(at).split('\n')[1]!;
  return JSON.parse(line.slice('msgstr '.length)) as string;
}

test('every reason the server gives for a file it cannot read reaches a German pilot in German', () => {
  const reasons = Object.values(FILE_READ_ERRORS);
  const i18n = setupI18n({ locale: 'de', messages: { de: Object.fromEntries(reasons.map((en) => [generateMessageId(en), german(en)])) } });
  for (const en of reasons) {
    expect(german(en)).not.toBe('');
    expect(fileReason(i18n, en)).toBe(german(en));
  }
  expect(fileReason(i18n, 'Archive entry too large.')).toBe('Archive entry too large.');
});
