import { z } from 'zod';

/**
 * Aircraft categories (docs/aircraft-category.md): every flight is one of these, read from the IGC
 * header, the pilot's wing or the pilot's own choice. Rankings, places and thermal maps are per
 * category, so a sailplane never enters a paragliding ranking.
 */
export const AIRCRAFT_CATEGORIES = ['paraglider', 'hang_glider', 'sailplane', 'other'] as const;
export type AircraftCategory = (typeof AIRCRAFT_CATEGORIES)[number];
/** What a flight is when nothing says otherwise. */
export const DEFAULT_AIRCRAFT_CATEGORY: AircraftCategory = 'paraglider';

export const aircraftCategory = z.enum(AIRCRAFT_CATEGORIES, { error: `category must be one of ${AIRCRAFT_CATEGORIES.join(', ')}.` });

/** `?category=` on the public rankings, places and thermal maps: paraglider unless asked. */
export const categoryQuery = z.object({ category: aircraftCategory.default(DEFAULT_AIRCRAFT_CATEGORY) });

/** PUT /api/FlightDetail/:id/category: the pilot's choice for one flight, null to follow the wing and the IGC again. */
export const flightCategoryBody = z.object({ category: aircraftCategory.nullable() });
export type FlightCategoryBody = z.infer<typeof flightCategoryBody>;

/** The category a flight has and where it came from (its own setting, its wing, its IGC header, or the default). */
export const CATEGORY_SOURCES = ['flight', 'wing', 'igc', 'default'] as const;
export const flightCategory = z.object({
  category: aircraftCategory,
  source: z.enum(CATEGORY_SOURCES),
  /** What the IGC header says, null when it says nothing we know. */
  detected: aircraftCategory.nullable(),
});
export type FlightCategory = z.infer<typeof flightCategory>;
