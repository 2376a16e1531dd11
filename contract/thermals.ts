import { z } from 'zod';
import { aircraftCategory } from './aircraft';

/**
 * Thermal maps (docs/thermal-maps.md): where and how well it climbed, from the thermals the analysis
 * stored, for the pilot's own flights (private included, seen only by them) or the instance's public
 * flights. Launches that found no climb nearby are counted too, so the map is not only the good days.
 */

export const THERMAL_SCOPES = ['mine', 'public'] as const;
export type ThermalScope = (typeof THERMAL_SCOPES)[number];

/** The widest box a map may ask for, in degrees of latitude or longitude. */
export const THERMAL_BOX_MAX_DEGREES = 20;
/** Cell sizes in degrees; a map gets the smallest that keeps its box within CELLS_PER_SIDE cells a side. */
export const THERMAL_CELL_SIZES = [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1] as const;
export const THERMAL_CELLS_PER_SIDE = 80;

/** The cell size (degrees) a box is aggregated at. */
export function thermalCellSize(box: { west: number; south: number; east: number; north: number }): number {
  const span = Math.max(box.east - box.west, box.north - box.south);
  return THERMAL_CELL_SIZES.find((size) => span / size <= THERMAL_CELLS_PER_SIDE + 1e-9) ?? THERMAL_CELL_SIZES[THERMAL_CELL_SIZES.length - 1];
}

/** "1,2,12" → [1, 2, 12], each a whole number in [min, max]; empty or absent: no filter. */
const numberList = (name: string, min: number, max: number) =>
  z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const parts = v.split(',').map((p) => p.trim());
      const values = parts.map(Number);
      if (parts.some((p) => !/^\d{1,2}$/.test(p)) || values.some((n) => n < min || n > max)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a comma-separated list of whole numbers from ${min} to ${max}.` });
        return z.NEVER;
      }
      return [...new Set(values)].sort((a, b) => a - b);
    });

const BOX_MESSAGE = 'bbox must be west,south,east,north in degrees (west < east, south < north, at most 20 degrees a side).';

/** GET /api/thermals, /api/thermals.cup and /api/thermals.kml. */
export const thermalsQuery = z.object({
  scope: z.enum(THERMAL_SCOPES, { error: 'scope must be mine or public.' }).default('public'),
  bbox: z.string({ error: BOX_MESSAGE }).transform((v, ctx) => {
    const n = v.split(',').map((p) => (p.trim() === '' ? NaN : Number(p)));
    const [west, south, east, north] = n as [number, number, number, number];
    const ok =
      n.length === 4 &&
      n.every(Number.isFinite) &&
      west >= -180 && east <= 180 && south >= -90 && north <= 90 &&
      west < east && south < north &&
      east - west <= THERMAL_BOX_MAX_DEGREES && north - south <= THERMAL_BOX_MAX_DEGREES;
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: BOX_MESSAGE });
      return z.NEVER;
    }
    return { west, south, east, north };
  }),
  months: numberList('months', 1, 12),
  hours: numberList('hours', 0, 23),
  /** The aircraft category whose thermals are shown (docs/aircraft-category.md); paraglider unless asked. */
  category: aircraftCategory.optional(),
});
export type ThermalsQuery = z.infer<typeof thermalsQuery>;

/**
 * One cell of the map. latitude/longitude: the cell's centre; count: thermals in it; averageClimb m/s
 * over those thermals (null without one); bestHour: the local hour of day with the best average climb
 * (ties: more thermals, then earlier; null without one); failedLaunches: launches in the cell whose
 * flight found no thermal within reach of takeoff.
 */
export const thermalCell = z.object({
  latitude: z.number(),
  longitude: z.number(),
  count: z.number(),
  averageClimb: z.number().nullable(),
  bestHour: z.number().nullable(),
  failedLaunches: z.number(),
});
export type ThermalCell = z.infer<typeof thermalCell>;

export const thermalMap = z.object({ scope: z.enum(THERMAL_SCOPES), cellSize: z.number(), cells: z.array(thermalCell) });
export type ThermalMap = z.infer<typeof thermalMap>;
