import type { ExpressionBuilder } from 'kysely';
import { migrate, type Database, type DatabaseHandle, type Flight } from '../src/db';
import { counted, isCounted, isLinked, isListed, isMadePublic, isMarked, isOpen, isRemoved, isVisible, linked, listed, madePublic, marked, open, removed, visible } from '../src/privacy';
import { describeEachDatabase } from './helpers/app';
import { oldPilotRow, openFreshDatabase } from './helpers/database';
import { seedFlights } from './helpers/flights';

// Each privacy rule is written once in privacy/rules.ts, in SQL and in JS; here both forms judge
// every combination of visibility, status, removal reason and removal date, stored in a real table,
// and must pick the same flights (docs/community.md).
type Fields = Pick<Flight, 'visibility' | 'status' | 'removalReason' | 'removalDate'>;
type Rule = [name: string, sql: (eb: ExpressionBuilder<Database, 'flights'>) => ReturnType<typeof visible>, js: (f: Fields) => boolean];

const RULES: Rule[] = [
  ['removed', removed, isRemoved],
  ['marked', marked, isMarked],
  ['visible to the owner', visible, isVisible],
  ['counted in statistics', counted, isCounted],
  ['open by link', open, isOpen],
  ['listed publicly', listed, isListed],
  ['carries a share token', linked, isLinked],
  ['made public', madePublic, isMadePublic],
];

const VISIBILITIES = ['private', 'link', 'public'] as const;
const STATUSES = ['Pending', 'Processing', 'Completed', 'Failed'] as const;
const REASONS = [null, 0, 2, 10];
const DATES = [null, '2024-06-01T10:00:00.000Z'];
const COMBINATIONS: Fields[] = VISIBILITIES.flatMap((visibility) =>
  STATUSES.flatMap((status) => REASONS.flatMap((removalReason) => DATES.map((removalDate) => ({ visibility, status, removalReason, removalDate })))),
);

describeEachDatabase('the privacy rules agree in SQL and JS', (kind) => {
  let handle: DatabaseHandle;
  let close: () => Promise<void>;
  let rows: (Fields & { id: number })[];

  beforeAll(async () => {
    ({ handle, close } = await openFreshDatabase(kind));
    await migrate(handle);
    const { db } = handle;
    const pilot = await db.insertInto('users').values(oldPilotRow('rules', '2024-01-01T00:00:00.000Z')).returning('id').executeTakeFirstOrThrow();
    await seedFlights(db, pilot.id, COMBINATIONS.map((c, i) => ({ ...c, startTime: `2024-05-${String((i % 28) + 1).padStart(2, '0')}T10:00:00.000Z` })));
    rows = await db.selectFrom('flights').select(['id', 'visibility', 'status', 'removalReason', 'removalDate']).orderBy('id').execute();
  });
  afterAll(() => close());

  it('stores every combination', () => {
    expect(rows.map(({ id: _id, ...fields }) => fields)).toEqual(COMBINATIONS);
  });

  it.each(RULES)('%s', async (_name, sqlForm, jsForm) => {
    const bySql = (await handle.db.selectFrom('flights').select('id').where(sqlForm).orderBy('id').execute()).map((r) => r.id);
    const byJs = rows.filter(jsForm).map((r) => r.id);
    expect(bySql).toEqual(byJs);
    // Neither all nor none: the rule tells the combinations apart.
    expect(byJs.length).toBeGreaterThan(0);
    expect(byJs.length).toBeLessThan(rows.length);
  });

  it('lists only what is open, opens only what carries a token, and counts only what the owner sees', () => {
    for (const f of COMBINATIONS) {
      if (isListed(f)) expect(isOpen(f)).toBe(true);
      if (isOpen(f)) expect(isLinked(f) && isVisible(f) && !isMarked(f)).toBe(true);
      if (isCounted(f)) expect(isVisible(f)).toBe(true);
    }
  });
});
