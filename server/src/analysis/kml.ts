import type { ReadTrack } from './parse';
import { readColumns, REPAIR, repairTrack, type ReadColumns } from './repair';
import { IgcReadError } from './types';
import { rootElement, scanXml } from './xml-track';
import { FILE_READ_ERRORS } from '../../../contract/uploads';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

/** KML by its content: the root element is <kml>, or a bare <Document> as GpsDump writes it. */
export function isKml(text: string): boolean {
  const root = rootElement(text);
  return root === 'kml' || (root === 'document' && /<Placemark[\s>]/.test(text.slice(0, 1 << 20)));
}

const numbers = (text: string | undefined) => (text ?? '').trim().split(/\s+/).filter(Boolean).map(Number);

/** "lon,lat[,alt]" tuples separated by white space, as <coordinates> holds them. */
function coordinates(text: string | undefined): [number, number, number][] {
  return (text ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => {
      const [lon, lat, alt] = t.split(',').map(Number);
      return [lon ?? NaN, lat ?? NaN, alt ?? NaN];
    });
}

function push(read: ReadColumns, time: number, lon: number, lat: number, gps: number, baro = NaN) {
  read.timesMs.push(time);
  read.latitudesDeg.push(lat);
  read.longitudesDeg.push(lon);
  read.gpsAltitudesM.push(Number.isFinite(gps) ? gps : NaN);
  read.baroAltitudesM.push(Number.isFinite(baro) ? baro : NaN);
}

/** gx:Track (Google Earth, phone apps): its <when> and <gx:coord> children, paired in order ("lon lat alt"). */
interface GxTrack {
  whens: number[];
  coords: number[][];
}

/** What a placemark holds that a track can be read from. */
interface Placemark {
  /** Its TimeStamp's first <when>, and its Point's coordinates: one timed position. */
  stamp?: string;
  point?: string;
  /** A LineString or MultiGeometry child: a line, timed or not. */
  lines: boolean;
  /** The coordinates of its LineString children, in order. */
  lineCoords: string[];
  /** GpsDump's Metadata/FsInfo: the first point's time, seconds from it and the pressure altitudes. */
  fsFirst?: string;
  fsDepth?: number;
  seconds?: string;
  pressure?: string;
}

/**
 * GpsDump's competition KML (FS and GpsDump): the tracklog is a LineString whose times are in the
 * placemark's metadata, seconds from `time_of_first_point`, with the pressure altitude beside them.
 */
function readGpsDump(placemark: Placemark, read: ReadColumns): boolean {
  const first = placemark.fsFirst === undefined ? NaN : Date.parse(placemark.fsFirst);
  if (!first || Number.isNaN(first)) return false;
  const seconds = numbers(placemark.seconds);
  const pressure = numbers(placemark.pressure);
  const points = placemark.lineCoords.flatMap(coordinates);
  if (!seconds.length || seconds.length !== points.length) return false;
  points.forEach(([lon, lat, alt], i) => push(read, first + seconds[i]! * 1000, lon, lat, alt, pressure.length === points.length ? pressure[i]! : NaN));
  return true;
}

/**
 * The document's gx:Tracks and placemarks, streamed (scanXml): a recording of hours is tens of
 * thousands of <when> and <gx:coord>, which as an object tree cost the import its memory budget
 * (docs/import.md, bench:import mixed mode).
 */
function scanKml(text: string): { tracks: GxTrack[]; placemarks: Placemark[] } {
  const tracks: GxTrack[] = [];
  const placemarks: Placemark[] = [];
  let track: GxTrack | undefined;
  let trackDepth = -1;
  let placemark: Placemark | undefined;
  let placemarkDepth = -1;
  scanXml(text, 'KML', {
    open(name, attributes, ancestors) {
      const depth = ancestors.length;
      if (name === 'Track' && !track) {
        track = { whens: [], coords: [] };
        trackDepth = depth;
      }
      if (!placemark) {
        if (name === 'Placemark') {
          placemark = { lines: false, lineCoords: [] };
          placemarkDepth = depth;
        }
        return;
      }
      if (depth === placemarkDepth + 1 && (name === 'LineString' || name === 'MultiGeometry')) placemark.lines = true;
      if (name === 'FsInfo' && placemark.fsDepth === undefined && ancestors[placemarkDepth + 1] === 'Metadata') {
        placemark.fsFirst = attributes.time_of_first_point ?? '';
        placemark.fsDepth = depth;
      }
    },
    close(name, value, ancestors) {
      const depth = ancestors.length;
      if (track) {
        if (name === 'Track' && depth === trackDepth) {
          tracks.push(track);
          track = undefined;
        } else if (depth === trackDepth + 1 && name === 'when') track.whens.push(Date.parse(value));
        else if (depth === trackDepth + 1 && name === 'coord') track.coords.push(numbers(value));
      }
      if (!placemark) return;
      const parent = ancestors[depth - 1];
      if (name === 'Placemark' && depth === placemarkDepth) {
        placemarks.push(placemark);
        placemark = undefined;
      } else if (depth === placemarkDepth + 2 && name === 'when' && parent === 'TimeStamp') placemark.stamp ??= value;
      else if (depth === placemarkDepth + 2 && name === 'coordinates' && parent === 'Point') placemark.point ??= value;
      else if (depth === placemarkDepth + 2 && name === 'coordinates' && parent === 'LineString') placemark.lineCoords.push(value);
      else if (placemark.fsDepth !== undefined && depth === placemark.fsDepth + 1 && parent === 'FsInfo') {
        if (name === 'SecondsFromTimeOfFirstPoint') placemark.seconds ??= value;
        else if (name === 'PressureAltitude') placemark.pressure ??= value;
      }
    },
  });
  return { tracks, placemarks };
}

/**
 * KML tracks with times: gx:Track, GpsDump's competition tracklog, or placemarks each with a
 * <TimeStamp> and a <Point> (as some varios write them). A KML whose lines carry no times is refused
 * with a reason that says so: a flight cannot be told from a drawn route without them.
 */
export function parseKml(text: string): ReadTrack {
  const bom = text.startsWith('\uFEFF');
  if (bom) text = text.slice(1);
  const { tracks, placemarks } = scanKml(text);
  const read = readColumns();
  for (const { whens, coords } of tracks) {
    const n = Math.min(whens.length, coords.length);
    for (let i = 0; i < n; i++) push(read, whens[i]!, coords[i]![0] ?? NaN, coords[i]![1] ?? NaN, coords[i]![2] ?? NaN);
  }
  let lines = 0;
  for (const placemark of placemarks) {
    if (read.timesMs.length === 0 && readGpsDump(placemark, read)) continue;
    if (placemark.stamp && placemark.point !== undefined) {
      const [c] = coordinates(placemark.point);
      if (c) push(read, Date.parse(placemark.stamp), c[0], c[1], c[2]);
    }
    if (placemark.lines) lines++;
  }
  if (!read.timesMs.length) throw new IgcReadError(lines ? FILE_READ_ERRORS.kmlNoTimes : FILE_READ_ERRORS.kmlNoTrack);
  // Timed placemarks may come in any order: the repair puts them back in time order and says so.
  const { track, repairs } = repairTrack(read);
  return { track, format: 'kml', gliderType: null, date: track.timesMs.length ? new Date(track.timesMs[0]!).toISOString().slice(0, 10) : null, repairs: [...(bom ? [REPAIR.byteOrderMark] : []), ...repairs] };
}
