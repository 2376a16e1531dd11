import { z } from 'zod';
import { aircraftCategory } from './aircraft';

/** The wing classes a pilot can pick. */
export const GLIDER_CLASSES = ['EN A', 'EN B', 'EN C', 'EN D', 'CCC', 'Tandem', 'Other'] as const;
export type GliderClass = (typeof GLIDER_CLASSES)[number];
export const GLIDER_TEXT_MAX = 100;
export const GLIDER_NOTES_MAX = 2000;

const today = () => new Date().toISOString().slice(0, 10);
const text = (what: string) =>
  z.string({ error: `${what} is required.` }).trim().min(1, `${what} is required.`).max(GLIDER_TEXT_MAX, `${what} must be at most ${GLIDER_TEXT_MAX} characters.`);
const optionalText = (what: string, max: number) =>
  z.string().trim().max(max, `${what} must be at most ${max} characters.`).nullish().transform((v) => v || null);
/** A calendar day, YYYY-MM-DD. */
export const calendarDay = (what: string) =>
  z.iso.date(`${what} must be a date (YYYY-MM-DD).`).nullish().transform((v) => v ?? null);

export const gliderBody = z
  .object({
    manufacturer: text('Manufacturer'),
    model: text('Model'),
    size: optionalText('Size', 20),
    gliderClass: z.enum(GLIDER_CLASSES, { error: `Class must be one of ${GLIDER_CLASSES.join(', ')}.` }),
    inUseFrom: calendarDay('In use from'),
    inUseUntil: calendarDay('In use until'),
    notes: optionalText('Notes', GLIDER_NOTES_MAX),
    lastCheck: calendarDay('Last check').refine((d) => d === null || d <= today(), 'The last check cannot be in the future.'),
    checkIntervalMonths: z.number().int('Check interval must be whole months.').min(1, 'Check interval must be 1 to 120 months.').max(120, 'Check interval must be 1 to 120 months.').nullish().transform((v) => v ?? null),
    checkIntervalHours: z.number().int('Check interval must be whole hours.').min(1, 'Check interval must be 1 to 2000 hours.').max(2000, 'Check interval must be 1 to 2000 hours.').nullish().transform((v) => v ?? null),
    /** The wing a new flight gets when its IGC glider type matches none of the pilot's wings. */
    isDefault: z.boolean().optional().default(false),
    /** What this wing is (docs/aircraft-category.md): it wins over the IGC header of its flights; null or absent: the header decides. */
    aircraftCategory: aircraftCategory.nullish().transform((v) => v ?? null),
  })
  .refine((g) => !g.inUseFrom || !g.inUseUntil || g.inUseFrom <= g.inUseUntil, { message: 'In use until must not be before in use from.', path: ['inUseUntil'] });
export type GliderBody = z.input<typeof gliderBody>;

export const glider = z.object({
  id: z.number(),
  /** "Manufacturer Model Size", as lists show it. */
  name: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  size: z.string().nullable(),
  gliderClass: z.enum(GLIDER_CLASSES),
  inUseFrom: z.string().nullable(),
  inUseUntil: z.string().nullable(),
  notes: z.string().nullable(),
  lastCheck: z.string().nullable(),
  checkIntervalMonths: z.number().nullable(),
  checkIntervalHours: z.number().nullable(),
  isDefault: z.boolean(),
  aircraftCategory: aircraftCategory.nullable(),
  flightCount: z.number(),
  totalSeconds: z.number(),
  /** Start (ISO UTC) of the newest flight on this wing. */
  lastFlown: z.string().nullable(),
  /** Flight seconds since lastCheck (all flights when no check is recorded). */
  secondsSinceCheck: z.number(),
  /** Whole months since lastCheck; null without a check date. */
  monthsSinceCheck: z.number().nullable(),
  checkDue: z.boolean(),
});
export type Glider = z.infer<typeof glider>;
export const gliders = z.array(glider);
export const gliderParams = z.object({ id: z.coerce.number({ error: 'Glider id must be a positive number.' }).int('Glider id must be a positive number.').positive('Glider id must be a positive number.') });

/**
 * What the linking rule (the wing's name in the IGC, its in-use dates) would change for this wing
 * among flights whose wing was found automatically: `count` flights it would take, `leaving` flights
 * on it that the rule no longer gives it. Flights whose wing the pilot chose are never counted.
 */
export const gliderMatches = z.object({ count: z.number(), leaving: z.number() });
export type GliderMatches = z.infer<typeof gliderMatches>;

/** How many flights changed wing. */
export const gliderFlightsChanged = z.object({ changed: z.number() });
export type GliderFlightsChanged = z.infer<typeof gliderFlightsChanged>;

export const MAX_FLIGHTS_PER_WING_CHANGE = 10000;
const day = (what: string) => z.iso.date(`${what} must be a date (YYYY-MM-DD).`);
/** "Flown on this wing": chosen flights, or every flight of a period (local takeoff days, both included). */
export const setGliderFlightsBody = z
  .object({
    flightIds: z
      .array(z.number().int().positive('Flight ids must be positive numbers.'))
      .min(1, 'Choose at least one flight.')
      .max(MAX_FLIGHTS_PER_WING_CHANGE, `At most ${MAX_FLIGHTS_PER_WING_CHANGE} flights at once.`)
      .optional(),
    from: day('From').optional(),
    to: day('To').optional(),
  })
  .refine((b) => (b.flightIds ? !b.from && !b.to : Boolean(b.from && b.to)), { message: 'Give either flightIds or both from and to.' })
  .refine((b) => !b.from || !b.to || b.from <= b.to, { message: 'To must not be before from.', path: ['to'] });
export type SetGliderFlightsBody = z.infer<typeof setGliderFlightsBody>;
