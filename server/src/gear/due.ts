import { DUE_SOON_DAYS, DUE_SOON_HOURS_SHARE, type DueState } from '../../../contract/gear';

/** The day `months` calendar months after `day` (YYYY-MM-DD), kept in its month's length: 31 January + 1 month is 28 or 29 February. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86400_000).toISOString().slice(0, 10);

export interface DueInput {
  intervalMonths: number | null;
  intervalHours: number | null;
  /** Where the current cycle starts: the last check done, else when the item came into use (or first flew). */
  cycleStart: string | null;
  /** Flight seconds of the item's flights since cycleStart (all of them without one). */
  secondsSince: number;
}

export interface Due {
  dueOn: string | null;
  secondsLeft: number | null;
  state: DueState;
}

/**
 * What is due when (docs/career.md, "Gear"): the months run out on `dueOn` (the check is overdue from
 * that day on), the hours when the flight time since the cycle started reaches the interval; whichever
 * comes first decides. Due soon: within DUE_SOON_DAYS of the day, or with at most DUE_SOON_HOURS_SHARE of
 * the hours left. Without a day to count from and without hours the state is unknown.
 */
export function dueState(c: DueInput, today: string): Due {
  const dueOn = c.intervalMonths !== null && c.cycleStart ? addMonths(c.cycleStart, c.intervalMonths) : null;
  const secondsLeft = c.intervalHours !== null ? c.intervalHours * 3600 - c.secondsSince : null;
  if (dueOn === null && secondsLeft === null) return { dueOn, secondsLeft, state: 'unknown' };
  const overdue = (dueOn !== null && today >= dueOn) || (secondsLeft !== null && secondsLeft <= 0);
  const soon = (dueOn !== null && addDays(today, DUE_SOON_DAYS) >= dueOn) || (secondsLeft !== null && c.intervalHours !== null && secondsLeft <= c.intervalHours * 3600 * DUE_SOON_HOURS_SHARE);
  return { dueOn, secondsLeft, state: overdue ? 'overdue' : soon ? 'soon' : 'ok' };
}
