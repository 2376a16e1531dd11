import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import type { Site } from '../../../contract/sites';

/** What the rule reads of a site. */
export type SiteLike = Pick<Site, 'name' | 'latitude' | 'longitude' | 'flightCount' | 'landingCount'>;

const nameKey = (name: string) => name.trim().toLocaleLowerCase();

type Kind = 'launch' | 'landing' | 'both';
const kindOf = (s: SiteLike): Kind => (s.flightCount && s.landingCount ? 'both' : s.landingCount ? 'landing' : 'launch');

/** Eight compass points, clockwise from north. */
type Direction = 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w' | 'nw';
const DIRECTIONS: Direction[] = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'];

/** Where a site lies from the middle of its namesakes, as a compass point (east-west distances shrink with latitude). */
function directionFrom(centre: { latitude: number; longitude: number }, s: SiteLike): Direction | null {
  const north = s.latitude - centre.latitude;
  const east = (s.longitude - centre.longitude) * Math.cos((centre.latitude * Math.PI) / 180);
  if (Math.hypot(north, east) < 1e-5) return null;
  const degrees = ((Math.atan2(east, north) * 180) / Math.PI + 360) % 360;
  return DIRECTIONS[Math.round(degrees / 45) % 8]!;
}

const unique = <T,>(values: readonly T[], value: T) => values.filter((v) => v === value).length === 1;

/**
 * What tells a site apart from the pilot's other sites of the same name, or null when its name is its own.
 * Detected sites take the nearest town's name, so several can share one ("Naters" three times). The
 * shortest words that still tell them apart: what it is ("launch", "landing"), else where it lies among
 * its namesakes of that kind ("north launch"), else what it is, how many flights it has and where it lies
 * ("launch, 3 flights, 46.588, 7.610").
 * The one rule for every place a site is chosen or listed (pickers, the Sites page, statistics):
 * give it all the pilot's sites, so a site reads the same everywhere.
 */
export function useSiteDistinctions(sites: readonly SiteLike[]): (site: SiteLike) => string | null {
  const { t } = useLingui();
  return useMemo(() => {
    const namesakes = new Map<string, SiteLike[]>();
    for (const s of sites) namesakes.set(nameKey(s.name), [...(namesakes.get(nameKey(s.name)) ?? []), s]);
    const kindWords: Record<Kind, string> = { launch: t`launch`, landing: t`landing`, both: t`launch and landing` };
    const directionWords: Record<Direction, string> = {
      n: t`north`, ne: t`north-east`, e: t`east`, se: t`south-east`, s: t`south`, sw: t`south-west`, w: t`west`, nw: t`north-west`,
    };
    return (s: SiteLike) => {
      const group = namesakes.get(nameKey(s.name)) ?? [];
      if (group.length < 2) return null;
      const kind = kindOf(s);
      const kinds = group.map(kindOf);
      if (unique(kinds, kind)) return kindWords[kind];
      // Where it lies among the namesakes of its own kind (the two launches of a town: north and south).
      const alike = group.filter((g) => kindOf(g) === kind);
      const centre = { latitude: alike.reduce((sum, g) => sum + g.latitude, 0) / alike.length, longitude: alike.reduce((sum, g) => sum + g.longitude, 0) / alike.length };
      const direction = directionFrom(centre, s);
      if (direction && unique(alike.map((g) => directionFrom(centre, g)), direction)) {
        const where = directionWords[direction];
        const what = kindWords[kind];
        return t`${where} ${what}`;
      }
      const flights = plural(s.flightCount + s.landingCount, { one: '# flight', other: '# flights' });
      const position = `${s.latitude.toFixed(3)}, ${s.longitude.toFixed(3)}`;
      return `${kindWords[kind]}, ${flights}, ${position}`;
    };
  }, [sites, t]);
}

/** A site's name where one is chosen: the name, and in brackets what tells it apart (useSiteDistinctions) when another shares it. */
export function useSiteLabels<S extends SiteLike>(sites: readonly S[]): (site: S) => string {
  const distinction = useSiteDistinctions(sites);
  return useCallback((s: S) => {
    const apart = distinction(s);
    return apart ? `${s.name} (${apart})` : s.name;
  }, [distinction]);
}
