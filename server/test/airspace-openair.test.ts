import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkTrack, indexShapes } from '../src/airspace/check';
import { distanceM, insideRing } from '../src/airspace/geometry';
import { OPENAIR_LIMITS, parseLimit, parseOpenAir } from '../src/airspace/openair';

/** The OpenAir reader on real files (server/test/fixtures/openair/SOURCES.md) and on hostile ones. */
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures/openair', name), 'utf8');

describe('OpenAir reader', () => {
  it('reads Australia’s special use airspace: polygons, circles and arcs, NOTAM limits listed by line', () => {
    const { airspaces, unreadLines } = parseOpenAir(fixture('xcsoar-AirspaceAus-DAA.txt'));
    expect(airspaces.length).toBeGreaterThan(500);
    const adelaide = airspaces.find((a) => a.name === 'ADELAIDE_CTA_C4')!;
    // V X=34:56:49 S 138:31:28 E, DC 50: every point 50 NM from the centre.
    expect(adelaide).toMatchObject({ class: 'C', floor: { reference: 'msl', text: '8500 FT' }, ceiling: { reference: 'fl', text: 'FL125' } });
    for (let i = 0; i < adelaide.ring.length; i += 2) expect(distanceM(-(34 + 56 / 60 + 49 / 3600), 138 + 31 / 60 + 28 / 3600, adelaide.ring[i + 1]!, adelaide.ring[i]!)).toBeCloseTo(50 * 1852, -1);
    expect(insideRing(adelaide.ring, 138.52, -34.95)).toBe(true);
    expect(insideRing(adelaide.ring, 140, -34.95)).toBe(false);
    // Every outline is closed.
    for (const a of airspaces) expect([a.ring[0], a.ring[1]]).toEqual([a.ring[a.ring.length - 2], a.ring[a.ring.length - 1]]);
    expect(unreadLines.length).toBeGreaterThan(0);
    const notam = unreadLines.find((l) => l.message === 'Cannot read the ceiling "NOTAM".')!;
    expect(fixture('xcsoar-AirspaceAus-DAA.txt').split('\n')[notam.line - 1]).toMatch(/^AH NOTAM/);
    expect(unreadLines).toContainEqual({ line: expect.any(Number), message: 'Airspace "R178: NOTAM" has no floor (AL) and was skipped.' });
  });

  it('reads XCSoar’s test file: every class, arcs both ways, FL, AGL, GND, STD and UNLIMITED', () => {
    const { airspaces, unreadLines } = parseOpenAir(fixture('xcsoar-openair.txt'));
    expect(unreadLines).toEqual([]);
    const by = (name: string) => airspaces.find((a) => a.name === name)!;
    expect(by('Height-Test-1').floor.reference).toBe('sfc');
    expect(by('Height-Test-2').ceiling).toMatchObject({ reference: 'fl', metres: 6500 * 0.3048 });
    expect(by('Height-Test-3').floor).toMatchObject({ reference: 'agl', metres: 100 * 0.3048 });
    expect(by('Height-Test-3').ceiling.reference).toBe('unl');
    expect(by('Height-Test-5').floor).toMatchObject({ reference: 'agl', metres: 100 });
    expect(by('Height-Test-6').ceiling).toMatchObject({ reference: 'fl', metres: 5000 * 0.3048 });
    // Arc-Test: a ring between 15 and 25 NM from 1N 1E, from bearing 155 to 185.
    const arc = by('Arc-Test');
    expect(insideRing(arc.ring, 1.0, 1 - 20 / 60)).toBe(true);
    expect(insideRing(arc.ring, 1.0, 1 - 10 / 60)).toBe(false);
    expect(parseOpenAir(fixture('xcsoar-openair_2.txt')).airspaces.map((a) => a.class)).toEqual(['E', 'UNC', 'A', 'UNC']);
  });

  it('reads the limits pilots meet', () => {
    expect(parseLimit('FL95')).toMatchObject({ reference: 'fl', metres: 9500 * 0.3048 });
    expect(parseLimit('2500ft AMSL')).toMatchObject({ reference: 'msl', metres: 2500 * 0.3048 });
    expect(parseLimit('1000 m AGL')).toMatchObject({ reference: 'agl', metres: 1000 });
    expect(parseLimit('GND')).toMatchObject({ reference: 'sfc' });
    expect(parseLimit('UNL')).toMatchObject({ reference: 'unl' });
    expect(parseLimit('NOTAM')).toBeNull();
    expect(parseLimit('FL 1e9')).toBeNull();
  });

  it('lists unknown commands and bad coordinates by line and reads the rest', () => {
    const text = ['AC D', 'AN Good', 'AL GND', 'AH FL100', 'ZZ what', 'DP 46:00:00 N 007:00:00 E', 'DP 46:10:00 N 007:00:00 E', 'DP 46:10:00 N 007:10:00 E', 'DP 146:99 N 7 E', 'DC 3', 'V Q=1'].join('\n');
    const { airspaces, unreadLines } = parseOpenAir(text);
    expect(airspaces.map((a) => a.name)).toEqual(['Good']);
    expect(unreadLines).toEqual([
      { line: 5, message: 'Unknown command "ZZ".' },
      { line: 9, message: 'Cannot read the point.' },
      { line: 10, message: 'DC without a centre (V X=).' },
      { line: 11, message: 'Unknown variable "Q=1".' },
    ]);
  });

  it('never hangs on hostile files: endless arcs, huge radii, 10 MB of garbage, endless points', () => {
    const endless = parseOpenAir(['AC R', 'AN Spin', 'AL GND', 'AH FL100', 'V X=46:00:00 N 007:00:00 E', 'DA 5, 0, 3600000000', 'DA 1e300, 0, 90', 'DC 99999'].join('\n'));
    expect(endless.airspaces[0]!.ring.length).toBeLessThan(200);
    expect(endless.unreadLines.map((l) => l.line)).toEqual([7, 8]);

    const garbage = randomBytes(10 * 1024 * 1024).toString('latin1');
    const t = process.hrtime.bigint();
    const g = parseOpenAir(garbage);
    expect(Number(process.hrtime.bigint() - t) / 1e9).toBeLessThan(30); // a guard against a hang, not a speed claim
    expect(g.airspaces).toEqual([]);
    expect(g.unreadLines.length).toBe(OPENAIR_LIMITS.unreadListed + 1);
    expect(g.unreadLines[OPENAIR_LIMITS.unreadListed]!.message).toMatch(/^And \d+ more lines that could not be read\.$/);

    const points = ['AC R', 'AN Long', 'AL GND', 'AH FL100', ...Array.from({ length: OPENAIR_LIMITS.pointsPerShape + 5 }, (_, i) => `DP 46:00:${String(i % 60).padStart(2, '0')} N 007:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:00 E`)];
    const long = parseOpenAir(points.join('\n'));
    expect(long.airspaces).toEqual([]);
    expect(long.unreadLines[0]!.message).toMatch(/more than 20000 points/);
  });

  it('checks a track against the whole Australian file', () => {
    const set = indexShapes(parseOpenAir(fixture('xcsoar-AirspaceAus-DAA.txt')).airspaces);
    // Straight through Adelaide's CTA C4 (8,500 ft to FL125) at 3,000 m, then out to the east.
    const n = 600;
    const track = { times: [] as number[], latitudes: [] as number[], longitudes: [] as number[], gpsAltitudes: [] as number[], pressureAltitudes: [] as number[] };
    for (let i = 0; i < n; i++) {
      track.times.push(Date.UTC(2024, 0, 10, 2, 0, i));
      track.latitudes.push(-34.95);
      track.longitudes.push(138.0 + (i / n) * 2);
      track.gpsAltitudes.push(3000);
      track.pressureAltitudes.push(3000);
    }
    const result = checkTrack(track, set, null);
    expect(result.infringements.map((i) => i.name)).toContain('ADELAIDE_CTA_C4');
    const c4 = result.infringements.find((i) => i.name === 'ADELAIDE_CTA_C4')!;
    expect(c4.entry).toBe('2024-01-10T02:00:00.000Z'.replace('00:00.000', c4.entry.slice(14, 23)));
    expect(c4.altitudeUsed).toBe('gps');
  });
});
