import { DEFAULT_AIRCRAFT_CATEGORY, type AircraftCategory } from '../../contract/aircraft';
import type { ThermalMap, ThermalScope } from '../../contract/thermals';
import { api } from './base';

export interface ThermalMapArgs {
  scope: ThermalScope;
  /** west,south,east,north */
  bbox: string;
  months?: number[];
  hours?: number[];
  /** Paragliders unless another aircraft category is chosen (docs/aircraft-category.md). */
  category?: AircraftCategory;
}

/** The query string the map and its .cup/.kml downloads share. */
export function thermalParams({ scope, bbox, months, hours, category }: ThermalMapArgs): Record<string, string> {
  return { scope, bbox, ...(months?.length ? { months: months.join(',') } : {}), ...(hours?.length ? { hours: hours.join(',') } : {}), ...(category && category !== DEFAULT_AIRCRAFT_CATEGORY ? { category } : {}) };
}

/** The map's thermals as a file (`cup` for flight instruments, `kml` for Google Earth): a download link. */
export function thermalDownloadUrl(ext: 'cup' | 'kml', args: ThermalMapArgs): string {
  return `/api/thermals.${ext}?${new URLSearchParams(thermalParams(args)).toString()}`;
}

/** Thermal maps (docs/thermal-maps.md). */
export const thermalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    thermalMap: build.query<ThermalMap, ThermalMapArgs>({ query: (args) => ({ url: '/thermals', params: thermalParams(args) }) }),
  }),
});

export const { useThermalMapQuery } = thermalsApi;
