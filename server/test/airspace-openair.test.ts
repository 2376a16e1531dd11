import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { activationOf } from '../src/airspace/activation';
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

  it('reads activation in Germany’s national file: H24 always, NOTAM, HX, schedules, danger areas and gliding sectors unknown', () => {
    const { airspaces, unreadLines } = parseOpenAir(fixture('germany-daec-2026.txt'));
    expect(airspaces).toHaveLength(667);
    expect(unreadLines).toEqual([]);
    const of = (name: string) => activationOf(airspaces.find((a) => a.name.trim() === name)!);
    expect(of('EDR137A Hohenfels H24')).toEqual({ kind: 'always' });
    expect(of('EDR137B Hohenfels NOTAM')).toEqual({ kind: 'unknown', reason: 'NOTAM' });
    expect(of('EDR33B Unterluess (NOTAM MON-SAT)')).toEqual({ kind: 'unknown', reason: 'NOTAM MON-SAT' });
    expect(of('EDR15 Karow MON-FRI+')).toEqual({ kind: 'unknown', reason: 'MON-FRI+' });
    expect(of('EDR138A Siegenburg MO-FR+')).toEqual({ kind: 'unknown', reason: 'MO-FR+' });
    expect(of('Berlin (HX-West) 133.630')).toEqual({ kind: 'unknown', reason: 'HX' });
    // A parachute drop zone (danger area, class Q) and a gliding sector (W): active only at times.
    expect(of('PARA Ailertchen EDGA 126.410')).toEqual({ kind: 'unknown', reason: 'Q' });
    expect(of('Sektor Kamen 1A')).toEqual({ kind: 'unknown', reason: 'W' });
    // Always: a laser danger area written H24, control zones, a restricted area with no such word.
    expect(of('LASER Grevenbroich H24')).toEqual({ kind: 'always' });
    expect(of('EDR LINDENBERG')).toEqual({ kind: 'always' });
    expect(airspaces.filter((a) => a.class === 'CTR' && activationOf(a).kind === 'always').length).toBeGreaterThan(50);
    // Counted over the file: most restricted and danger areas say when they are active; frequencies are not times.
    const unknown = airspaces.filter((a) => activationOf(a).kind === 'unknown');
    expect(unknown.length).toBeGreaterThan(300);
    expect(unknown.every((a) => !/\d{3}\.\d{3}/.test((activationOf(a) as { reason: string }).reason))).toBe(true);
  });

  it('reads extended OpenAir activation times (AA, AY) and words other countries use', () => {
    const text = [
      'AC R', 'AY TRA', 'AN Exercise', 'AA 2024-07-20T08:00Z/2024-07-20T10:00Z', 'AA 2024-07-21T00:00Z/2024-07-21T24:00Z', 'AL GND', 'AH FL100', 'DP 46:00:00 N 007:00:00 E', 'DP 46:10:00 N 007:00:00 E', 'DP 46:10:00 N 007:10:00 E',
      'AC R', 'AN Open end', 'AA 2024-07-20T12:00Z/NONE', 'AL GND', 'AH FL100', 'DP 46:00:00 N 007:00:00 E', 'DP 46:10:00 N 007:00:00 E', 'DP 46:10:00 N 007:10:00 E',
      'AC E', 'AY TSA', 'AN Announced', 'AA NONE', 'AL GND', 'AH FL100', 'DP 46:00:00 N 007:00:00 E', 'DP 46:10:00 N 007:00:00 E', 'DP 46:10:00 N 007:10:00 E',
      'AC R', 'AN Broken', 'AA tomorrow morning', 'AL GND', 'AH FL100', 'DP 46:00:00 N 007:00:00 E', 'DP 46:10:00 N 007:00:00 E', 'DP 46:10:00 N 007:10:00 E',
    ].join('\n');
    const { airspaces, unreadLines } = parseOpenAir(text);
    expect(unreadLines).toEqual([{ line: 30, message: 'Cannot read the activation time "tomorrow morning" (AA start/end in UTC, or NONE).' }]);
    expect(airspaces[0]).toMatchObject({ type: 'TRA', times: ['2024-07-20T08:00Z/2024-07-20T10:00Z', '2024-07-21T00:00Z/2024-07-21T24:00Z'] });
    expect(activationOf(airspaces[0]!)).toEqual({ kind: 'windows', windows: [{ from: Date.UTC(2024, 6, 20, 8), to: Date.UTC(2024, 6, 20, 10) }, { from: Date.UTC(2024, 6, 21), to: Date.UTC(2024, 6, 22) }] });
    expect(activationOf(airspaces[1]!)).toEqual({ kind: 'windows', windows: [{ from: Date.UTC(2024, 6, 20, 12), to: null }] });
    expect(activationOf(airspaces[2]!)).toEqual({ kind: 'unknown', reason: 'AA NONE' });
    // A restricted area with no activation given and no word for it: always, as before.
    expect(activationOf(airspaces[3]!)).toEqual({ kind: 'always' });
    expect(activationOf({ class: 'R', name: 'LF-R 45 A activable H24 sur NOTAM' })).toEqual({ kind: 'unknown', reason: 'activable' });
    expect(activationOf({ class: 'R', name: 'ZRT CHENEVIERES activation NOTAM MON-FRI except HOL' })).toEqual({ kind: 'unknown', reason: 'NOTAM MON-FRI' });
    expect(activationOf({ class: 'R', name: 'LF-R 196 activable' })).toEqual({ kind: 'unknown', reason: 'activable' });
    expect(activationOf({ class: 'Q', name: 'ED-D 12 aktiv nach NOTAM' })).toEqual({ kind: 'unknown', reason: 'aktiv nach NOTAM' });
    expect(activationOf({ class: 'R', name: 'LS-R8 ACT ON NOTAM' })).toEqual({ kind: 'unknown', reason: 'ACT ON NOTAM' });
    expect(activationOf({ class: 'C', name: 'TRA Jura 0700-1700' })).toEqual({ kind: 'unknown', reason: '0700-1700' });
    expect(activationOf({ class: 'C', name: 'TSA 22 North' })).toEqual({ kind: 'unknown', reason: 'TSA' });

    // The check: a passage outside the file's times is no infringement; inside them, an active one.
    const set = indexShapes(airspaces.slice(0, 3));
    const track = (hour: number) => {
      const t = { times: [] as number[], latitudes: [] as number[], longitudes: [] as number[], gpsAltitudes: [] as number[], pressureAltitudes: [] as number[] };
      for (let i = 0; i < 60; i++) {
        t.times.push(Date.UTC(2024, 6, 20, hour, 0, i));
        t.latitudes.push(46.05);
        t.longitudes.push(7.02);
        t.gpsAltitudes.push(1500);
        t.pressureAltitudes.push(1500);
      }
      return t;
    };
    const at = (hour: number) => checkTrack(track(hour), set, null).infringements.map((i) => [i.name, i.activation, i.activationReason]);
    expect(at(9)).toEqual([['Announced', 'unknown', 'AA NONE'], ['Exercise', 'active', null]]);
    expect(at(11)).toEqual([['Announced', 'unknown', 'AA NONE']]);
    expect(at(13)).toEqual([['Announced', 'unknown', 'AA NONE'], ['Open end', 'active', null]]);
  });
});
