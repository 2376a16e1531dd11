import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO 8601 UTC strings on both dialects (they sort as text);
 * booleans are 0/1 integers; counts and aggregates from PostgreSQL may arrive as strings,
 * so services convert them with Number().
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  passwordHash: string | null;
  displayName: string | null;
  role: string; // 'User' | 'Admin'
  preferredLanguage: string | null;
  emailVerifiedAt: string | null;
  authProvider: string; // 'local' | 'google'
  providerSubject: string | null;
  profilePictureUrl: string | null;
  createdAt: string;
  /** The pilot's league (contract/scoring.ts); null means the instance's SCORING_RULES. */
  scoringRules: string | null;
  /** Bumped on every change to the pilot's flights; keys the read cache. */
  dataVersion: Generated<number>;
  /** 1 when the pilot published /pilots/{username} (migration 007). */
  publicPage: Generated<number>;
  /** Bumped when the pilot saves a flight's notes; keys the read cache of the answers that show notes (migration 008). */
  notesVersion: Generated<number>;
  /** The visibility a new flight gets (contract/community.ts VISIBILITIES; migration 009). */
  defaultVisibility: Generated<'private' | 'link' | 'public' | 'review'>;
  /** 1 when visitors may download the tracks of the pilot's public flights that have no choice of their own (migration 024). */
  defaultTrackDownload: Generated<number>;
  /** 1 when the pilot wants the daily mail of new comments on their flights. */
  commentDigest: Generated<number>;
  /** When the pilot last looked at the comments on their flights (the navigation's badge counts after it). */
  commentsSeenAt: string | null;
  /** When the last comment digest was mailed. */
  digestSentAt: string | null;
  /** Set by an admin: the pilot may no longer comment. */
  commentsBlockedAt: string | null;
  /** 1 when others may find the pilot by name in the pilot search (migration 022; off by default). */
  findableByName: Generated<number>;
  /** 1 when others may follow the pilot, published page or not (migration 022; off by default). */
  acceptsFollowers: Generated<number>;
  /** The units the pilot reads numbers in (contract/units.ts codes; migration 015); all null until chosen. */
  unitAltitude: string | null;
  unitDistance: string | null;
  unitSpeed: string | null;
  unitClimb: string | null;
}

export interface SessionsTable {
  tokenHash: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
}

/** Single-use mailed codes: email verification and password reset. */
export interface TokensTable {
  tokenHash: string;
  userId: number;
  kind: string; // 'verify' | 'reset'
  email: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface UploadTasksTable {
  id: Generated<number>;
  userId: number;
  uploadDate: string;
  filename: string;
  fileSize: number;
  status: string; // 'Processing' | 'Completed' | 'Failed'
  errorMessage: string | null;
  estimatedFlightCount: number;
  processedFlightCount: number;
  duplicateFlightCount: number;
}

export interface IgcFilesTable {
  id: Generated<number>;
  uploadTaskId: number;
  userId: number;
  originalFilename: string;
  fileSize: number;
  sha256: string | null;
  status: string; // 'Pending' | 'Processing' | 'Completed' | 'Failed' | 'Duplicate' | 'Ignored'
  reason: string | null;
  content: Buffer | null; // gzip of the original bytes
  attempts: number;
  createdAt: string;
  /** 1 for a track a logbook kept (Logfly's V_IGC): matched by flight against tracks from the pilot's own files. */
  logbookCopy: Generated<number>;
  /** The flight this file was found to be when it was not stored as one of its own (ledger: "duplicate of flight N"). */
  sameFlightId: number | null;
}

export interface FlightsTable {
  id: Generated<number>;
  userId: number;
  /** Null for a flight added by hand (source 'manual'). */
  igcFileId: number | null;
  segmentIndex: number;
  status: string; // 'Pending' | 'Processing' | 'Completed' | 'Failed'
  errorMessage: string | null;
  startTime: string | null;
  endTime: string | null;
  timeZone: string | null;
  localDate: string | null; // YYYY-MM-DD at the takeoff
  localYear: number | null;
  localMonth: number | null;
  flightTime: number | null;
  distance: number | null;
  xcDistance: number | null;
  xcPoints: number | null;
  /** 1 proven optimal, 0 the best the work budget found (xcBound bounds it), null scored before migration 027. */
  xcOptimal: number | null;
  xcBound: number | null;
  /** 1 once the background proof scored this analysis (scoring/proof-job.ts). */
  xcProofRun: Generated<number>;
  flightCode: string | null;
  groundDistance: number | null;
  xcSpeed: number | null;
  maxAltitude: number | null;
  maxHeight: number | null;
  startHeight: number | null;
  elevationGain: number | null;
  maxLift: number | null;
  maxSink: number | null;
  leftCircles: number | null;
  rightCircles: number | null;
  gliderType: string | null;
  takeoffLocation: string | null;
  landingLocation: string | null;
  takeoffLat: number | null;
  takeoffLon: number | null;
  landingLat: number | null;
  landingLon: number | null;
  siteId: number | null;
  fingerprint: string | null;
  removalReason: number | null;
  removalDate: string | null;
  createdAt: string;
  notes: string | null;
  gliderId: number | null;
  /** 1 when the pilot chose the glider / site by hand: kept through re-analysis. */
  gliderSetByPilot: Generated<number>;
  siteSetByPilot: Generated<number>;
  landingSiteId: number | null;
  landingSiteSetByPilot: Generated<number>;
  source: Generated<'igc' | 'manual'>;
  /** The league the stored score is under. */
  scoringRules: string | null;
  /** Takeoff and landing set by the pilot (ISO UTC): analysis stays inside them. */
  windowTakeoff: string | null;
  windowLanding: string | null;
  /** 'private' | 'link' | 'public' (contract/community.ts; migration 009). */
  visibility: Generated<'private' | 'link' | 'public'>;
  /** 1 while a new flight of a "publish after I review" pilot waits in their review list (private until then; migration 024). */
  awaitingReview: Generated<number>;
  /** 1: visitors may download this public flight's track; 0: they may not; null: the pilot's default (migration 024). */
  trackDownload: number | null;
  /** Infringements not cleared by the pilot; null while the flight is not checked (migration 011, docs/airspace.md). */
  airspaceInfringements: number | null;
  /** What the IGC header says (docs/aircraft-category.md; migration 021): the category and the wing's EN class. */
  detectedCategory: string | null;
  detectedWingClass: string | null;
  /** The pilot's choice for this flight; null: follow the wing, then the header. */
  pilotCategory: string | null;
  /** The category the flight counts under: kept by "flights changed" (gliders/categories.ts). */
  aircraftCategory: Generated<string>;
}

/** Stored analysis output: gzip'd JSON, so read paths never parse an IGC file again. */
export interface FlightTracksTable {
  flightId: number;
  path: Buffer; // the track as binary typed-array columns (track/codec.ts; gzip'd JSON before migration 010)
  pathLowRes: Buffer; // at most 1,000 of the track's fixes (analysis/simplify.ts), the same binary form
  features: Buffer; // scoring geometry features (without the track)
  phases: Buffer | null; // gzip'd JSON of contract/phases FlightPhases
}

export interface SitesTable {
  id: Generated<number>;
  userId: number;
  name: string;
  latitude: number;
  longitude: number;
  /** 1 once the pilot renamed the site; a detected site is named after the nearest town. */
  named: Generated<number>;
}

export interface GlidersTable {
  id: Generated<number>;
  userId: number;
  manufacturer: string;
  model: string;
  size: string | null;
  gliderClass: string;
  inUseFrom: string | null;
  inUseUntil: string | null;
  notes: string | null;
  lastCheck: string | null;
  checkIntervalMonths: number | null;
  checkIntervalHours: number | null;
  isDefault: Generated<number>;
  createdAt: string;
  /** The wing's aircraft category (migration 021); null: the IGC header decides. */
  aircraftCategory: string | null;
}

/** The persistent job queue of the embedded (SQLite) mode; pg-boss keeps its own tables. */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: string;
  state: string; // 'queued' | 'active' | 'done' | 'failed'
  attempts: number;
  runAfter: string;
  lockedAt: string | null;
  lastError: string | null;
  createdAt: string;
}

export interface UserAchievementsTable {
  userId: number;
  achievementId: string;
  level: number;
  achievedAt: string;
  flightId: number | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  achievementId: string;
  level: number;
  achievedAt: string;
  dismissedAt: string | null;
  flightId: number | null;
  /** The pilot's latest upload task when the notification was raised (migration 004). */
  batchTaskId: number | null;
}

/** A photo of a flight: display size and thumbnail, re-encoded without metadata (migration 007). */
export interface PhotosTable {
  id: Generated<number>;
  userId: number;
  flightId: number;
  originalFilename: string;
  display: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  takenAt: string | null;
  latitude: number | null;
  longitude: number | null;
  placement: string; // contract/sharing PHOTO_PLACEMENTS
  createdAt: string;
  /** 1 when the pilot hides the photo's position from public answers (migration 008). */
  positionHidden: Generated<number>;
}

/** A flight's share link; deleting the row revokes it. */
export interface FlightSharesTable {
  flightId: number;
  userId: number;
  token: string;
  includeNotes: number;
  includePhotos: number;
  createdAt: string;
}

/** A launch area shared by all pilots: flights whose takeoff lies within PLACE_RADIUS_KM (migration 009). */
export interface PlacesTable {
  id: Generated<number>;
  /** The opaque id public answers use. */
  publicId: string;
  latitude: number;
  longitude: number;
  createdAt: string;
  /** The aircraft category of the place's flights (migration 021): a place serves one category. */
  aircraftCategory: Generated<string>;
}

export interface FlightPlacesTable {
  flightId: number;
  placeId: number;
}

export interface FollowsTable {
  followerId: number;
  followeeId: number;
  createdAt: string;
}

export interface BlocksTable {
  blockerId: number;
  blockedId: number;
  createdAt: string;
}

/** A comment on a public flight: plain text, stored as typed. */
export interface CommentsTable {
  id: Generated<number>;
  publicId: string;
  flightId: number;
  authorId: number;
  body: string;
  createdAt: string;
  editedAt: string | null;
  /** Hidden by an admin (moderation): shown to nobody until restored. */
  hiddenAt: string | null;
}

export interface LikesTable {
  flightId: number;
  userId: number;
  createdAt: string;
}

export interface CommentReportsTable {
  id: Generated<number>;
  commentId: number;
  reporterId: number;
  reason: string;
  createdAt: string;
  resolvedAt: string | null;
  /** 'hide' | 'restore' | 'delete' | 'block' */
  resolution: string | null;
}

/** Every notification of the pilot up to this time is read (migration 023, docs/notifications.md). */
export interface NotificationReadUpToTable {
  userId: number;
  readAt: string;
}

/** One notification the pilot read on its own (its id is the read model's, docs/notifications.md). */
export interface NotificationReadsTable {
  userId: number;
  notificationId: string;
  readAt: string;
}

/** One community action of a pilot (comment, like, follow, report), for the per-pilot rate limits. */
export interface CommunityActionsTable {
  userId: number;
  kind: string;
  createdAt: string;
}

/** A club (migration 012): its slug is its public address; the invite token is stored only as its sha256. */
export interface ClubsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  inviteHash: string | null;
  inviteCreatedAt: string | null;
  createdAt: string;
}

export interface ClubMembersTable {
  clubId: number;
  userId: number;
  role: 'admin' | 'member';
  joinedAt: string;
}

export interface ClubPlacesTable {
  clubId: number;
  placeId: number;
}

/** A flight whose stored phases are not in thermal_spots yet (migration 013). */
export interface ThermalPendingTable {
  flightId: number;
}

/** One stored thermal, or a launch that found no climb nearby (climb null), for thermal maps (migration 013). */
export interface ThermalSpotsTable {
  flightId: number;
  userId: number;
  latitude: number;
  longitude: number;
  /** Average climb m/s; null for a launch without a thermal within reach. */
  climb: number | null;
  /** Entry height of the thermal (m), or the takeoff's height. */
  altitude: number;
  /** 1-12 and 0-23 at the flight's place (its time zone). */
  localMonth: number;
  localHour: number;
}

/** A rate-limit budget (migration 016, http/rate-limit-store.ts): its window's start (ms) and its count. */
export interface RateLimitsTable {
  key: string;
  startedAt: number;
  count: number;
}

/** A role an admin grants beside Admin: 'instructor' | 'safety-officer' (contract/roles.ts; migration 026). */
export interface UserRolesTable {
  userId: number;
  role: string;
  grantedAt: string;
}

/** An exercise of the instance's training list; seeded ones have a key the app translates (migration 026). */
export interface TrainingExercisesTable {
  id: Generated<number>;
  exerciseKey: string | null;
  name: string;
  createdBy: number | null;
  createdAt: string;
  retiredAt: string | null;
}

/** A student's request to an instructor, signed or declined in place; signed rows form the student's chain (docs/career.md). */
export interface TrainingRequestsTable {
  id: Generated<number>;
  studentId: number;
  instructorId: number;
  /** JSON arrays of ids. */
  flightIds: string;
  exerciseIds: string;
  note: string | null;
  status: 'pending' | 'signed' | 'declined';
  createdAt: string;
  comment: string | null;
  decidedAt: string | null;
  instructorName: string | null;
  /** The canonical serialisation that was signed (training/signature.ts). */
  signedContent: string | null;
  previousHash: string | null;
  hash: string | null;
}

/** The code a student's signed log is verified with (public page, PDF). */
export interface TrainingCodesTable {
  studentId: number;
  code: string;
  createdAt: string;
}

/** An incident report started from a flight; private until shared (migration 026). */
export interface IncidentReportsTable {
  id: Generated<number>;
  userId: number;
  flightId: number | null;
  createdAt: string;
  occurredAt: string | null;
  placeName: string | null;
  latitude: number | null;
  longitude: number | null;
  wingName: string | null;
  wingClass: string | null;
  harness: string | null;
  reserve: string | null;
  phase: string;
  altitude: number | null;
  /** JSON of contract/incidents.ts incidentConditions. */
  conditions: string;
  whatHappened: string;
  injuries: string;
  reserveThrown: number;
  cause: string;
  causeNote: string | null;
  sharedAt: string | null;
}

export interface Database {
  users: UsersTable;
  userRoles: UserRolesTable;
  trainingExercises: TrainingExercisesTable;
  trainingRequests: TrainingRequestsTable;
  trainingCodes: TrainingCodesTable;
  incidentReports: IncidentReportsTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  uploadTasks: UploadTasksTable;
  igcFiles: IgcFilesTable;
  flights: FlightsTable;
  flightTracks: FlightTracksTable;
  sites: SitesTable;
  gliders: GlidersTable;
  jobs: JobsTable;
  userAchievements: UserAchievementsTable;
  notifications: NotificationsTable;
  photos: PhotosTable;
  flightShares: FlightSharesTable;
  places: PlacesTable;
  flightPlaces: FlightPlacesTable;
  rateLimits: RateLimitsTable;
  follows: FollowsTable;
  blocks: BlocksTable;
  comments: CommentsTable;
  likes: LikesTable;
  commentReports: CommentReportsTable;
  communityActions: CommunityActionsTable;
  notificationReadUpTo: NotificationReadUpToTable;
  notificationReads: NotificationReadsTable;
  clubs: ClubsTable;
  clubMembers: ClubMembersTable;
  clubPlaces: ClubPlacesTable;
  airspaceFiles: AirspaceFilesTable;
  flightAirspace: FlightAirspaceTable;
  airspaceClearances: AirspaceClearancesTable;
  airspacePending: AirspacePendingTable;
  airspaceNotActive: AirspaceNotActiveTable;
  thermalPending: ThermalPendingTable;
  thermalSpots: ThermalSpotsTable;
  gearItems: GearItemsTable;
  gearChecks: GearChecksTable;
  gearCheckRecords: GearCheckRecordsTable;
  gearReminders: GearRemindersTable;
  passengers: PassengersTable;
}

/** Gear beside wings (migration 025, docs/career.md): flew every flight of the pilot in its period. */
export interface GearItemsTable {
  id: Generated<number>;
  userId: number;
  kind: string;
  name: string;
  maker: string | null;
  serial: string | null;
  inUseFrom: string | null;
  inUseUntil: string | null;
  notes: string | null;
  createdAt: string;
}

/** A check on a gear item or on a wing (exactly one of itemId and gliderId). */
export interface GearChecksTable {
  id: Generated<number>;
  userId: number;
  itemId: number | null;
  gliderId: number | null;
  name: string;
  intervalMonths: number | null;
  intervalHours: number | null;
  createdAt: string;
}

/** A check done, with its private report (PDF or photo bytes). */
export interface GearCheckRecordsTable {
  id: Generated<number>;
  userId: number;
  checkId: number;
  doneOn: string;
  doneBy: string | null;
  notes: string | null;
  report: Buffer | null;
  reportType: string | null;
  reportName: string | null;
  createdAt: string;
}

/** The claim of one reminder: a check in one cycle (since its last check) is mailed once. */
export interface GearRemindersTable {
  checkId: number;
  cycle: string;
  userId: number;
  sentAt: string;
}

/** A tandem flight's passenger; token opens the passenger page while it is set. */
export interface PassengersTable {
  flightId: number;
  userId: number;
  name: string;
  contact: string | null;
  note: string | null;
  showPilotName: Generated<number>;
  token: string | null;
  updatedAt: string;
}

/** An OpenAir file (migration 011): the instance's when userId is null, else one pilot's own. */
export interface AirspaceFilesTable {
  id: Generated<number>;
  userId: number | null;
  name: string;
  /** YYYY-MM-DD, both ends included; compared with the flight's takeoff date (UTC). */
  validFrom: string;
  validTo: string;
  /** The file as loaded (gzip). */
  content: Buffer;
  /** gzip'd JSON of the parsed polygons (server/src/airspace/openair.ts ParsedAirspace[]). */
  shapes: Buffer;
  shapeCount: number;
  /** JSON of contract/airspace.ts UnreadLine[]. */
  unreadLines: string;
  createdAt: string;
}

/** A flight's stored check: JSON of server/src/airspace/check.ts CheckResult (before clearances). */
export interface FlightAirspaceTable {
  flightId: number;
  checkedAt: string;
  /** The flight's start|end|fingerprint when checked: a re-analysis that changes the track changes it, and the flight is checked again. */
  trackKey: string;
  result: string;
}

/** A pilot's clearance of an infringement, matched to a later check by airspace and overlapping time. */
export interface AirspaceClearancesTable {
  id: Generated<number>;
  flightId: number;
  airspaceName: string;
  airspaceClass: string;
  entry: string;
  exit: string;
  cleared: number;
  note: string | null;
  updatedAt: string;
}

/** "Not active that day" (migration 020): an airspace of unknown activation the pilot said was not active on the flight's day. */
export interface AirspaceNotActiveTable {
  id: Generated<number>;
  flightId: number;
  airspaceName: string;
  airspaceClass: string;
  updatedAt: string;
}

/** Flights waiting for the background re-check. */
export interface AirspacePendingTable {
  flightId: number;
  queuedAt: string;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Flight = Selectable<FlightsTable>;
export type NewFlight = Insertable<FlightsTable>;
export type UploadTask = Selectable<UploadTasksTable>;
export type IgcFile = Selectable<IgcFilesTable>;
export type Glider = Selectable<GlidersTable>;
export type Site = Selectable<SitesTable>;
export type Photo = Selectable<PhotosTable>;
export type FlightShare = Selectable<FlightSharesTable>;
