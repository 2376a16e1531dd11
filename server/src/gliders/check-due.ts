/** Whole calendar months from one day (YYYY-MM-DD) to another, not counting a month not yet complete. */
export function wholeMonthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
  return Math.max(0, months);
}

export interface CheckInput {
  lastCheck: string | null;
  inUseFrom: string | null;
  /** Day of the wing's first flight, YYYY-MM-DD, if it has one. */
  firstFlown: string | null;
  checkIntervalMonths: number | null;
  checkIntervalHours: number | null;
  secondsSinceCheck: number;
}

/**
 * Due once the months since the last check reach the month interval or the flight hours since it
 * reach the hour interval. Without a recorded check the wing counts from when it came into use (in
 * use from, else its first flight): a new wing is due its first check like a checked one.
 */
export function checkState(g: CheckInput, today: string): { monthsSinceCheck: number | null; checkDue: boolean } {
  const monthsSinceCheck = g.lastCheck ? wholeMonthsBetween(g.lastCheck, today) : null;
  const start = g.lastCheck ?? g.inUseFrom ?? g.firstFlown;
  const months = start ? wholeMonthsBetween(start, today) : 0;
  const byMonths = g.checkIntervalMonths !== null && start !== null && months >= g.checkIntervalMonths;
  const byHours = g.checkIntervalHours !== null && g.secondsSinceCheck >= g.checkIntervalHours * 3600;
  return { monthsSinceCheck, checkDue: byMonths || byHours };
}
