/**
 * Folding for search: lower case without accents, the same in JavaScript, in SQLite (this function,
 * registered on the connection) and in PostgreSQL (a translate() over the same two alphabets,
 * migration 006). Covers Latin-1 and Latin Extended-A, the letters of the app's seven languages.
 */
const EXTRA: Record<string, string> = { Ł: 'l', ł: 'l', Đ: 'd', đ: 'd', Ø: 'o', ø: 'o', ı: 'i', Ħ: 'h', ħ: 'h' };

function alphabets(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (let cp = 0xc0; cp <= 0x17f; cp++) {
    const ch = String.fromCodePoint(cp);
    const base = EXTRA[ch] ?? ch.normalize('NFD')[0]!;
    if (base !== ch && /^[A-Za-z]$/.test(base)) {
      from += ch;
      to += base.toLowerCase();
    }
  }
  return { from, to };
}

export const FOLD_ALPHABETS = alphabets();
const FOLD_MAP = new Map([...FOLD_ALPHABETS.from].map((ch, i) => [ch, FOLD_ALPHABETS.to[i]!]));

export function fold(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) out += FOLD_MAP.get(ch) ?? ch;
  return out;
}
