import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Clubs (docs/rankings-and-clubs.md): a club with its slug and the hash of its current invite token,
 * its members with their role, and its home places. Rankings are computed on read from the flights
 * and need only an index for the season's public scored flights.
 */
export function clubs(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: any) => (dialect === 'postgres' ? c : c.autoIncrement()).primaryKey();
  const club = (c: any) => c.notNull().references('clubs.id').onDelete('cascade');

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('clubs')
        .addColumn('id', idType, id)
        .addColumn('slug', 'varchar(60)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        // sha256 of the invite token: a leaked database does not hand out invitations.
        .addColumn('invite_hash', 'varchar(64)', (c) => c.unique())
        .addColumn('invite_created_at', 'varchar(40)')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('club_members')
        .addColumn('club_id', 'integer', club)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'varchar(10)', (c) => c.notNull())
        .addColumn('joined_at', 'varchar(40)', (c) => c.notNull())
        .addPrimaryKeyConstraint('club_members_pk', ['club_id', 'user_id'])
        .execute();
      await db.schema.createIndex('club_members_user').on('club_members').column('user_id').execute();
      await db.schema
        .createTable('club_places')
        .addColumn('club_id', 'integer', club)
        .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('club_places_pk', ['club_id', 'place_id'])
        .execute();
      await db.schema.createIndex('flights_ranking').on('flights').columns(['local_year', 'visibility', 'user_id', 'xc_points', 'status', 'removal_reason', 'scoring_rules', 'local_date', 'glider_id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('flights_ranking').execute();
      for (const table of ['club_places', 'club_members', 'clubs']) await db.schema.dropTable(table).execute();
    },
  };
}
