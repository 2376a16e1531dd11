import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import type { Site } from '../../../contract/sites';

/** What the rule reads of a site. */
export type SiteLike = Pick<Site, 'name' | 'latitude' | 'longitude' | 'flightCount' | 'landingCount'>;

const nameKey = (name: string) => name.trim().toLocaleLowerCase();

/**
 * What tells a site apart from the pilot's other sites of the same name, or null when its name is its own.
 * Detected sites take the nearest town's name, so several can share one ("Naters" three times):
 * those say what they are (launch, landing or both), how many flights they have and where they lie.
 * The one rule for every place a site is chosen or listed (pickers, the Sites page, statistics):
 * give it all the pilot's sites, so a site reads the same everywhere.
 */
export function useSiteDistinctions(sites: readonly SiteLike[]): (site: SiteLike) => string | null {
  const { t } = useLingui();
  return useMemo(() => {
    const seen = new Map<string, number>();
    for (const s of sites) seen.set(nameKey(s.name), (seen.get(nameKey(s.name)) ?? 0) + 1);
    return (s: SiteLike) => {
      if ((seen.get(nameKey(s.name)) ?? 0) < 2) return null;
      const kind = s.flightCount && s.landingCount ? t`launch and landing` : s.landingCount ? t`landing` : t`launch`;
      const flights = plural(s.flightCount + s.landingCount, { one: '# flight', other: '# flights' });
      const where = `${s.latitude.toFixed(3)}, ${s.longitude.toFixed(3)}`;
      return `${kind}, ${flights}, ${where}`;
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
