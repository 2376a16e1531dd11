import type { FlightPhases } from '../../../contract/phases';
import type { AircraftCategory } from '../../../contract/aircraft';
import type { GliderClass } from '../../../contract/gliders';
import type { ScoringRules } from '../../../contract/scoring';
import type { FlightFeature, TrackPoint } from '../../../contract/uploads';
import type { Track } from './track';

export type { ScoringRules } from '../../../contract/scoring';
export type { FlightPhases } from '../../../contract/phases';
export interface AnalysisOptions {
  scoringRules: ScoringRules;
  /** The uploaded file's name: gives the date when the file has none, and tells GPX from IGC. */
  filename?: string;
  /** false: skip the XC solver (the corpus validation judges detection only; docs/validation.md). */
  score?: boolean;
  /** The optimizer's work budget per phase (docs/scoring.md): the background proof gives a larger one. */
  scoringWork?: number;
}

/** A file we cannot read; the message is shown to the pilot as the file's reason. */
export class IgcReadError extends Error {}

/** One GPS fix after cleaning. Altitudes in metres, time in ms since the epoch. */
export interface Fix {
  time: number;
  latitude: number;
  longitude: number;
  baroAltitude: number | null;
  gpsAltitude: number | null;
}

/** A track point and a task feature as the API sends them (contract/uploads.ts). */
export type { FeatureType, TrackPoint } from '../../../contract/uploads';
export type { FlightFeature as Feature } from '../../../contract/uploads';

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** One analysed flight as the analysis answers it: the track and its low resolution as typed arrays. */
export interface AnalysedFlight {
  segmentIndex: number;
  startTime: string;
  endTime: string;
  timeZone: string;
  /** YYYY-MM-DD of the takeoff in its own time zone. */
  localDate: string;
  flightTime: number; // s
  distance: number; // km, the XC distance
  xcDistance: number; // km
  xcPoints: number;
  /** The optimizer proved the score; else it is the best its work budget found, and xcBound bounds every flight. */
  xcOptimal: boolean;
  xcBound: number | null;
  /** The work budget it was scored with was the background proof's (AnalysisOptions.scoringWork). */
  xcProofRun: boolean;
  flightCode: string; // od, tri, fai
  groundDistance: number; // km along the track
  xcSpeed: number; // km/h
  maxAltitude: number; // m, barometric else GPS
  maxHeight: number; // m
  startHeight: number; // m at takeoff
  elevationGain: number; // m
  maxLift: number; // m/s
  maxSink: number; // m/s, negative
  leftCircles: number;
  rightCircles: number;
  gliderType: string | null;
  /** What the IGC header says the aircraft is (aircraft-category.ts), null when it says nothing we know. */
  aircraftCategory: AircraftCategory | null;
  /** The EN/LTF class of the wing the IGC names (aircraft-models.ts), null when unknown. */
  wingClass: GliderClass | null;
  takeoff: LatLon;
  landing: LatLon;
  takeoffLocation: string | null;
  landingLocation: string | null;
  /** Same for the same flight in two files with the same fixes (a re-export): cross-file duplicates. */
  fingerprint: string;
  /** docs/product.md §3 code set by validation: 0 ok, 5 Short, 6 No Flight, 7 Gondola, 8 Car, 9 Insufficient Height. */
  removalReason: number;
  track: Track;
  /** At most LOW_RES_MAX_POINTS of the track's fixes (simplify.ts). */
  trackLowRes: Track;
  features: FlightFeature[];
  /** Thermals and glides; indexes are into `track`. */
  phases: FlightPhases;
  /** What was repaired to read the file, short English sentences (same for every flight of a file). */
  repairs: string[];
}

/** The same flight with its tracks as the API's points, as a reader decodes it from the store. */
export type FlightAnalysis = Omit<AnalysedFlight, 'track' | 'trackLowRes'> & { path: TrackPoint[]; pathLowRes: TrackPoint[] };

export interface SegmentSummary {
  segmentIndex: number;
  startTime: string;
  endTime: string;
  timeZone: string;
  localDate: string;
}

export interface IgcSummary {
  gliderType: string | null;
  date: string | null;
  fixCount: number;
  /** First and last fix of the whole recording, ISO UTC (the range a pilot's window must fall in). */
  recordingStart: string;
  recordingEnd: string;
  segments: SegmentSummary[];
  repairs: string[];
}
