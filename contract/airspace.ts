import { z } from 'zod';

/**
 * Airspace (docs/airspace.md): OpenAir files valid between two dates, loaded for the whole instance
 * by an admin or by a pilot for themselves, and every flight checked against the files valid on its
 * takeoff date (UTC). Times are ISO 8601 UTC like every time in the API.
 */

/** What a floor or ceiling is measured from: the surface, mean sea level, above ground, a flight level, or unlimited. */
export const LIMIT_REFERENCES = ['sfc', 'msl', 'agl', 'fl', 'unl'] as const;
export type LimitReference = (typeof LIMIT_REFERENCES)[number];
/**
 * A floor or ceiling: metres above its reference (for 'fl' the pressure altitude in metres, FL100 =
 * 3048 m; 0 for 'sfc'; Infinity is not JSON, so 'unl' carries 0) and the file's own text ("FL95", "2500ft AMSL").
 */
export const airspaceLimit = z.object({ reference: z.enum(LIMIT_REFERENCES), metres: z.number(), text: z.string() });
export type AirspaceLimit = z.infer<typeof airspaceLimit>;

/** Which altitude an infringement was measured with: pressure altitude (FL), GPS altitude (MSL) or height above the terrain (AGL). */
export const ALTITUDES_USED = ['pressure', 'gps', 'agl'] as const;
export type AltitudeUsed = (typeof ALTITUDES_USED)[number];

export const AIRSPACE_SCOPES = ['personal', 'instance'] as const;
export type AirspaceScope = (typeof AIRSPACE_SCOPES)[number];

/** A line of an OpenAir file that could not be read; the rest of the file loads. */
export const unreadLine = z.object({ line: z.number(), message: z.string() });
export type UnreadLine = z.infer<typeof unreadLine>;

const day = (what: string) => z.iso.date(`${what} must be a date (YYYY-MM-DD).`);

/** A stored airspace file as listed in the profile (personal) and the debug area (instance). */
export const airspaceFile = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.enum(AIRSPACE_SCOPES),
  validFrom: z.string(),
  validTo: z.string(),
  shapes: z.number(),
  unreadLines: z.array(unreadLine),
  createdAt: z.string(),
});
export type AirspaceFile = z.infer<typeof airspaceFile>;
/** GET /api/airspace/files: the instance's files and the pilot's own, with how far the background re-check is. */
export const airspaceFiles = z.object({
  files: z.array(airspaceFile),
  /** Flights still waiting for their re-check after a file was added, replaced or removed (0 when done). */
  recheckPending: z.number(),
});
export type AirspaceFiles = z.infer<typeof airspaceFiles>;

const fileFields = z.object({
  name: z.string({ error: 'Give the file a name.' }).trim().min(1, 'Give the file a name.').max(120, 'The name is at most 120 characters.'),
  validFrom: day('validFrom'),
  validTo: day('validTo'),
  scope: z.enum(AIRSPACE_SCOPES, { error: 'scope must be personal or instance.' }).default('personal'),
});
/** A validity must not end before it starts. */
export const validityInOrder = (f: { validFrom: string; validTo: string }) => f.validFrom <= f.validTo;
export const VALIDITY_OUT_OF_ORDER = 'validTo must be on or after validFrom.';
/** The fields of POST /api/airspace/files (multipart; the OpenAir text in the field `file`). */
export const airspaceFileFields = fileFields.refine(validityInOrder, { message: VALIDITY_OUT_OF_ORDER, path: ['validTo'] });
export type AirspaceFileFields = z.infer<typeof airspaceFileFields>;
/**
 * The fields of PUT /api/airspace/files/:id, each optional, the file too (then only the name or the
 * dates change). A file keeps its scope: `scope`, when sent, must be the file's own. The merged
 * validity is checked against the file's stored dates.
 */
export const airspaceFileChanges = fileFields.partial().extend({ scope: fileFields.shape.scope.removeDefault().optional() });
export type AirspaceFileChanges = z.infer<typeof airspaceFileChanges>;
/** POST (201) and PUT (200) /api/airspace/files answer. */
export const airspaceFileAdded = z.object({ id: z.number(), shapes: z.number(), unreadLines: z.array(unreadLine) });
export type AirspaceFileAdded = z.infer<typeof airspaceFileAdded>;
export const airspaceFileParams = z.object({ id: z.coerce.number().int().positive('The file id must be a positive number.') });

/** An airspace as the check, the profile and the map name it: name, class, floor and ceiling. */
const airspaceIdentity = z.object({ name: z.string(), class: z.string(), floor: airspaceLimit, ceiling: airspaceLimit });
/** A stretch of the track inside an airspace (horizontally for a crossing, in all three dimensions for an infringement). */
const airspacePassage = airspaceIdentity.extend({ entry: z.string(), exit: z.string() });

/** Which limit the vertical depth is measured from: above the floor, below the ceiling; null when neither is a height (surface to unlimited). */
export const VERTICAL_LIMITS = ['floor', 'ceiling'] as const;
export type VerticalLimit = (typeof VERTICAL_LIMITS)[number];

/**
 * Whether the airspace was active (docs/airspace.md, "Activation"): `active` when the file says it
 * always is, or gives times that meet the passage; `unknown` when it is active only when announced
 * (NOTAM, HX, a schedule in its name, a class or type that is only sometimes active): the pilot
 * checks, and it is not counted as an infringement. `activationReason` is the file's own words.
 */
export const AIRSPACE_ACTIVATIONS = ['active', 'unknown'] as const;
export type AirspaceActivationKind = (typeof AIRSPACE_ACTIVATIONS)[number];
export const airspaceActivation = z.object({ activation: z.enum(AIRSPACE_ACTIVATIONS), activationReason: z.string().nullable() });
export type AirspaceActivation = z.infer<typeof airspaceActivation>;

/** One time inside the airspace (entry and exit, ISO). */
export const airspaceTimes = z.object({ entry: z.string(), exit: z.string() });

/**
 * One airspace infringed on one flight: its passages (stretches of the track inside it,
 * horizontally and vertically) grouped in one row, from the first entry to the last exit.
 */
export const airspaceInfringement = z.object({ index: z.number() }).extend({
  ...airspacePassage.shape,
  /** Every passage, in time order; `entry` is the first's entry and `exit` the last's exit. */
  passages: z.array(airspaceTimes),
  /** Deepest penetration over the passages: how far inside the shape's border (metres). */
  horizontalMetres: z.number(),
  /** Deepest penetration: how far above the floor or below the ceiling, whichever is nearer (metres), and which. */
  verticalMetres: z.number(),
  verticalLimit: z.enum(VERTICAL_LIMITS).nullable(),
  altitudeUsed: z.enum(ALTITUDES_USED),
  ...airspaceActivation.shape,
  cleared: z.boolean(),
  note: z.string().nullable(),
  /** The pilot said the airspace was not active that day (only for an unknown activation). */
  notActive: z.boolean(),
});
export type AirspaceInfringement = z.infer<typeof airspaceInfringement>;

/** Why part of the check could not be done, per airspace crossed: an AGL limit without terrain data. */
export const NOT_CHECKED_REASONS = ['noTerrain'] as const;
export const airspaceNotChecked = airspaceIdentity.pick({ name: true, class: true }).extend({ reason: z.enum(NOT_CHECKED_REASONS) });
export type AirspaceNotChecked = z.infer<typeof airspaceNotChecked>;

/** An airspace the track passed through horizontally (at any height): the height profile draws its floor and ceiling. */
export const airspaceCrossing = airspacePassage.extend({
  /** Floor and ceiling as metres above sea level for the profile (FL at standard pressure); null when it depends on the ground or is unlimited. */
  floorMsl: z.number().nullable(),
  ceilingMsl: z.number().nullable(),
});
export type AirspaceCrossing = z.infer<typeof airspaceCrossing>;

/** GET /api/FlightDetail/:id/airspace */
export const flightAirspace = z.object({
  /** False while the flight waits for its check, and always for a flight without a track. */
  checked: z.boolean(),
  checkedAt: z.string().nullable(),
  notChecked: z.array(airspaceNotChecked),
  infringements: z.array(airspaceInfringement),
  /** Rows of an active airspace not cleared: the count the flight list shows. */
  notCleared: z.number(),
  /** Rows whose activation is unknown, neither cleared nor marked not active: counted apart, "check whether it was active". */
  toCheck: z.number(),
  crossings: z.array(airspaceCrossing),
});
export type FlightAirspace = z.infer<typeof flightAirspace>;
export const infringementParams = z.object({
  id: z.coerce.number().int().positive('Flight id must be a positive number.'),
  index: z.coerce.number().int().min(0, 'The infringement index must be 0 or more.'),
});
/** PUT /api/FlightDetail/:id/airspace/:index */
export const clearanceBody = z.object({
  cleared: z.boolean({ error: 'cleared must be true or false.' }),
  note: z.string({ error: 'The note must be text.' }).trim().max(500, 'The note is at most 500 characters.').nullish().transform((v) => v || null),
});
export type ClearanceBody = z.infer<typeof clearanceBody>;
/** PUT /api/FlightDetail/:id/airspace/:index/activation: the pilot says the airspace was not active that day (or takes it back). */
export const activationBody = z.object({ notActive: z.boolean({ error: 'notActive must be true or false.' }) });
export type ActivationBody = z.infer<typeof activationBody>;

/** A shape for the map. */
export const airspaceShape = airspaceIdentity.extend({
  /** The outline as [longitude, latitude] pairs, closed. */
  polygon: z.array(z.tuple([z.number(), z.number()])),
});
export type AirspaceShape = z.infer<typeof airspaceShape>;
/** GET /api/airspace?bbox=w,s,e,n&date=YYYY-MM-DD */
export const airspaceQuery = z.object({
  bbox: z
    .string({ error: 'bbox is required: west,south,east,north.' })
    .transform((s) => s.split(',').map(Number))
    .refine((b) => b.length === 4 && b.every(Number.isFinite) && b[0]! <= b[2]! && b[1]! <= b[3]! && b[1]! >= -90 && b[3]! <= 90 && b[0]! >= -180 && b[2]! <= 180, 'bbox must be west,south,east,north in degrees.'),
  date: day('date'),
});
export const airspaceShapes = z.object({ shapes: z.array(airspaceShape), truncated: z.boolean() });
export type AirspaceShapes = z.infer<typeof airspaceShapes>;
