// Fails when a catalog lacks a translation, keeps an English copy where a translation belongs, or
// drops a placeholder. Run after `lingui extract` (npm run i18n:check does both).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of the catalogs (a test passes its own). */
const ROOT = process.argv[2] ?? 'locales';

const LOCALES = ['fr', 'de', 'it', 'es', 'cs', 'sl'];
/** Words that are the same in at least one of the languages, so an identical translation is not a forgotten one. */
const SAME_EVERYWHERE = new Set(['Email', 'Notifications', 'Moderation', 'Debug', 'FAQ', 'Blog', 'Login', 'OK', 'Dashboard', 'Logout', 'E-mail', 'Start', 'Status', 'Total', 'Topo', 'GPS', 'Baro', 'km', 'Info', 'Bronze', 'Gold', 'Platinum', 'Diamond', 'Distance', 'Altitude', 'Password', 'Privacy', 'Contact', 'Community', 'Glider', 'Satellite',
  // Issue 14: the same word in French, German, Czech or Slovenian.
  'Latitude', 'Longitude', 'Notes', 'Sites', 'Model', 'Tandem', 'Menu',
  // A person's name (context "person"): German says Name.
  'Name',
  // Issue 16: the same word in French.
  'Photos',
  // The community (docs/community.md): the same word in German, Italian, Spanish, Czech or Slovenian.
  'Feed', 'Pilot',
  // One term per language (locales/glossary.json): German says Club, as in Clubwertung.
  'Club', 'Clubs',
  // Word order only (a site's direction and kind, "north launch"): Czech and Slovenian keep the English order.
  '{where} {what}']);

const CONTEXT_SEPARATOR = '\u0004';
/** The English text of a catalog key (the key carries the message's context, if any, before it). */
const englishOf = (key) => key.split(CONTEXT_SEPARATOR).pop();

function parse(file) {
  const entries = new Map();
  const text = readFileSync(file, 'utf8');
  for (const block of text.split(/\n\s*\n/)) {
    const id = field(block, 'msgid');
    if (id === null || id === '') continue;
    // One English word may need two translations ("Name" of a thing, a person's "Name"): the context keeps them apart.
    const context = field(block, 'msgctxt');
    entries.set(context ? `${context}${CONTEXT_SEPARATOR}${id}` : id, field(block, 'msgstr') ?? '');
  }
  return entries;
}

function field(block, name) {
  const match = new RegExp(`^${name} ((?:".*"\\n?)+)`, 'm').exec(block);
  if (!match) return null;
  return [...match[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`)).join('');
}

/** The placeholders of a message: top-level {name} and the variable of {name, plural, ...}; numbered tags. */
function tokens(text) {
  const found = [...text.matchAll(/<\/?\d+\/?>/g)].map((m) => m[0]);
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{' && depth++ === 0) start = i + 1;
    else if (text[i] === '}' && --depth === 0) found.push(`{${text.slice(start, i).split(',')[0].trim()}}`);
  }
  return found.sort();
}

const source = parse(join(ROOT, 'en/messages.po'));
const problems = [];
for (const locale of LOCALES) {
  const catalog = parse(join(ROOT, locale, 'messages.po'));
  for (const [key] of source) {
    const id = englishOf(key);
    const translation = catalog.get(key);
    if (!translation) problems.push(`${locale}: missing "${id}"`);
    else if (translation === id && /[a-z]{3}/.test(id) && !SAME_EVERYWHERE.has(id)) problems.push(`${locale}: English copy "${id}"`);
    else if (tokens(translation).join() !== tokens(id).join()) problems.push(`${locale}: placeholders differ in "${id}" → "${translation}"`);
  }
}
// One word for one thing on every page: a glossary term in the English must keep its one translation.
const glossary = Object.entries(JSON.parse(readFileSync(join(ROOT, 'glossary.json'), 'utf8'))).filter(([term]) => term !== '_');
for (const locale of LOCALES) {
  const catalog = parse(join(ROOT, locale, 'messages.po'));
  for (const [key] of source) {
    const id = englishOf(key);
    const translation = (catalog.get(key) ?? '').toLowerCase();
    for (const [term, stems] of glossary) {
      if (!new RegExp(`\\b${term}`, 'i').test(id) || !stems[locale]) continue;
      if (!translation.includes(stems[locale].toLowerCase())) problems.push(`${locale}: "${term}" is "${stems[locale]}…" in locales/glossary.json, but not in "${id}" → "${catalog.get(key)}"`);
    }
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} catalog problem(s) in ${source.size} messages.`);
  process.exit(1);
}
console.log(`i18n: ${source.size} messages translated in ${LOCALES.length + 1} languages.`);
