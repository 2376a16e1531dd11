import { createHmac, randomBytes } from 'node:crypto';
import type { FlightPhases } from '../../../contract/phases';
import type { PublicFlight, PublicPageState, PublicPhoto, PublicPilot, ShareBody, ShareLink, ShareState } from '../../../contract/sharing';
import type { FlightFeature } from '../../../contract/uploads';
import { nowIso, type Db, type FlightShare } from '../db';
import { findPhases } from '../flights';
import { findFlight, type FlightRow } from '../flights';
import { flightsService, ownFlight, toFlightDetail } from '../flights';
import { unpack } from '../track';
import { notFound } from '../http';
import type { Services } from '../services-types';
import { flightPhotoRows, photoBytes, type PhotoRow } from '../photos';
import { communityOfFlight } from './community';
import { followCounts, publicFlightsOfPilot } from './community-repository';
import { overallStatistics, yearlySummary } from '../statistics';
import * as repo from './repository';
import { deleteShare, insertShare, isDownloadable, isLinked, isOpen, setFlightVisibility, setTrackDownload } from '../privacy';
import { flightFileBase, trackFile } from '../exports';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import type { TrackDownloadState } from '../../../contract/sharing';

const gunzip = promisify(gunzipCallback);

/** The one answer for an unknown token, a revoked link, a removed flight and a deleted pilot. */
export const SHARE_GONE = 'This shared flight does not exist or is no longer shared.';
/** The one answer for an unknown username and a page the pilot has not published. */
export const PILOT_GONE = 'This pilot page does not exist or is not published.';

/** 192 random bits, base64url (32 characters). */
export const newShareToken = () => randomBytes(24).toString('base64url');

export const pilotName = (pilot: { displayName: string | null; username: string }) => pilot.displayName?.trim() || pilot.username;
/** The public page's path, relative so the app can put its language in front. */
export const pilotPagePath = (username: string) => `/pilots/${encodeURIComponent(username)}`;
const publicPhotosUrl = (token: string) => `/api/public/flights/${encodeURIComponent(token)}/photos`;

/**
 * A photo's id in a share link: an HMAC of the link's token and the photo's row id under the server
 * secret, 128 bits as base64url. It says nothing about the row id or how many photos exist, differs
 * from link to link (a new link after a revoke gives new ids), and opens nothing without the token.
 */
export const publicPhotoId = (secret: string, token: string, photoId: number) => createHmac('sha256', secret).update(`photo:${token}:${photoId}`).digest().subarray(0, 16).toString('base64url');

/**
 * A photo as a visitor sees it (docs/photos.md): no row id, no file name, and a position only when
 * the photo sits on the track by its capture time and the pilot has not hidden it. A photo placed by
 * its EXIF position away from the track may show where the pilot lives, so it is never placed.
 */
export function toPublicPhoto(row: PhotoRow, id: string, urlBase: string): PublicPhoto {
  const placed = row.placement === 'time' && row.positionHidden !== 1 && row.latitude !== null && row.longitude !== null;
  return {
    id,
    url: `${urlBase}/${id}`,
    thumbUrl: `${urlBase}/${id}/thumb`,
    takenAt: row.takenAt,
    latitude: placed ? row.latitude : null,
    longitude: placed ? row.longitude : null,
    placement: placed ? 'time' : 'none',
    width: row.width,
    height: row.height,
  };
}

/** A shared flight as stored, with its pilot; undefined when the link does not open (any reason). */
export interface SharedFlight {
  share: FlightShare;
  flight: FlightRow;
  pilot: NonNullable<Awaited<ReturnType<typeof repo.findPilotById>>>;
}

export async function findSharedFlight(db: Db, token: string): Promise<SharedFlight | undefined> {
  const share = await repo.findShareByToken(db, token);
  if (!share) return undefined;
  const [flight, pilot] = await Promise.all([findFlight(db, share.userId, share.flightId), repo.findPilotById(db, share.userId)]);
  // A private flight, and one removed or marked for review, is never shown to anyone else (docs/community.md).
  if (!flight || !isOpen(flight) || !pilot) return undefined;
  return { share, flight, pilot };
}

/** Share links of the pilot's flights, the public reads they open, and the opt-in pilot page. */
export function sharingService(services: Pick<Services, 'config' | 'database' | 'flightsChanged'>) {
  const { db } = services.database;
  const { publicUrl, sessionSecret } = services.config;
  const flights = flightsService(services);

  /** The download addresses of a shared flight, null unless visitors may download its track. */
  const trackDownloadOf = async ({ share, flight, pilot }: SharedFlight): Promise<PublicFlight['trackDownload']> => {
    if (!isDownloadable(flight, pilot) || flight.source === 'manual') return null;
    const base = `/api/public/flights/${encodeURIComponent(share.token)}`;
    const igc = flight.igcFileId !== null && (await repo.hasSoleOriginalIgc(db, flight.igcFileId));
    return { gpx: `${base}/track.gpx`, igc: igc ? `${base}/track.igc` : null };
  };

  const toLink = (share: FlightShare): ShareLink => ({
    token: share.token,
    url: `${publicUrl}/shared/${share.token}`,
    includeNotes: share.includeNotes === 1,
    includePhotos: share.includePhotos === 1,
    createdAt: share.createdAt,
  });

  const shared = async (token: string): Promise<SharedFlight> => {
    const found = await findSharedFlight(db, token);
    if (!found) throw notFound(SHARE_GONE);
    return found;
  };

  /** The stored thermals and glides; null for a flight added by hand or not analysed for them yet. */
  const phasesOf = async (flight: FlightRow): Promise<FlightPhases | null> => {
    if (flight.source === 'manual') return null;
    const packed = await findPhases(db, flight.id);
    return packed ? unpack<FlightPhases>(packed) : null;
  };

  const photosOf = async (token: string, flightId: number): Promise<PublicPhoto[]> =>
    (await flightPhotoRows(db, flightId)).map((row) => toPublicPhoto(row, publicPhotoId(sessionSecret, token, row.id), publicPhotosUrl(token)));

  const publicPageState = async (userId: number): Promise<PublicPageState> => {
    const pilot = await repo.findPilotById(db, userId);
    if (!pilot) throw notFound(PILOT_GONE);
    return { enabled: pilot.publicPage === 1, url: `${publicUrl}${pilotPagePath(pilot.username)}` };
  };

  const publishedPilot = async (username: string) => {
    const pilot = await repo.findPilotByUsername(db, username);
    return pilot?.publicPage === 1 ? pilot : undefined;
  };

  return {
    /** Creates the flight's link (created: true) or changes the flags of the existing one, keeping its token. */
    async share(userId: number, flightId: number, body: Required<ShareBody>): Promise<{ link: ShareLink; created: boolean }> {
      const flight = await ownFlight(db, userId, flightId);
      const flags = { includeNotes: body.includeNotes ? 1 : 0, includePhotos: body.includePhotos ? 1 : 0 };
      const share = { flightId: flight.id, userId, token: newShareToken(), createdAt: nowIso(), ...flags };
      // Sharing a private flight makes it a link flight (docs/community.md).
      const wasPrivate = !isLinked(flight);
      if (wasPrivate) await setFlightVisibility(db, flight.id, 'link');
      // The link with the pilot's flags first: "flights changed" makes tokens for link flights that have none.
      const created = await insertShare(db, share);
      if (wasPrivate) await services.flightsChanged(userId);
      if (created) return { link: toLink(share), created: true };
      await repo.updateShareFlags(db, flight.id, flags);
      const existing = await repo.findShareOfFlight(db, flight.id);
      if (!existing) throw notFound('Flight not found.');
      return { link: toLink(existing), created: false };
    },

    /** The flight's link; none for a private flight (a token it keeps opens nothing until it is shared again). */
    async state(userId: number, flightId: number): Promise<ShareState> {
      const flight = await ownFlight(db, userId, flightId);
      const share = isLinked(flight) ? await repo.findShareOfFlight(db, flight.id) : undefined;
      return { share: share ? toLink(share) : null };
    },

    /** Whether visitors may download the track of this flight of the pilot (docs/sharing.md). */
    async trackDownloadState(userId: number, flightId: number): Promise<TrackDownloadState> {
      const flight = await ownFlight(db, userId, flightId);
      const pilot = await repo.findPilotById(db, userId);
      if (!pilot) throw notFound('Flight not found.');
      return {
        allowed: flight.trackDownload === null ? null : flight.trackDownload === 1,
        pilotDefault: pilot.defaultTrackDownload === 1,
        downloadable: isDownloadable(flight, pilot) && flight.source !== 'manual',
      };
    },

    async setTrackDownload(userId: number, flightId: number, allowed: boolean | null): Promise<TrackDownloadState> {
      const flight = await ownFlight(db, userId, flightId);
      await setTrackDownload(db, flight.id, allowed);
      return this.trackDownloadState(userId, flightId);
    },

    /**
     * A public flight's track for a visitor, when its pilot allows it: GPX built from the stored track,
     * IGC the original file when it is an IGC file of this flight alone. Named after the flight (date,
     * time, site), never after the uploaded file. Any other case answers the unknown token's 404.
     */
    async publicTrack(token: string, format: 'gpx' | 'igc'): Promise<{ filename: string; bytes: Buffer | string }> {
      const found = await shared(token);
      const download = await trackDownloadOf(found);
      if (!download || (format === 'igc' && !download.igc)) throw notFound(SHARE_GONE);
      const { flight } = found;
      if (format === 'gpx') {
        // A flight without a stored track answers like any other flight a visitor cannot download.
        const file = await trackFile(services, flight.userId, flight.id, 'gpx').catch(() => undefined);
        if (!file) throw notFound(SHARE_GONE);
        return { filename: file.filename, bytes: file.text };
      }
      const content = await repo.originalContent(db, flight.igcFileId!);
      if (!content) throw notFound(SHARE_GONE);
      return { filename: `${flightFileBase(flight.startTime!, flight.timeZone, flight.siteName ?? flight.takeoffLocation)}.igc`, bytes: await gunzip(content) };
    },

    async revoke(userId: number, flightId: number): Promise<void> {
      const flight = await ownFlight(db, userId, flightId);
      if (!(await deleteShare(db, flight.id))) throw notFound('This flight has no share link.');
      // Without its link a flight is private: a link or public flight always has a token.
      await setFlightVisibility(db, flight.id, 'private');
      await services.flightsChanged(userId);
    },

    /** What a visitor with the link sees: only what the pilot chose to share, no internal ids. */
    async publicFlight(token: string): Promise<PublicFlight> {
      const found = await shared(token);
      const { share, flight, pilot } = found;
      // Keys are picked one by one (not spread) so nothing the contract does not name can slip out.
      const d = toFlightDetail(flight);
      const [phases, photos, community, trackDownload] = await Promise.all([
        phasesOf(flight),
        share.includePhotos === 1 ? photosOf(token, flight.id) : [],
        communityOfFlight(db, flight),
        trackDownloadOf(found),
      ]);
      return {
        startTime: d.startTime,
        timeZone: d.timeZone,
        flightTime: d.flightTime,
        distance: d.distance,
        maxAltitude: d.maxAltitude,
        elevationGain: d.elevationGain,
        xcPoints: d.xcPoints,
        leftCircles: d.leftCircles,
        rightCircles: d.rightCircles,
        flightCode: d.flightCode,
        takeoffLocation: d.takeoffLocation,
        landingLocation: d.landingLocation,
        gliderType: d.gliderType,
        gliderName: d.gliderName,
        siteName: d.siteName,
        landingSiteName: d.landingSiteName,
        source: d.source,
        xcDistance: d.xcDistance,
        groundDistance: d.groundDistance,
        xcSpeed: d.xcSpeed,
        maxHeight: d.maxHeight,
        startHeight: d.startHeight,
        maxLift: d.maxLift,
        maxSink: d.maxSink,
        scoringRules: d.scoringRules,
        windowCorrected: d.windowCorrected,
        xcProven: d.xcProven,
        pilot: { name: pilotName(pilot), pageUrl: pilot.publicPage === 1 ? pilotPagePath(pilot.username) : null },
        notes: share.includeNotes === 1 ? d.notes : null,
        photos,
        phases,
        visibility: d.visibility,
        place: community.place,
        likeCount: community.likeCount,
        commentCount: community.commentCount,
        trackDownload,
      };
    },

    /** The shared flight's track and task, as the pilot's own features route answers them. */
    async publicFeatures(token: string, lowRes: boolean): Promise<FlightFeature[]> {
      const { share } = await shared(token);
      return flights.features(share.userId, share.flightId, lowRes);
    },

    /**
     * One image of a shared flight's photo, by its opaque id (at most 50 photos per flight, so each
     * one's id is computed and compared); 404 unless the link includes photos and the id is one of that flight's.
     */
    async publicPhoto(token: string, publicId: string, kind: 'display' | 'thumb'): Promise<Buffer> {
      const { share } = await shared(token);
      const rows = share.includePhotos === 1 ? await flightPhotoRows(db, share.flightId) : [];
      const row = rows.find((r) => publicPhotoId(sessionSecret, share.token, r.id) === publicId);
      const bytes = row && (await photoBytes(db, row.id, share.flightId, kind));
      if (!bytes) throw notFound('This photo is not part of the shared flight.');
      return bytes;
    },

    publicPageState,

    async setPublicPage(userId: number, enabled: boolean): Promise<PublicPageState> {
      await repo.setPublicPage(db, userId, enabled);
      return publicPageState(userId);
    },

    /** The published page: totals and years as the statistics show them, and the shared flights. */
    async publicPilot(username: string): Promise<PublicPilot> {
      const pilot = await publishedPilot(username);
      if (!pilot) throw notFound(PILOT_GONE);
      // The page lists and counts the pilot's public flights only (docs/community.md): private and link flights stay off it.
      const [totals, years, flightItems, counts] = await Promise.all([overallStatistics(db, pilot.id, 'public'), yearlySummary(db, pilot.id, 'public'), publicFlightsOfPilot(db, pilot.id), followCounts(db, pilot.id)]);
      return { name: pilotName(pilot), username: pilot.username, totals, years, flights: flightItems, ...counts };
    },

    /** For a link preview: the shared flight, undefined when the link does not open. */
    sharedFlight: (token: string) => findSharedFlight(db, token),

    /** For a link preview: the published pilot's name and totals, undefined when the page is not published. */
    async publishedPilotTotals(username: string) {
      const pilot = await publishedPilot(username);
      return pilot && { name: pilotName(pilot), username: pilot.username, preferredLanguage: pilot.preferredLanguage, totals: await overallStatistics(db, pilot.id, 'public') };
    },
  };
}

export type SharingService = ReturnType<typeof sharingService>;
