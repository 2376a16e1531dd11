import type { ReadTrack } from './parse';
import { readColumns, REPAIR, repairTrack, type ReadColumns } from './repair';
import { IgcReadError } from './types';
import { nodesNamed, rootElement, textOf, xmlDocument } from './xml-track';
import { FILE_READ_ERRORS } from '../../../contract/uploads';

/** KML by its content: the root element is <kml>, or a bare <Document> as GpsDump writes it. */
export function isKml(text: string): boolean {
  const root = rootElement(text);
  return root === 'kml' || (root === 'document' && /<Placemark[\s>]/.test(text.slice(0, 1 << 20)));
}

const ARRAYS = new Set(['Placemark', 'Track', 'when', 'coord', 'LineString', 'Folder', 'Document']);
const list = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
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

/** gx:Track (Google Earth, phone apps): <when> and <gx:coord> pairs, "lon lat alt". */
function readGxTracks(doc: unknown, read: ReadColumns) {
  for (const track of nodesNamed(doc, 'Track')) {
    const whens = list(track.when).map((w) => Date.parse(textOf(w) ?? ''));
    const coords = list(track.coord).map((c) => numbers(textOf(c)));
    const n = Math.min(whens.length, coords.length);
    for (let i = 0; i < n; i++) push(read, whens[i]!, coords[i]![0] ?? NaN, coords[i]![1] ?? NaN, coords[i]![2] ?? NaN);
  }
}

/**
 * GpsDump's competition KML (FS and GpsDump): the tracklog is a LineString whose times are in the
 * placemark's metadata, seconds from `time_of_first_point`, with the pressure altitude beside them.
 */
function readGpsDump(placemark: Record<string, unknown>, read: ReadColumns): boolean {
  const info = nodesNamed(placemark.Metadata, 'FsInfo')[0];
  const first = info && Date.parse(String(info.time_of_first_point ?? ''));
  if (!info || !first || Number.isNaN(first)) return false;
  const seconds = numbers(textOf(info.SecondsFromTimeOfFirstPoint));
  const pressure = numbers(textOf(info.PressureAltitude));
  const points = list(placemark.LineString).flatMap((l) => coordinates(textOf((l as Record<string, unknown>).coordinates)));
  if (!seconds.length || seconds.length !== points.length) return false;
  points.forEach(([lon, lat, alt], i) => push(read, first + seconds[i]! * 1000, lon, lat, alt, pressure.length === points.length ? pressure[i]! : NaN));
  return true;
}

/**
 * KML tracks with times: gx:Track, GpsDump's competition tracklog, or placemarks each with a
 * <TimeStamp> and a <Point> (as some varios write them). A KML whose lines carry no times is refused
 * with a reason that says so: a flight cannot be told from a drawn route without them.
 */
export function parseKml(text: string): ReadTrack {
  const bom = text.startsWith('\uFEFF');
  if (bom) text = text.slice(1);
  const doc = xmlDocument(text, ARRAYS, 'KML');
  const read = readColumns();
  readGxTracks(doc, read);
  let lines = 0;
  for (const placemark of nodesNamed(doc, 'Placemark')) {
    if (read.timesMs.length === 0 && readGpsDump(placemark, read)) continue;
    // <when> is read as a list (gx:Track holds many); a placemark's TimeStamp holds one.
    const stamp = textOf(list((placemark.TimeStamp as Record<string, unknown> | undefined)?.when)[0]);
    const point = placemark.Point as Record<string, unknown> | undefined;
    if (stamp && point) {
      const [c] = coordinates(textOf(point.coordinates));
      if (c) push(read, Date.parse(stamp), c[0], c[1], c[2]);
    }
    if (placemark.LineString || placemark.MultiGeometry) lines++;
  }
  if (!read.timesMs.length) throw new IgcReadError(lines ? FILE_READ_ERRORS.kmlNoTimes : FILE_READ_ERRORS.kmlNoTrack);
  // Timed placemarks may come in any order: the repair puts them back in time order and says so.
  const { track, repairs } = repairTrack(read);
  return { track, format: 'kml', gliderType: null, date: track.timesMs.length ? new Date(track.timesMs[0]!).toISOString().slice(0, 10) : null, repairs: [...(bom ? [REPAIR.byteOrderMark] : []), ...repairs] };
}
