import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The translation check (scripts/i18n-check.mjs) holds every language to one word per glossary term.
const LANGS = ['en', 'fr', 'de', 'it', 'es', 'cs', 'sl'];
const po = (entries: [string, string][]) => entries.map(([id, str]) => `msgid ${JSON.stringify(id)}\nmsgstr ${JSON.stringify(str)}\n`).join('\n');

function check(german: [string, string][]) {
  const root = mkdtempSync(join(tmpdir(), 'i18n-'));
  try {
    writeFileSync(join(root, 'glossary.json'), JSON.stringify({ 'thermal map': { de: 'Thermikkarte' } }));
    for (const lang of LANGS) {
      mkdirSync(join(root, lang));
      const entries: [string, string][] = lang === 'de' ? german : german.map(([id]) => [id, lang === 'en' ? '' : `${lang}: ${id}`]);
      writeFileSync(join(root, lang, 'messages.po'), po(entries));
    }
    return spawnSync(process.execPath, ['scripts/i18n-check.mjs', root], { encoding: 'utf8' });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test('a term translated one way passes', () => {
  const run = check([
    ['Thermal map', 'Thermikkarte'],
    ['Failed to load the thermal map', 'Die Thermikkarte konnte nicht geladen werden'],
  ]);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
});

test('a term translated two ways on the same page fails and names the message', () => {
  const run = check([
    ['Thermal map', 'Thermikbärte'],
    ['Failed to load the thermal map', 'Die Thermikkarte konnte nicht geladen werden'],
  ]);
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('de: "thermal map" is "Thermikkarte…" in locales/glossary.json, but not in "Thermal map" → "Thermikbärte"');
});
