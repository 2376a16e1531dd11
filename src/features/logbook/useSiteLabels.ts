import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { Site } from '../../../contract/sites';

const nameKey = (name: string) => name.trim().toLocaleLowerCase();

/**
 * What a site is called where one is chosen. Detected sites take the nearest town's name, so several
 * can share one ("Naters" three times, issue 26): those say what they are (launch, landing or both),
 * how many flights they have and where they lie, so the pilot can tell them apart.
 */
export function useSiteLabels(sites: readonly Site[]): (site: Site) => string {
  const { t } = useLingui();
  return useMemo(() => {
    const seen = new Map<string, number>();
    for (const s of sites) seen.set(nameKey(s.name), (seen.get(nameKey(s.name)) ?? 0) + 1);
    return (s: Site) => {
      if ((seen.get(nameKey(s.name)) ?? 0) < 2) return s.name;
      const kind = s.flightCount && s.landingCount ? t`launch and landing` : s.landingCount ? t`landing` : t`launch`;
      const flights = plural(s.flightCount + s.landingCount, { one: '# flight', other: '# flights' });
      const where = `${s.latitude.toFixed(3)}, ${s.longitude.toFixed(3)}`;
      return `${s.name} (${kind}, ${flights}, ${where})`;
    };
  }, [sites, t]);
}
