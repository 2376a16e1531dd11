import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/** The exercises every instance starts with (docs/career.md, "Training log"); `key` lets the app show them in the pilot's language. */
export const SEEDED_EXERCISES = [
  ['ground-handling', 'Ground handling'],
  ['forward-launch', 'Forward launch'],
  ['reverse-launch', 'Reverse launch'],
  ['big-ears', 'Big ears'],
  ['top-landing', 'Top landing'],
  ['spot-landing', 'Spot landing'],
  ['spiral-dive', 'Spiral dive'],
  ['b-line-stall', 'B-line stall'],
  ['asymmetric-collapse', 'Asymmetric collapse'],
  ['full-stall', 'Full stall'],
  ['reserve-throw', 'Reserve throw'],
  ['siv', 'SIV course'],
] as const;

/**
 * Roles an admin grants (instructor, safety officer), the training log signed by instructors and
 * incident reports started from a flight (docs/career.md). Gear tables are another migration's.
 */
export function trainingAndIncidents(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: any) => (dialect === 'postgres' ? c : c.autoIncrement()).primaryKey();
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'varchar(30)', (c) => c.notNull())
        .addColumn('granted_at', 'varchar(40)', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
        .execute();

      await db.schema
        .createTable('training_exercises')
        .addColumn('id', idType, id)
        .addColumn('exercise_key', 'varchar(40)')
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('retired_at', 'varchar(40)')
        .execute();
      const now = new Date().toISOString();
      await db
        .insertInto('training_exercises')
        .values(SEEDED_EXERCISES.map(([key, name]) => ({ exercise_key: key, name, created_at: now })))
        .execute();

      // A request becomes a signed entry (or a declined one) in place; the chain is the student's signed rows.
      await db.schema
        .createTable('training_requests')
        .addColumn('id', idType, id)
        .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('instructor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('flight_ids', 'text', (c) => c.notNull())
        .addColumn('exercise_ids', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('comment', 'text')
        .addColumn('decided_at', 'varchar(40)')
        .addColumn('instructor_name', 'varchar(200)')
        .addColumn('signed_content', 'text')
        .addColumn('previous_hash', 'varchar(64)')
        .addColumn('hash', 'varchar(64)')
        .execute();
      await db.schema.createIndex('training_requests_student').on('training_requests').columns(['student_id', 'status']).execute();
      await db.schema.createIndex('training_requests_instructor').on('training_requests').columns(['instructor_id', 'status']).execute();
      // Two signatures can never follow the same one: a second instructor signing at the same moment gets a conflict.
      await db.schema.createIndex('training_requests_chain').on('training_requests').columns(['student_id', 'previous_hash']).unique().execute();

      await db.schema
        .createTable('training_codes')
        .addColumn('student_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('incident_reports')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('flight_id', 'integer', (c) => c.references('flights.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('occurred_at', 'varchar(40)')
        .addColumn('place_name', 'varchar(200)')
        .addColumn('latitude', 'double precision')
        .addColumn('longitude', 'double precision')
        .addColumn('wing_name', 'varchar(200)')
        .addColumn('wing_class', 'varchar(20)')
        .addColumn('harness', 'varchar(200)')
        .addColumn('reserve', 'varchar(200)')
        .addColumn('phase', 'varchar(30)', (c) => c.notNull())
        .addColumn('altitude', 'double precision')
        .addColumn('conditions', 'text', (c) => c.notNull())
        .addColumn('what_happened', 'text', (c) => c.notNull())
        .addColumn('injuries', 'varchar(20)', (c) => c.notNull())
        .addColumn('reserve_thrown', 'integer', (c) => c.notNull())
        .addColumn('cause', 'varchar(30)', (c) => c.notNull())
        .addColumn('cause_note', 'text')
        .addColumn('shared_at', 'varchar(40)')
        .execute();
      await db.schema.createIndex('incident_reports_user').on('incident_reports').column('user_id').execute();
      await db.schema.createIndex('incident_reports_shared').on('incident_reports').column('shared_at').execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['incident_reports', 'training_codes', 'training_requests', 'training_exercises', 'user_roles']) await db.schema.dropTable(table).execute();
    },
  };
}
