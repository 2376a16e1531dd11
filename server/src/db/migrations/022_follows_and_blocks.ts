import type { Kysely } from 'kysely';

/**
 * Finding and following (docs/community.md): two profile settings, both off for a new pilot
 * (privacy first). `findable_by_name`: others find the pilot in the pilot search. `accepts_followers`:
 * others may follow the pilot, whether or not the pilot page is published. Until now a published
 * page was what let others follow, so pilots with a published page keep accepting followers.
 */
export const followsAndBlocks = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('findable_by_name', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('users').addColumn('accepts_followers', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.updateTable('users').set({ accepts_followers: 1 }).where('public_page', '=', 1).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('users').dropColumn('accepts_followers').execute();
    await db.schema.alterTable('users').dropColumn('findable_by_name').execute();
  },
};
