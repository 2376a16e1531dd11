import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { gunzipSync as unzip } from 'node:zlib';
import { IgcReadError, readIgc } from '../../src/analysis';
import { parseTrack } from '../../src/analysis/parse';
import { FILE_READ_ERRORS } from '../../../contract/uploads';

const DIR = join(__dirname, '..', 'fixtures', 'formats');
const sample = (path: string) => readFileSync(join(DIR, path));
const reason = (bytes: Uint8Array, name?: string) => {
  try {
    parseTrack(bytes, name);
  } catch (err) {
    expect(err).toBeInstanceOf(IgcReadError);
    return (err as Error).message;
  }
  throw new Error('read without a refusal');
};

describe('real recordings of other formats', () => {
  it('reads a Garmin FIT activity with its barometric altitude, whatever the file is called', () => {
    const parsed = parseTrack(sample('fit/example.fit'), 'ride.igc');
    expect(parsed.format).toBe('fit');
    expect(parsed.track.timesMs.length).toBeGreaterThan(3000);
    expect(new Date(parsed.track.timesMs[0]!).toISOString()).toBe('2015-10-12T15:47:45.000Z');
    // The Edge's altimeter: heights around Belfort (about 350-600 m), in the pressure column.
    const baro = [...parsed.track.baroAltitudesM!].filter(Number.isFinite);
    expect(Math.min(...baro)).toBeGreaterThan(300);
    expect(Math.max(...baro)).toBeLessThan(700);
    expect(parsed.track.latitudesDeg[0]).toBeCloseTo(47.58, 1);
  });

  it("reads Flightradar24's KML: one placemark per position, each with its TimeStamp (an airliner taxiing at Dubai)", () => {
    const parsed = parseTrack(unzip(readFileSync(join(DIR, '../corpus/airliner/skydolly-FlightRadar24_FZ981-922b3bd.kml.gz'))), 'FZ981.kml');
    expect(parsed.format).toBe('kml');
    expect(parsed.track.timesMs.length).toBe(10);
    expect(new Date(parsed.track.timesMs[0]!).toISOString()).toBe('2016-03-18T18:20:47.000Z');
    expect(parsed.track.longitudesDeg[0]).toBeCloseTo(55.362, 3);
  });

  it("reads GpsDump's competition KML: the tracklog's times and pressure altitudes from its metadata", () => {
    const summary = readIgc(sample('kml/gpsdump-competition.kml'), { filename: 'flight.kml' } as never);
    expect(summary.fixCount).toBeGreaterThan(6000);
    // GpsDump's own statistics in the file: start/finish 02:12:55 - 05:51:18, one flight.
    expect(summary.recordingStart).toBe('2012-01-14T02:12:55.000Z');
    expect(summary.segments).toHaveLength(1);
    const parsed = parseTrack(sample('kml/gpsdump-competition.kml'));
    expect(Math.max(...[...parsed.track.baroAltitudesM!].filter(Number.isFinite))).toBeGreaterThan(2000);
  });

  it('reads gx:Track KML and TCX with their times and heights', () => {
    const kml = parseTrack(sample('kml/gxtrack.kml'));
    expect(kml.format).toBe('kml');
    expect(kml.track.timesMs.length).toBe(7);
    expect(kml.track.gpsAltitudesM![0]).toBe(156);
    const tcx = parseTrack(sample('tcx/sample.tcx'), 'x.gpx');
    expect(tcx.format).toBe('tcx');
    expect(new Date(tcx.track.timesMs[0]!).toISOString()).toBe('2007-08-07T02:42:41.000Z');
    expect(tcx.track.gpsAltitudesM![0]).toBeCloseTo(3.98, 1);
  });
});

describe('refusals', () => {
  it('refuses a KML with a line but no times, saying so', () => {
    expect(reason(sample('kml/linestring.kml'))).toBe(FILE_READ_ERRORS.kmlNoTimes);
  });

  it('refuses damaged FIT, KML and TCX with their reasons', () => {
    const fit = Buffer.from(sample('fit/example.fit'));
    fit[5000] ^= 0xff; // one flipped byte: the file's checksum no longer matches
    expect(reason(fit)).toContain(FILE_READ_ERRORS.fitDamaged);
    expect(reason(Buffer.from('<kml><Document><Placemark><name>x</name></Placemark></Document></kml>'))).toBe(FILE_READ_ERRORS.kmlNoTrack);
    expect(reason(Buffer.from('<?xml version="1.0"?><TrainingCenterDatabase><Activities/></TrainingCenterDatabase>'))).toBe(FILE_READ_ERRORS.tcxNoPoints);
    expect(reason(Buffer.from('<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "b">]><kml></kml>'))).toMatch(/document type or entities/);
  });

  it('refuses 10 MB of garbage in each format cleanly', () => {
    const junk = randomBytes(10 * 1048576);
    const fitHeader = Buffer.from([14, 0x10, 0, 0, 0, 0, 0, 0, 0x2e, 0x46, 0x49, 0x54, 0, 0]);
    expect(reason(Buffer.concat([fitHeader, junk]), 'a.fit')).toContain(FILE_READ_ERRORS.fitDamaged);
    const text = junk.toString('base64').slice(0, 10 * 1048576);
    expect(reason(Buffer.from(`<?xml version="1.0"?><kml><Document>${text}`), 'a.kml')).toMatch(/KML/);
    expect(reason(Buffer.from(`<TrainingCenterDatabase>${text}</TrainingCenterDatabase>`), 'a.tcx')).toBe(FILE_READ_ERRORS.tcxNoPoints);
    expect(reason(junk, 'a.kml')).toBe(FILE_READ_ERRORS.binary);
  });
});
