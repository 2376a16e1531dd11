/**
 * Folding for search: without accents (decomposed, combining marks U+0300–U+036F dropped), then lower
 * case. The same rule in JavaScript, in SQLite (this function, registered on every connection) and
 * in PostgreSQL (migration 006's fold() says it with normalize() and regexp_replace()). Letters that
 * do not decompose (ß, ł, ø, đ) stay as they are.
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
