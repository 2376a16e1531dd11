import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import { FOLD_ALPHABETS } from '../fold';

/**
 * fold(text) for the flight search on PostgreSQL: lower case without accents (db/fold.ts). SQLite
 * gets the same function on every connection instead (db/index.ts), so nothing to do there.
 */
export function searchFold(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      const { from, to } = FOLD_ALPHABETS;
      await sql.raw(`create or replace function fold(text) returns text language sql immutable strict parallel safe as $$ select translate(lower($1), '${from}', '${to}') $$`).execute(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'postgres') await sql`drop function if exists fold(text)`.execute(db);
    },
  };
}
