// Rules shared by server and app that need no schema library, so the app can import them without zod.

/** The seven interface languages (docs/product.md §1). */
export const LANGUAGES = ['en', 'fr', 'de', 'it', 'es', 'cs', 'sl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const USERNAME_MAX = 50;
export const EMAIL_MAX = 100;
export const DISPLAY_NAME_MAX = 100;
export const PASSWORD_MIN = 6;
/** Reset password needs at least this strength score (docs/product.md §5). */
export const RESET_MIN_STRENGTH = 3;

/**
 * Password strength (docs/product.md §5): one point each for length 8 or more, an uppercase letter, a lowercase
 * letter, a digit and another symbol. 1-2 Weak, 3-4 Medium, 5 Strong.
 */
export function passwordStrength(pw: string): number {
  return [pw.length >= 8, /[A-Z]/.test(pw), /[a-z]/.test(pw), /\d/.test(pw), /[^A-Za-z0-9]/.test(pw)].filter(Boolean).length;
}

export type StrengthLevel = 'none' | 'weak' | 'medium' | 'strong';
export function strengthLevel(score: number): StrengthLevel {
  return score >= 5 ? 'strong' : score >= 3 ? 'medium' : score >= 1 ? 'weak' : 'none';
}

/** docs/product.md §3 removal reason codes and the text names the server also accepts. */
export const REMOVAL_REASONS = {
  None: 0,
  Duplicate: 1,
  UserRequested: 2,
  InvalidFile: 3,
  ProcessingError: 4,
  ShortFlight: 5,
  NoFlight: 6,
  GondolaRide: 7,
  CarDrive: 8,
  InsufficientHeightDifference: 9,
  Similar: 10,
  Other: 99,
} as const;
export type RemovalReasonName = keyof typeof REMOVAL_REASONS;
export type RemovalReasonCode = (typeof REMOVAL_REASONS)[RemovalReasonName];
const REASON_CODES = new Set<number>(Object.values(REMOVAL_REASONS));
export const isRemovalReasonCode = (code: number): code is RemovalReasonCode => REASON_CODES.has(code);

/** The code of a reason sent as a number, a digit string or one of the text names; null when it is none of these. */
export function removalReasonCode(reason: number | string | null | undefined): number | null {
  if (reason === null || reason === undefined || reason === '') return null;
  if (typeof reason === 'number') return reason;
  if (/^\d+$/.test(reason)) return Number(reason);
  return reason in REMOVAL_REASONS ? REMOVAL_REASONS[reason as RemovalReasonName] : null;
}

/** The removal state of a flight as stored: a reason code (null or 0: none) and a removal date. */
export interface RemovalState {
  removalReason: number | null;
  removalDate?: string | null;
}
/** Marked for review (docs/product.md §4): a non-zero reason and no removal date. */
export const isMarked = (f: RemovalState) => !!f.removalReason && !f.removalDate;
/** Removed (docs/product.md §4): a non-zero reason together with a removal date; hidden from lists. */
export const isRemoved = (f: RemovalState) => !!f.removalReason && !!f.removalDate;

/** What the upload takes (docs/product.md §5, docs/import.md): track files and logbooks alone or inside archives. */
export const TRACK_EXTENSIONS = ['.igc', '.gpx', '.fit', '.kml', '.kmz', '.tcx'] as const;
/** Logbooks the upload imports as the Data page does: CSV exports and Logfly's database. */
export const LOGBOOK_EXTENSIONS = ['.csv', '.db'] as const;
export const UPLOAD_EXTENSIONS = [...TRACK_EXTENSIONS, ...LOGBOOK_EXTENSIONS, '.zip', '.tar.gz', '.tgz'] as const;
export const UPLOAD_EXTENSION_MESSAGE = 'Only track files (.igc, .gpx, .fit, .kml, .kmz, .tcx), logbooks (.csv, .db) and archives (.zip, .tar.gz, .tgz) are allowed';
const endsWithOneOf = (name: string, extensions: readonly string[]) => extensions.some((ext) => name.toLowerCase().endsWith(ext));
/** A track file by its name (IGC, GPX, FIT, KML, KMZ, TCX); its content decides how it is read. */
export const isTrackFile = (name: string) => endsWithOneOf(name, TRACK_EXTENSIONS);
/** A logbook file by its name (a CSV export, Logfly's database); its content decides how it is read. */
export const isLogbookFile = (name: string) => endsWithOneOf(name, LOGBOOK_EXTENSIONS);
export const isAcceptedUpload = (name: string) => endsWithOneOf(name, UPLOAD_EXTENSIONS);
