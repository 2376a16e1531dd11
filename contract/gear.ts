import { z } from 'zod';

/** The kinds of gear beside wings (wings stay in contract/gliders.ts). */
export const GEAR_KINDS = ['harness', 'reserve', 'instrument', 'helmet', 'other'] as const;
export type GearKind = (typeof GEAR_KINDS)[number];
export const GEAR_TEXT_MAX = 100;
export const GEAR_NOTES_MAX = 2000;
/** A check's report: a PDF or a photo of at most this many bytes. */
export const GEAR_REPORT_MAX_BYTES = 10 * 1024 * 1024;
export const GEAR_REPORT_TYPES = ['pdf', 'jpeg', 'png', 'webp'] as const;
export type GearReportType = (typeof GEAR_REPORT_TYPES)[number];
/** A check is "due soon" this many days before its date, or with this share of its hours left. */
export const DUE_SOON_DAYS = 30;
export const DUE_SOON_HOURS_SHARE = 0.1;

const today = () => new Date().toISOString().slice(0, 10);
const text = (what: string) =>
  z.string({ error: `${what} is required.` }).trim().min(1, `${what} is required.`).max(GEAR_TEXT_MAX, `${what} must be at most ${GEAR_TEXT_MAX} characters.`);
const optionalText = (what: string, max: number) =>
  z.string({ error: `${what} must be text.` }).trim().max(max, `${what} must be at most ${max} characters.`).nullish().transform((v) => v || null);
const optionalDay = (what: string) => z.iso.date(`${what} must be a date (YYYY-MM-DD).`).nullish().transform((v) => v ?? null);
const interval = (unit: 'months' | 'hours', max: number) =>
  z
    .number({ error: `The interval in ${unit} must be a number.` })
    .int(`The interval must be whole ${unit}.`)
    .min(1, `The interval must be 1 to ${max} ${unit}.`)
    .max(max, `The interval must be 1 to ${max} ${unit}.`)
    .nullish()
    .transform((v) => v ?? null);

export const gearItemBody = z
  .object({
    kind: z.enum(GEAR_KINDS, { error: `Kind must be one of ${GEAR_KINDS.join(', ')}.` }),
    name: text('Name'),
    maker: optionalText('Maker', GEAR_TEXT_MAX),
    serial: optionalText('Serial number', GEAR_TEXT_MAX),
    /** The period the item flew: every flight of the pilot on a local day in it (both days included). */
    inUseFrom: optionalDay('In use from'),
    inUseUntil: optionalDay('In use until'),
    notes: optionalText('Notes', GEAR_NOTES_MAX),
  })
  .refine((g) => !g.inUseFrom || !g.inUseUntil || g.inUseFrom <= g.inUseUntil, { message: 'In use until must not be before in use from.', path: ['inUseUntil'] });
export type GearItemBody = z.input<typeof gearItemBody>;

/** A check on an item or on a wing (exactly one of them), with its interval in months, hours or both. */
export const gearCheckBody = z
  .object({
    itemId: z.number().int().positive('Item id must be a positive number.').nullish().transform((v) => v ?? null),
    gliderId: z.number().int().positive('Glider id must be a positive number.').nullish().transform((v) => v ?? null),
    name: text('Check name'),
    intervalMonths: interval('months', 120),
    intervalHours: interval('hours', 2000),
  })
  .refine((c) => (c.itemId === null) !== (c.gliderId === null), { message: 'A check belongs to one item or one wing.', path: ['itemId'] })
  .refine((c) => c.intervalMonths !== null || c.intervalHours !== null, { message: 'Give an interval in months, in hours or both.', path: ['intervalMonths'] });
export type GearCheckBody = z.input<typeof gearCheckBody>;
/** Changing a check keeps what it belongs to. */
export const gearCheckUpdateBody = z
  .object({ name: text('Check name'), intervalMonths: interval('months', 120), intervalHours: interval('hours', 2000) })
  .refine((c) => c.intervalMonths !== null || c.intervalHours !== null, { message: 'Give an interval in months, in hours or both.', path: ['intervalMonths'] });
export type GearCheckUpdateBody = z.input<typeof gearCheckUpdateBody>;

export const gearRecordBody = z.object({
  doneOn: z.iso.date('The date must be a date (YYYY-MM-DD).').refine((d) => d <= today(), 'The date cannot be in the future.'),
  doneBy: optionalText('Done by', GEAR_TEXT_MAX),
  notes: optionalText('Notes', GEAR_NOTES_MAX),
});
export type GearRecordBody = z.input<typeof gearRecordBody>;

const positiveId = (what: string) => z.coerce.number({ error: `${what} must be a positive number.` }).int(`${what} must be a positive number.`).positive(`${what} must be a positive number.`);
export const gearParams = z.object({ id: positiveId('Id') });

export const gearRecord = z.object({
  id: z.number(),
  doneOn: z.string(),
  doneBy: z.string().nullable(),
  notes: z.string().nullable(),
  /** The attached report's kind, null without one; served at /api/gear/records/{id}/report. */
  reportType: z.enum(GEAR_REPORT_TYPES).nullable(),
  reportName: z.string().nullable(),
});
export type GearRecord = z.infer<typeof gearRecord>;
export const gearRecords = z.array(gearRecord);

/** ok: nothing due soon; soon: due within DUE_SOON_DAYS or DUE_SOON_HOURS_SHARE of its hours; overdue: past its date or hours; unknown: nothing to count from yet. */
export const DUE_STATES = ['ok', 'soon', 'overdue', 'unknown'] as const;
export type DueState = (typeof DUE_STATES)[number];

export const gearCheck = z.object({
  id: z.number(),
  itemId: z.number().nullable(),
  gliderId: z.number().nullable(),
  name: z.string(),
  intervalMonths: z.number().nullable(),
  intervalHours: z.number().nullable(),
  /** The newest check done, null when none is recorded. */
  lastDone: z.string().nullable(),
  /** The day the months run out (from the last check, else from when the item came into use); null without months or a start. */
  dueOn: z.string().nullable(),
  /** Flight seconds since the last check (all the item's flights without one). */
  secondsSince: z.number(),
  /** Flight seconds left before the hours run out; negative when overdue; null without an hour interval. */
  secondsLeft: z.number().nullable(),
  state: z.enum(DUE_STATES),
  records: gearRecords,
});
export type GearCheck = z.infer<typeof gearCheck>;

export const gearItem = z.object({
  id: z.number(),
  kind: z.enum(GEAR_KINDS),
  name: z.string(),
  maker: z.string().nullable(),
  serial: z.string().nullable(),
  inUseFrom: z.string().nullable(),
  inUseUntil: z.string().nullable(),
  notes: z.string().nullable(),
  /** Counted flights in its period. */
  flightCount: z.number(),
  totalSeconds: z.number(),
  checks: z.array(gearCheck),
});
export type GearItem = z.infer<typeof gearItem>;

/** A wing as the gear page shows it: its name and the checks kept on it here. */
export const gearWing = z.object({ id: z.number(), name: z.string(), flightCount: z.number(), totalSeconds: z.number(), checks: z.array(gearCheck) });
export type GearWing = z.infer<typeof gearWing>;

/** GET /api/gear: all the pilot's gear with its checks. */
export const gearList = z.object({ items: z.array(gearItem), wings: z.array(gearWing) });
export type GearList = z.infer<typeof gearList>;

/** GET /api/gear/due: checks due soon or overdue, most urgent first (the dashboard card). */
export const dueCheck = z.object({
  checkId: z.number(),
  checkName: z.string(),
  /** The item's or wing's name. */
  gearName: z.string(),
  gearKind: z.enum([...GEAR_KINDS, 'wing']),
  state: z.enum(['soon', 'overdue']),
  dueOn: z.string().nullable(),
  secondsLeft: z.number().nullable(),
});
export type DueCheck = z.infer<typeof dueCheck>;
export const dueChecks = z.array(dueCheck);

/** The harness and reserve (and wing) that flew a flight: each null when none is known. */
export interface GearOfFlight {
  wing: { id: number; name: string } | null;
  harness: { id: number; name: string } | null;
  reserve: { id: number; name: string } | null;
}

/** GET /api/gear/records/:id/report: the attached file's bytes (PDF or image, not serialised). */
export const gearReportFile = z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'A check report (PDF or image).');
export const gearMessage = z.object({ message: z.string() });
