import { readIgc, REASON, type FlightAnalysis } from '../../src/analysis';
import { AnalysisPool } from '../../src/ingest/analysis-pool';
import { unpack } from '../helpers/analysis';
import { generateIgc, thermalFlight, type Phase, type Recording } from '../../../scripts/synthetic-igc';

/**
 * The rules that read real recorders' mistakes as a pilot would (docs/validation.md), each on a
 * scripted track with the mistake written in, beside the same track without it.
 */
const XC = { scoringRules: 'XContest' as const };
const site = { latitude: 46.68, longitude: 7.86, altitude: 1800 };
const pool = new AnalysisPool(2, XC);
afterAll(() => pool.close());

async function analyse(text: string, filename?: string): Promise<FlightAnalysis[]> {
  const result = await pool.analyse(Buffer.from(text), filename ? { filename } : {});
  if (!result.ok) throw new Error(result.message);
  return result.value.map(unpack);
}
const segments = (text: string, filename?: string) => readIgc(Buffer.from(text), { ...XC, ...(filename ? { filename } : {}) }).segments;
const day = (phases: Phase[], extra: Partial<Recording> = {}): Recording => ({ start: '2024-07-14T09:00:00Z', ...site, phases, ...extra });
const minutes = (f: { startTime: string; endTime: string }) => (Date.parse(f.endTime) - Date.parse(f.startTime)) / 60_000;

/** The B records of an IGC text, edited by `edit` (index, line) → line or null to drop it. */
function editFixes(text: string, edit: (index: number, line: string) => string | null): string {
  let index = -1;
  return text
    .split('\r\n')
    .flatMap((line) => {
      if (!line.startsWith('B')) return [line];
      const out = edit(++index, line);
      return out === null ? [] : [out];
    })
    .join('\r\n');
}
const secondsOf = (line: string) => Number(line.slice(1, 3)) * 3600 + Number(line.slice(3, 5)) * 60 + Number(line.slice(5, 7));
const pad = (n: number, w: number) => String(Math.round(Math.abs(n))).padStart(w, '0');
const withBaro = (line: string, baro: number) => `${line.slice(0, 25)}${baro < 0 ? '-' + pad(-baro, 4) : pad(baro, 5)}${line.slice(30)}`;
const baroOf = (line: string) => Number(line.slice(25, 30));
const withLatitudeDegrees = (line: string, deg: number) => `${line.slice(0, 7)}${pad(deg, 2)}${line.slice(9)}`;

describe('impossible fixes', () => {
  it('drops fixes that jump thousands of kilometres and says how many', async () => {
    const clean = generateIgc(thermalFlight('2024-07-14T09:00:00Z'));
    // 40 fixes in the first thermal written 30 degrees of latitude away, as a corrupt logger does.
    const corrupt = editFixes(clean, (i, line) => (i >= 500 && i < 540 ? withLatitudeDegrees(line, 16) : line));
    const [flight, ...rest] = await analyse(corrupt);
    const [reference] = await analyse(clean);
    expect(rest).toHaveLength(0);
    expect(flight!.repairs).toContain('40 impossible fixes dropped (position jumps faster than any aircraft).');
    expect(flight!.distance).toBeLessThan(reference!.distance * 1.05);
    expect(reference!.repairs).toEqual([]);
  });
});

describe('logging gaps', () => {
  it('keeps one flight across a 5-minute gap while climbing on both sides', () => {
    const clean = generateIgc(thermalFlight('2024-07-14T09:00:00Z'));
    // The first thermal runs from 09:06 to 09:14: the logger stops for 5 minutes in it.
    const gapped = editFixes(clean, (_, line) => (secondsOf(line) > 9 * 3600 + 7 * 60 && secondsOf(line) < 9 * 3600 + 12 * 60 ? null : line));
    expect(segments(gapped)).toHaveLength(1);
  });

  it('keeps one flight recorded every 15 s with 4-minute holes', () => {
    const clean = generateIgc(thermalFlight('2024-07-14T09:00:00Z'));
    const sparse = editFixes(clean, (i, line) => {
      const s = secondsOf(line) - 9 * 3600;
      const inHole = s > 400 && s % 720 >= 480; // 4 minutes of every 12 missing once in the air
      return i % 15 === 0 && !inHole ? line : null;
    });
    expect(segments(sparse)).toHaveLength(1);
  });

  it('ends a flight at a gap of hours, even when flying on both sides', () => {
    const text = generateIgc(day([{ kind: 'glide', seconds: 1200, heading: 90 }, { kind: 'glide', seconds: 1200, heading: 90 }]));
    // Three hours missing between the two glides: two flights, each ending at the gap.
    const split = editFixes(text, (_, line) => {
      const s = secondsOf(line);
      return s >= 9 * 3600 + 1200 ? `B${pad(Math.floor((s + 10_800) / 3600), 2)}${pad(Math.floor(((s + 10_800) % 3600) / 60), 2)}${pad((s + 10_800) % 60, 2)}${line.slice(7)}` : line;
    });
    expect(segments(split)).toHaveLength(2);
  });

  it('stores nothing longer than a day: a logger left on for three days is one No Flight row of its moving part', async () => {
    const walk: Phase[] = [{ kind: 'ground', seconds: 1800 }, { kind: 'hike', seconds: 1800 }, { kind: 'ground', seconds: 1800 }];
    const first = generateIgc(day(walk, { gpsOnly: true }));
    const later = generateIgc(day(walk, { start: '2024-07-16T09:00:00Z', gpsOnly: true }));
    // One file with both days, as a logger that is never switched off writes it.
    const both = first + later.split('\r\n').filter((l) => l.startsWith('B') || l.startsWith('HFDTE')).join('\r\n') + '\r\n';
    const rows = await analyse(both);
    expect(rows.map((r) => r.removalReason)).toEqual([REASON.noFlight]);
    expect(minutes(rows[0]!)).toBeLessThanOrEqual(35);
    expect(minutes(rows[0]!)).toBeGreaterThanOrEqual(25);
  });
});

describe('launch methods and hovering', () => {
  // A sailplane on aerotow: 5 minutes at 110 km/h climbing 3 m/s, then a fast straight glide home.
  const aerotow: Phase[] = [
    { kind: 'ground', seconds: 120 },
    { kind: 'gondola', seconds: 300, climbMs: 3, speedKmh: 110, heading: 90 },
    { kind: 'glide', seconds: 1500, heading: 270, speedKmh: 100, sinkMs: 0.9 },
    { kind: 'ground', seconds: 120 },
  ];

  it('an aerotow is flying: one flight, never Car Drive or Gondola Ride', async () => {
    const rows = await analyse(generateIgc(day(aerotow, { altitude: 400 })));
    expect(rows.map((r) => r.removalReason)).toEqual([REASON.none]);
  });

  it('a winch launch is flying: one flight, never Gondola Ride', async () => {
    const winch: Phase[] = [
      { kind: 'ground', seconds: 120 },
      { kind: 'gondola', seconds: 40, climbMs: 9, speedKmh: 90, heading: 0 },
      { kind: 'glide', seconds: 600, heading: 180, speedKmh: 85, sinkMs: 0.8 },
      { kind: 'ground', seconds: 120 },
    ];
    const rows = await analyse(generateIgc(day(winch, { altitude: 400 })));
    expect(rows.map((r) => r.removalReason)).toEqual([REASON.none]);
  });

  it('a car is still a Car Drive and a gondola still a Gondola Ride', async () => {
    const car = await analyse(generateIgc(day([{ kind: 'ground', seconds: 120 }, { kind: 'car', seconds: 1200, speedKmh: 85 }, { kind: 'ground', seconds: 120 }])));
    const gondola = await analyse(generateIgc(day([{ kind: 'ground', seconds: 120 }, { kind: 'gondola', seconds: 480, climbMs: 3.5 }, { kind: 'ground', seconds: 600 }])));
    expect(car.map((r) => r.removalReason)).toEqual([REASON.car]);
    expect(gondola.map((r) => r.removalReason)).toEqual([REASON.gondola]);
  });

  /** Hovering above launch in strong wind: 4 km/h over the ground, the height wandering ±8 m. */
  function hovering(between: Phase): string {
    const text = generateIgc(
      day([
        { kind: 'ground', seconds: 60 },
        { kind: 'glide', seconds: 240, heading: 90, sinkMs: 0.5 },
        between,
        { kind: 'glide', seconds: 300, heading: 90, sinkMs: 1.5 },
        { kind: 'ground', seconds: 120 },
      ]),
    );
    const from = 9 * 3600 + 300;
    const to = from + between.seconds;
    return editFixes(text, (_, line) => {
      const s = secondsOf(line);
      return between.kind === 'hike' && s >= from && s < to ? withBaro(line, baroOf(line) + 8 * Math.sin((s - from) / 7)) : line;
    });
  }

  it('hovering above launch in strong wind is one flight, a minute standing still is a landing', () => {
    expect(segments(hovering({ kind: 'hike', seconds: 420, speedKmh: 4, climbMs: 0 }))).toHaveLength(1);
    expect(segments(hovering({ kind: 'ground', seconds: 420 }))).toHaveLength(2);
  });

  it('a slow descent to landing in strong wind is not split off as a phantom flight', () => {
    const text = generateIgc(
      day([
        { kind: 'ground', seconds: 60 },
        { kind: 'glide', seconds: 900, heading: 90, sinkMs: 1.2 },
        // Into a strong headwind: 6 km/h over the ground, sinking 0.8 m/s, then the last minute faster.
        { kind: 'glide', seconds: 300, heading: 90, speedKmh: 6, sinkMs: 0.8 },
        { kind: 'glide', seconds: 60, heading: 90, speedKmh: 15, sinkMs: 1.2 },
        { kind: 'ground', seconds: 300 },
      ]),
    );
    expect(segments(text)).toHaveLength(1);
  });
});

describe('altitude sources', () => {
  it('replaces a garbage pressure altitude by the GPS altitude everywhere and says so', async () => {
    const clean = generateIgc(thermalFlight('2024-07-14T09:00:00Z'));
    // A pressure column that runs backwards from 12,000 m, as one GpsDump file has it.
    const garbage = editFixes(clean, (_, line) => withBaro(line, 14_000 - 3 * baroOf(line)));
    const [flight] = await analyse(garbage);
    const [reference] = await analyse(clean);
    expect(flight!.repairs.join(' ')).toMatch(/GPS altitude used instead/);
    expect(Math.abs(flight!.maxAltitude - reference!.maxAltitude)).toBeLessThan(40);
    expect(flight!.path.every((p) => p.baroAltitude === undefined)).toBe(true);
    expect(reference!.repairs).toEqual([]);
  });
});

describe('not a flight', () => {
  it('a logger lying on an airfield with noisy GPS and pressure is No Flight', async () => {
    const text = generateIgc(day([{ kind: 'ground', seconds: 1500 }]));
    // 60 m of position noise and a pressure altitude drifting by 40 m, as a cheap logger in the sun.
    const noisy = editFixes(text, (i, line) => {
      const lon = Number(line.slice(18, 23)) + Math.round(45 * Math.sin(i * 1.7) + 20 * Math.cos(i * 0.31));
      return withBaro(`${line.slice(0, 18)}${pad(lon, 5)}${line.slice(23)}`, baroOf(line) + 20 * Math.sin(i / 90) + 6 * Math.sin(i * 2.3));
    });
    expect((await analyse(noisy)).map((r) => r.removalReason)).toEqual([REASON.noFlight]);
  });

  it('a logger lying still whose stale altitude jumps 1,262 m is No Flight', async () => {
    const text = generateIgc(day([{ kind: 'ground', seconds: 900 }]));
    // Both sensors stale, then 1,262 m higher at once: a step, not a climb.
    const jumped = editFixes(text, (i, line) => (i >= 300 ? `${withBaro(line, baroOf(line) + 1262).slice(0, 30)}${pad(Number(line.slice(30, 35)) + 1262, 5)}${line.slice(35)}` : line));
    expect((await analyse(jumped)).map((r) => r.removalReason)).toEqual([REASON.noFlight]);
  });

  /** A GPX track at `speedKmh`, its elevation changing `climbMs`, 1 fix a second. */
  function gpx(seconds: number, speedKmh: number, climbMs: number): string {
    const points: string[] = [];
    for (let s = 0; s < seconds; s++) {
      const lat = 46.5 + (s * speedKmh) / 3.6 / 111_320;
      const ele = 1200 + climbMs * s + 2 * Math.sin(s / 5);
      // A little wander east and west: a ruler-straight line is the XC solver's slowest case.
      points.push(`<trkpt lat="${lat.toFixed(6)}" lon="${(8 + 0.002 * Math.sin(s / 60)).toFixed(6)}"><ele>${ele.toFixed(1)}</ele><time>${new Date(Date.parse('2024-07-14T09:00:00Z') + s * 1000).toISOString()}</time></trkpt>`);
    }
    return `<?xml version="1.0"?><gpx version="1.1" creator="watch"><trk><trkseg>${points.join('')}</trkseg></trk></gpx>`;
  }

  it('a run or a ride in GPX is No Flight; a glide in GPX is a flight', async () => {
    expect((await analyse(gpx(1200, 12, 0.05), 'run.gpx')).map((r) => r.removalReason)).toEqual([REASON.noFlight]);
    expect((await analyse(gpx(1800, 25, -0.2), 'ride.gpx')).map((r) => r.removalReason)).toEqual([REASON.noFlight]);
    expect((await analyse(gpx(900, 35, -1.2), 'flight.gpx')).map((r) => r.removalReason)).toEqual([REASON.none]);
  });
});

describe('dates', () => {
  it('honours a later date header as written', () => {
    const first = generateIgc(day([{ kind: 'ground', seconds: 60 }, { kind: 'glide', seconds: 600, heading: 90 }, { kind: 'ground', seconds: 60 }]));
    const second = generateIgc(day([{ kind: 'ground', seconds: 60 }, { kind: 'glide', seconds: 600, heading: 90 }, { kind: 'ground', seconds: 60 }], { start: '2024-07-02T15:00:00Z' }));
    const both = first + second.split('\r\n').filter((l) => l.startsWith('B') || l.startsWith('HFDTE')).join('\r\n') + '\r\n';
    const dates = segments(both).map((s) => s.startTime.slice(0, 10));
    expect(dates.sort()).toEqual(['2024-07-02', '2024-07-14']);
  });
});
