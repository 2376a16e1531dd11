import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * fold(text) for the flight search on PostgreSQL: the rule of db/fold.ts (lowercase, accents dropped).
 * SQLite gets the same function on every connection instead (db/index.ts), so nothing to do there.
 * Accents are stripped before lower(), so the result does not depend on the database's locale for
 * accented Latin letters. (translate() over an accented alphabet was ten times slower.)
 */
export function searchFold(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`create or replace function fold(text) returns text language sql immutable strict parallel safe
        as $$ select lower(regexp_replace(normalize($1, NFD), '[\\u0300-\\u036f]', '', 'g')) $$`.execute(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'postgres') await sql`drop function if exists fold(text)`.execute(db);
    },
  };
}
