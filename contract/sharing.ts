import { z } from 'zod';

import { placeRef } from './community';
import { flightDetail } from './flights';
import { errorResponse } from './http';
import { flightPhases } from './phases';
import { overallStatistics, yearlySummaryItem } from './statistics';

/** Photos on the track. */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const PHOTOS_PER_FLIGHT = 50;
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const isPhotoFile = (name: string) => PHOTO_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/**
 * How a photo was put on the track: at the fix nearest its capture time, at its EXIF position, or
 * nowhere (no usable time or position: shown in the strip only).
 */
export const PHOTO_PLACEMENTS = ['time', 'position', 'none'] as const;
export const photo = z.object({
  id: z.number(),
  /** The display size (JPEG, metadata stripped). */
  url: z.string(),
  thumbUrl: z.string(),
  /** Capture time as an ISO UTC instant, when the file said. */
  takenAt: z.string().nullable(),
  /** Where it sits on the track (the placed fix, or its EXIF position). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  placement: z.enum(PHOTO_PLACEMENTS),
  width: z.number(),
  height: z.number(),
  originalFilename: z.string(),
  /** The pilot hides this photo's position from share links (their own view still shows it). */
  positionHidden: z.boolean(),
});
export type Photo = z.infer<typeof photo>;
export const photos = z.array(photo);
/** PATCH /api/photos/:id: the pilot's choices about one photo; answers the photo. */
export const photoPatchBody = z.object({ positionHidden: z.boolean({ error: 'positionHidden must be true or false.' }) });
export type PhotoPatchBody = z.input<typeof photoPatchBody>;
/**
 * A photo as a share link shows it (docs/photos.md): an opaque id that means nothing without the link,
 * no file name, and a position only for a photo placed on the track by its time whose position the
 * pilot has not hidden (else latitude/longitude null and placement 'none').
 */
export const publicPhoto = photo.omit({ id: true, originalFilename: true, positionHidden: true }).extend({ id: z.string() });
export type PublicPhoto = z.infer<typeof publicPhoto>;
/** The image routes of a shared flight's photo: the link's token and the photo's opaque id. */
export const publicPhotoParams = z.object({ token: z.string().min(1).max(100), photoId: z.string().min(1).max(64) });
/**
 * Why a file was not added, for the app to say in the pilot's language: empty, over PHOTO_MAX_BYTES,
 * not a JPEG/PNG/WebP, damaged or incomplete, over the server's pixel limit, or the flight already
 * holds PHOTOS_PER_FLIGHT.
 */
export const PHOTO_REFUSAL_CODES = ['empty', 'too-large', 'format', 'damaged', 'too-many-pixels', 'flight-full'] as const;
export type PhotoRefusalCode = (typeof PHOTO_REFUSAL_CODES)[number];
/** One refused file: its name, the reason's code, and the reason as an English sentence for API users. */
export const photoRefusal = z.object({ filename: z.string(), code: z.enum(PHOTO_REFUSAL_CODES), message: z.string() });
export type PhotoRefusal = z.infer<typeof photoRefusal>;
/** POST /api/flightdetail/:id/photos (201): what was stored and what was refused, each with a reason. */
export const photoUploadAnswer = z.object({
  added: photos,
  refused: z.array(photoRefusal),
});
export type PhotoUploadAnswer = z.infer<typeof photoUploadAnswer>;
/**
 * The same POST's 400: when no file could be added, `refused` lists each file as the 201 would (the
 * message names them all in one sentence); other 400s (not multipart, no file) carry the message only.
 */
export const photoUploadRefused = errorResponse.extend({ refused: z.array(photoRefusal).optional() });
export type PhotoUploadRefused = z.infer<typeof photoUploadRefused>;
export const photoParams = z.object({ id: z.coerce.number().int().positive('Photo id must be a positive number.') });
/** GET /api/photos/:id and /api/photos/:id/thumb: the JPEG bytes. */
export const photoImage = z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'A photo (JPEG).');

/** Share links. */
export const shareBody = z.object({
  includeNotes: z.boolean({ error: 'includeNotes must be true or false.' }).default(false),
  includePhotos: z.boolean({ error: 'includePhotos must be true or false.' }).default(false),
});
export type ShareBody = z.input<typeof shareBody>;
/** POST answer; the token is at least 128 random bits, base64url. `url` is absolute (PUBLIC_URL/shared/token). */
export const shareLink = z.object({ token: z.string(), url: z.string(), includeNotes: z.boolean(), includePhotos: z.boolean(), createdAt: z.string() });
export type ShareLink = z.infer<typeof shareLink>;
/** GET /api/flightdetail/:id/share: the flight's link, if shared. */
export const shareState = z.object({ share: shareLink.nullable() });
export type ShareState = z.infer<typeof shareState>;
export const shareTokenParams = z.object({ token: z.string().min(1).max(100) });

/** What a shared flight shows: never an email, user id, file id or any other internal id. */
export const publicFlight = flightDetail
  .omit({ id: true, gliderId: true, siteId: true, landingSiteId: true, removalReason: true, removalDate: true, status: true, notes: true, airspaceInfringements: true })
  .extend({
    pilot: z.object({
      /** The display name, else the username; never the email. */
      name: z.string(),
      /** /pilots/{username} when the pilot published their page, else null. */
      pageUrl: z.string().nullable(),
    }),
    /** Only when the pilot ticked "include notes". */
    notes: z.string().nullable(),
    /** Only when the pilot ticked "include photos" (urls under /api/public/flights/{token}/photos/...). */
    photos: z.array(publicPhoto),
    phases: flightPhases.nullable(),
    /** Where it took off, when the flight is public and its place is known (docs/community.md). */
    place: placeRef.nullable(),
    likeCount: z.number(),
    commentCount: z.number(),
    /**
     * Where a visitor downloads the track, when the flight is public and its pilot allows it (docs/sharing.md),
     * else null: `gpx` built from the stored track, `igc` the original file (null when the original is
     * not an IGC file of this flight alone).
     */
    trackDownload: z.object({ gpx: z.string(), igc: z.string().nullable() }).nullable(),
  });
export type PublicFlight = z.infer<typeof publicFlight>;

/** GET/PUT /api/FlightDetail/:id/track-download: the flight's own choice (null: the pilot's default) and what applies. */
export const trackDownloadBody = z.object({ allowed: z.boolean({ error: 'allowed must be true, false or null.' }).nullable() });
export const trackDownloadState = z.object({
  /** The flight's own choice; null follows the pilot's default. */
  allowed: z.boolean().nullable(),
  /** The pilot's default (profile). */
  pilotDefault: z.boolean(),
  /** Whether a visitor can download the track now: allowed and the flight public. */
  downloadable: z.boolean(),
});
export type TrackDownloadState = z.infer<typeof trackDownloadState>;
/** GET /api/public/flights/:token/track.gpx and track.igc: the file. */
export const trackFileBytes = z.custom<Uint8Array | string>((v) => v instanceof Uint8Array || typeof v === 'string', 'A track file.');

/** GET /api/profile/public and PUT body/answer: the opt-in pilot page. */
export const publicPageBody = z.object({ enabled: z.boolean({ error: 'enabled must be true or false.' }) });
export const publicPageState = z.object({ enabled: z.boolean(), url: z.string() });
export type PublicPageState = z.infer<typeof publicPageState>;
export const usernameParams = z.object({ username: z.string().min(1).max(100) });

/** A shared flight in a pilot's public page. */
export const publicFlightItem = z.object({
  token: z.string(),
  startTime: z.string().nullable(),
  timeZone: z.string().nullable(),
  flightTime: z.number().nullable(),
  distance: z.number().nullable(),
  xcPoints: z.number().nullable(),
  flightCode: z.string().nullable(),
  siteName: z.string().nullable(),
});
/** GET /api/public/pilots/:username (public; 404 unless the pilot published the page). */
export const publicPilot = z.object({
  name: z.string(),
  username: z.string(),
  totals: overallStatistics,
  years: z.array(yearlySummaryItem),
  flights: z.array(publicFlightItem),
  /** Pilots following this pilot, and pilots this pilot follows. */
  followers: z.number(),
  following: z.number(),
});
export type PublicPilot = z.infer<typeof publicPilot>;
