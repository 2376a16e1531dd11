import type { CompareFlight } from '../../../contract/compare';
import { localDateTime } from '../../format/format';

/**
 * What names each compared flight on the map, in the standings and in the list: the pilot's name, and
 * where one pilot appears more than once (a pilot comparing her own flights) also the date, or the date
 * and time when two of them share a day (docs/compare.md).
 */
export function flightLabels(flights: readonly CompareFlight[], locale: string): Map<string, string> {
  const count = (key: (f: CompareFlight) => string) => {
    const counts = new Map<string, number>();
    for (const f of flights) counts.set(key(f), (counts.get(key(f)) ?? 0) + 1);
    return (f: CompareFlight) => counts.get(key(f))!;
  };
  const date = (f: CompareFlight) => localDateTime(f.startTime, locale, f.timeZone, false);
  const perPilot = count((f) => f.pilot.name);
  const perPilotDay = count((f) => `${f.pilot.name}\n${date(f)}`);
  return new Map(
    flights.map((f) => {
      if (perPilot(f) === 1) return [f.ref, f.pilot.name];
      return [f.ref, `${f.pilot.name}, ${perPilotDay(f) === 1 ? date(f) : localDateTime(f.startTime, locale, f.timeZone)}`];
    }),
  );
}
