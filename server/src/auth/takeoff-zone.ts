import type { AuthUser } from '../../../contract/auth';
import type { Db } from '../db';
import { visible } from '../privacy';
import type { Services } from '../services-types';

/**
 * The time zone most of the pilot's flights took off in: the app's default units follow the country
 * the pilot flies in before the browser's region (docs/units.md). Removed flights do not count.
 */
export async function mainTakeoffZone(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('flights')
    .select(['timeZone', (eb) => eb.fn.countAll<number>().as('n')])
    .where('userId', '=', userId)
    .where('timeZone', 'is not', null)
    .where(visible)
    .groupBy('timeZone')
    .orderBy('n', 'desc')
    .orderBy('timeZone')
    .limit(1)
    .executeTakeFirst();
  return row?.timeZone ?? null;
}

/** The signed-in user as login, the app's start-up and checks answer them: with the takeoff zone while no units are chosen. */
export function signedInUser(services: Pick<Services, 'database'>) {
  return async (user: AuthUser): Promise<AuthUser> => (user.units ? user : { ...user, takeoffTimeZone: await mainTakeoffZone(services.database.db, user.id) });
}
