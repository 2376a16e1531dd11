import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseIgc, REASON, THRESHOLDS, type AnalysedFlight } from '../../src/analysis';
import { DETECTION, DETECTION_NOTE } from '../../src/analysis/segments';
import { generateIgc, type Phase } from '../../../scripts/synthetic-igc';
import { unzipIfNeeded } from './corpus-fixes';
import { nameTownsFromRunIndex } from '../helpers/run-towns-index';

nameTownsFromRunIndex();

/**
 * The classes of error of docs/validation.md ("Powered", "Human-powered", "Logger restarts", "Hovering
 * above launch", "Lost fix", "Launch methods"), each on real recordings of the corpus where one exists
 * and on a scripted track beside its look-alike that must keep the other answer. Detection only (the
 * solver is skipped); uploads-corpus.test.ts takes the real files through the upload.
 */
const FIXTURES = join(__dirname, '../fixtures');
const analyse = (bytes: Buffer | string, filename: string): AnalysedFlight[] =>
  analyseIgc(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes, { scoringRules: 'XCLeague', filename, score: false });
const real = (file: string) => analyse(unzipIfNeeded(readFileSync(join(FIXTURES, file)), file), file.split('/').pop()!.replace(/\.gz$/, ''));
const rows = (flights: AnalysedFlight[]) => flights.map((f) => ({ reason: f.removalReason, minutes: Math.round((Date.parse(f.endTime) - Date.parse(f.startTime)) / 60_000) }));
const site = { latitude: 46.68, longitude: 7.86, altitude: 1800 };
const igc = (phases: Phase[]) => generateIgc({ start: '2024-07-14T09:00:00Z', ...site, phases });

/** A GPX track: one point every `stepS` seconds along `legs` (speed km/h, vertical m/s, seconds). */
function gpx(legs: { kmh: number; ms: number; s: number }[], stepS: number, extensions = ''): string {
  let t = Date.parse('2024-07-14T09:00:00Z');
  let lat = 46;
  let ele = 1000;
  const points: string[] = [];
  for (const leg of legs) {
    for (let s = 0; s < leg.s; s += stepS) {
      points.push(`<trkpt lat="${lat.toFixed(6)}" lon="7.000000"><ele>${ele.toFixed(1)}</ele><time>${new Date(t).toISOString()}</time>${extensions}</trkpt>`);
      t += stepS * 1000;
      lat += (leg.kmh * stepS) / 3600 / 111.2;
      ele += leg.ms * stepS;
    }
  }
  return `<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>${points.join('')}</trkseg></trk></gpx>`;
}

describe('powered aircraft', () => {
  it('an airliner logged every 10 s (850 km/h at 11,000 m) is not a flight, and the reason says why', () => {
    const airliner = gpx([{ kmh: 250, ms: 12, s: 600 }, { kmh: 850, ms: 0, s: 2400 }, { kmh: 300, ms: -10, s: 900 }], 10);
    const flights = analyse(airliner, 'flight.gpx');
    expect(flights.map((f) => f.removalReason)).toEqual([REASON.noFlight]);
    expect(flights[0]!.repairs.join(' ')).toContain(`over ${DETECTION.poweredKmh} km/h`);
    // Its fixes are kept (not dropped as impossible jumps), so the row covers the whole trip.
    expect(rows(flights)[0]!.minutes).toBeGreaterThan(60);
  });

  it('a sailplane racing at 150-250 km/h stays a flight (real: 654G6NG1.IGC, xcsoar 01lz1hq1.igc)', () => {
    for (const file of ['igc/654G6NG1.IGC', 'real/xcsoar/01lz1hq1.igc']) {
      const flights = real(file);
      expect(flights.map((f) => f.removalReason)).toEqual([REASON.none]);
      expect(flights[0]!.repairs.join(' ')).not.toContain('free flight');
    }
  });
});

describe('human-powered tracks', () => {
  const hr = '<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>150</gpxtpx:hr><gpxtpx:cad>85</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions>';

  it('runs, rides and hikes with heart rate on their points are not flights (real: run.gpx, run_gpxtpx.gpx, bikeride, endomondo)', () => {
    for (const file of ['real/togeojson/run.gpx', 'real/togeojson/run_gpxtpx.gpx', 'corpus/gpx/gpx-animator-bikeride.gpx.gz', 'corpus/gpx/phpgpx-endomondo.gpx.gz']) {
      for (const f of real(file)) expect({ file, reason: f.removalReason }).toEqual({ file, reason: REASON.noFlight });
    }
  });

  it('a downhill run with heart rate dropping 1.1 m/s for two minutes is no flight; a pilot’s watch gliding at 1.3 m/s for ten minutes is', () => {
    const run = gpx([{ kmh: 12, ms: 0, s: 1200 }, { kmh: 14, ms: -1.1, s: 120 }, { kmh: 12, ms: 0, s: 1200 }], 1, hr);
    const runFlights = analyse(run, 'run.gpx');
    expect(runFlights.map((f) => f.removalReason)).toEqual([REASON.noFlight]);
    expect(runFlights[0]!.repairs).toContain(DETECTION_NOTE.fitness);
    const glide = gpx([{ kmh: 0, ms: 0, s: 120 }, { kmh: 35, ms: -1.3, s: 600 }, { kmh: 0, ms: 0, s: 120 }], 1, hr);
    expect(analyse(glide, 'watch.gpx').map((f) => f.removalReason)).toEqual([REASON.none]);
  });
});

describe('logger restarts mid-file', () => {
  it('the A and HFDTE headers written again mid-flight with a one-minute gap keep one flight (real: go-igc 0005.igc, restarted)', () => {
    const text = readFileSync(join(FIXTURES, 'real/go-igc/0005.igc'), 'latin1');
    const lines = text.split(/\r?\n/);
    const fixLines = lines.flatMap((l, i) => (l.startsWith('B') ? [i] : []));
    const mid = fixLines[Math.floor(fixLines.length / 2)]!;
    const headers = lines.filter((l) => /^[AH]/.test(l));
    const restarted = [...lines.slice(0, mid), ...headers, ...lines.slice(mid + 60)].join('\r\n');
    const original = analyse(text, '0005.igc');
    const flights = analyse(restarted, '0005.igc');
    expect(flights.map((f) => [f.startTime, f.endTime, f.removalReason])).toEqual(original.map((f) => [f.startTime, f.endTime, REASON.none]));
  });
});

describe('hovering above launch', () => {
  const climb: Phase[] = [{ kind: 'ground', seconds: 120 }, { kind: 'thermal', seconds: 300, climbMs: 2, direction: 'left' }];
  const down: Phase[] = [{ kind: 'glide', seconds: 600, heading: 90, speedKmh: 35, sinkMs: 1.2 }, { kind: 'ground', seconds: 120 }];

  it('15 minutes hovering at 3 km/h 600 m above launch is one flight; 15 minutes standing on a top 600 m up is two', () => {
    const hover = analyse(igc([...climb, { kind: 'glide', seconds: 900, heading: 0, speedKmh: 3, sinkMs: 0 }, ...down]), 'hover.igc');
    expect(rows(hover)).toEqual([{ reason: REASON.none, minutes: expect.any(Number) }]);
    expect(rows(hover)[0]!.minutes).toBeGreaterThanOrEqual(29);
    const topLanding = analyse(igc([...climb, { kind: 'ground', seconds: 900 }, ...down]), 'top.igc');
    expect(topLanding.filter((f) => f.removalReason === REASON.none)).toHaveLength(2);
  });

  it('ridge soaring at 4-10 km/h above launch stays one flight (real: go-igc 0069.igc, 0205.igc)', () => {
    expect(rows(real('real/go-igc/0069.igc'))).toEqual([{ reason: REASON.none, minutes: 85 }]);
    expect(real('real/go-igc/0205.igc').map((f) => f.removalReason)).toEqual([REASON.none]);
  });
});

describe('lost fix', () => {
  it('a position frozen for 70 s that catches up 1.1 km in 2 s keeps the final glide (real: 2008-07-28-XPG-KVE-02.igc)', () => {
    const [flight, ...rest] = real('real/go-igc/2008-07-28-XPG-KVE-02.igc');
    expect(rest).toHaveLength(0);
    // The last fix, on the ground after a glide from 2,350 m: 16:53 UTC, no longer cut at 16:33.
    expect(flight!.endTime.slice(11, 16)).toBe('16:52');
    expect(flight!.repairs.join(' ')).not.toMatch(/impossible fixes/);
  });

  it('a receiver without a fix repeating its last position the next night while the altitude falls 1,200 m is no phantom flight', () => {
    const flightDay = igc([{ kind: 'ground', seconds: 120 }, { kind: 'glide', seconds: 900, heading: 180, speedKmh: 35, sinkMs: 1.2 }, { kind: 'ground', seconds: 300 }]);
    const lines = flightDay.split('\r\n');
    const last = lines.filter((l) => l.startsWith('B')).at(-1)!;
    // From 22:00 the same position, the GPS altitude falling 1,600 m to 390 m over five minutes.
    const phantom = Array.from({ length: 300 }, (_, k) => {
      const s = 22 * 3600 + k;
      const hms = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((v) => String(v).padStart(2, '0')).join('');
      return `B${hms}${last.slice(7, 25)}${String(1600 - 4 * k).padStart(5, '0')}${String(1600 - 4 * k).padStart(5, '0')}`;
    });
    const withPhantom = [...lines.filter((l) => l.length), ...phantom].join('\r\n');
    const flights = analyse(withPhantom, 'lost.igc');
    expect(flights.map((f) => f.removalReason)).toEqual([REASON.none]);
    expect(flights[0]!.repairs).toContain(DETECTION_NOTE.frozen);
  });
});

describe('short top-landed hop', () => {
  /** Five minutes standing, three minutes soaring in 30 s turns above launch (up for a minute at climbMs, a minute level, down again), five minutes standing where it took off. */
  const hop = (climbMs: number) =>
    igc([
      { kind: 'ground', seconds: 300 },
      { kind: 'thermal', seconds: 60, climbMs, direction: 'left', turnSeconds: 30 },
      { kind: 'thermal', seconds: 60, climbMs: 0, direction: 'right', turnSeconds: 30 },
      { kind: 'thermal', seconds: 60, climbMs: -climbMs, direction: 'left', turnSeconds: 30 },
      { kind: 'ground', seconds: 300 },
    ]);

  it('soaring 60 m above launch for a minute and top-landing where it started is a flight; the same turns within 18 m of launch (kiting) are not', () => {
    expect(rows(analyse(hop(1), 'hop.igc'))).toEqual([{ reason: REASON.none, minutes: 3 }]);
    expect(analyse(hop(0.3), 'kiting.igc').map((f) => f.removalReason)).not.toContain(REASON.none);
  });
});

describe('logging gap in the air', () => {
  /** A flight whose fixes stop in the air at 09:42 and resume three hours later 3 km away, 850 m up, with `after`. */
  const gapped = (after: Phase[]) => {
    const before = igc([{ kind: 'ground', seconds: 300 }, { kind: 'thermal', seconds: 900, climbMs: 1.5, direction: 'left' }, { kind: 'glide', seconds: 1320, heading: 90 }]);
    const resumed = generateIgc({ start: '2024-07-14T12:42:00Z', latitude: site.latitude + 0.02, longitude: site.longitude + 0.03, altitude: 850, phases: after });
    return `${before.trimEnd()}\r\n${resumed.split(/\r?\n/).filter((l) => l.startsWith('B')).join('\r\n')}\r\n`;
  };

  it('resuming in a two-minute glide to the landing ends the one flight at that landing, with no phantom two-minute flight', () => {
    const flights = analyse(gapped([{ kind: 'glide', seconds: 120, heading: 90, sinkMs: 2 }, { kind: 'ground', seconds: 600 }]), 'gap.igc');
    expect(flights.map((f) => [f.startTime.slice(11, 16), f.endTime.slice(11, 16), f.removalReason])).toEqual([['09:04', '12:44', REASON.none]]);
  });

  it('resuming on the ground ends the flight at the first fix after the gap, as before', () => {
    const flights = analyse(gapped([{ kind: 'ground', seconds: 600 }]), 'gap.igc');
    expect(flights.map((f) => [f.startTime.slice(11, 16), f.endTime.slice(11, 16), f.removalReason])).toEqual([['09:04', '12:42', REASON.none]]);
  });
});

describe('launch methods', () => {
  it('an aerotow rolling 3 minutes then climbing at 75-110 km/h, and a straight glide back, is not a Car Drive; a drive up and down a pass is', () => {
    const aerotow = igc([
      { kind: 'ground', seconds: 60 },
      { kind: 'car', seconds: 180, speedKmh: 70 },
      { kind: 'gondola', seconds: 360, climbMs: 1.6, speedKmh: 100, heading: 90 },
      { kind: 'glide', seconds: 1200, heading: 270, speedKmh: 95, sinkMs: 0.6 },
      { kind: 'ground', seconds: 60 },
    ]);
    expect(analyse(aerotow, 'tow.igc').map((f) => f.removalReason)).toEqual([REASON.none]);
    const pass = igc([
      { kind: 'ground', seconds: 60 },
      { kind: 'gondola', seconds: 900, climbMs: 0.6, speedKmh: 70, heading: 90 },
      { kind: 'gondola', seconds: 900, climbMs: -0.6, speedKmh: 70, heading: 90 },
      { kind: 'ground', seconds: 60 },
    ]);
    expect(analyse(pass, 'pass.igc').map((f) => f.removalReason)).toEqual([REASON.car]);
    expect(THRESHOLDS.towMinGainM / THRESHOLDS.towWindowS).toBeGreaterThan(1.3);
  });

  it('the Lev sailplanes after their aerotows, and olsztyn.igc, are unflagged flights', () => {
    for (const file of ['real/igc-parser/E1_77ff85b1.igc', 'real/igc-parser/999_77fg8bt1.IGC', 'real/igc_lib/olsztyn.igc']) expect({ file, reasons: real(file).map((f) => f.removalReason) }).toEqual({ file, reasons: [REASON.none] });
  });
});
