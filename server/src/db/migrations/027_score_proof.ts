import type { Kysely } from 'kysely';

/**
 * Whether a flight's score is proven (docs/scoring.md, "The background proof"). `xc_optimal`: 1 when
 * the optimizer proved no flight scores more, 0 when it stopped on its work budget with the best
 * flight it had found, null for flights scored before this was recorded. `xc_bound`: then no flight
 * scores more than this. `xc_proof_run`: 1 once the background proof's larger budget scored it, so
 * it is tried once per analysis (a new analysis sets it back to 0).
 */
export const scoreProof = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('flights').addColumn('xc_optimal', 'integer').execute();
    await db.schema.alterTable('flights').addColumn('xc_bound', 'real').execute();
    await db.schema.alterTable('flights').addColumn('xc_proof_run', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('flights').dropColumn('xc_proof_run').execute();
    await db.schema.alterTable('flights').dropColumn('xc_bound').execute();
    await db.schema.alterTable('flights').dropColumn('xc_optimal').execute();
  },
};
