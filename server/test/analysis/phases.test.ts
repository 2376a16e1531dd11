import { analysePhases } from '../../src/analysis/phases';
import { scriptedFixes, type ScriptedPhase } from './scripted-track';

const glide = (seconds: number, heading: number, glideRatio = 8): ScriptedPhase => ({ kind: 'glide', seconds, heading, glideRatio, speedKmh: 36 });
const thermal = (seconds: number, climbMs: number, direction: 'left' | 'right', turnSeconds = 20): ScriptedPhase => ({ kind: 'thermal', seconds, climbMs, direction, turnSeconds });

/** Stated tolerances (docs/validation.md): gain 10%, average climb 0.15 m/s, wind 2 km/h and 15°. */
const TOL = { gainShare: 0.1, climbMs: 0.15, windKmh: 2, windDeg: 15 };
const angleBetween = (a: number, b: number) => Math.abs((((a - b) % 360) + 540) % 360 - 180);

describe('thermals and glides on scripted tracks', () => {
  const script = [glide(180, 90), thermal(300, 1.5, 'right'), glide(240, 120), thermal(240, 2.5, 'left', 24), glide(200, 60), thermal(200, 3, 'right', 18), glide(300, 90)];
  const expected = [
    { climbMs: 1.5, seconds: 300, direction: 'right', turns: 15 },
    { climbMs: 2.5, seconds: 240, direction: 'left', turns: 10 },
    { climbMs: 3, seconds: 200, direction: 'right', turns: 11 },
  ];

  it('finds each thermal with its direction, turns, gain and climb, in calm air and with noise', () => {
    for (const noise of [undefined, { positionM: 2, altitudeM: 0.5 }]) {
      const { phases } = analysePhases(scriptedFixes({ phases: script, noise }));
      expect(phases.thermals).toHaveLength(3);
      phases.thermals.forEach((t, k) => {
        const e = expected[k]!;
        expect(t.direction).toBe(e.direction);
        expect(Math.abs(t.turns - e.turns)).toBeLessThanOrEqual(1);
        expect(Math.abs(t.gain - e.climbMs * e.seconds) / (e.climbMs * e.seconds)).toBeLessThanOrEqual(TOL.gainShare);
        expect(Math.abs(t.averageClimb - e.climbMs)).toBeLessThanOrEqual(TOL.climbMs);
        expect(t.maxClimb).toBeGreaterThanOrEqual(t.averageClimb);
        expect(t.maxClimb).toBeLessThan(e.climbMs + 0.5);
        expect(t.exitAltitude - t.entryAltitude).toBe(t.gain);
      });
    }
  });

  it('summarises: thermal count, circling share, average and best climb, glide ratio', () => {
    const { phases } = analysePhases(scriptedFixes({ phases: script }));
    const total = script.reduce((s, p) => s + p.seconds, 0);
    expect(phases.summary.thermalCount).toBe(3);
    expect(Math.abs(phases.summary.circlingShare - 740 / total)).toBeLessThan(0.03);
    expect(Math.abs(phases.summary.averageThermalClimb! - (1.5 * 300 + 2.5 * 240 + 3 * 200) / 740)).toBeLessThan(TOL.climbMs);
    expect(Math.abs(phases.summary.bestThermalClimb! - 3)).toBeLessThan(TOL.climbMs);
    expect(Math.abs(phases.summary.glideRatio! - 8) / 8).toBeLessThan(0.05);
  });

  it('measures each glide between the thermals: distance, speed, height lost, ratio', () => {
    const { phases } = analysePhases(scriptedFixes({ phases: [glide(300, 90, 6), thermal(200, 2, 'left'), glide(400, 180, 10)] }));
    expect(phases.glides).toHaveLength(2);
    const [first, second] = phases.glides;
    expect(Math.abs(first!.glideRatio! - 6) / 6).toBeLessThan(0.05);
    expect(Math.abs(second!.glideRatio! - 10) / 10).toBeLessThan(0.05);
    expect(Math.abs(second!.distance - 4)).toBeLessThan(0.2);
    expect(Math.abs(second!.averageSpeed - 36)).toBeLessThan(2);
    expect(Math.abs(second!.altitudeLoss - 400)).toBeLessThan(20);
    expect(first!.endIndex).toBeLessThanOrEqual(phases.thermals[0]!.startIndex);
    expect(second!.startIndex).toBeGreaterThanOrEqual(phases.thermals[0]!.endIndex);
  });

  it.each([
    [15, 270],
    [25, 45],
    [8, 180],
  ])('measures the wind from the drift of the circles: %d km/h from %d°', (speedKmh, fromDeg) => {
    const fixes = scriptedFixes({ wind: { speedKmh, fromDeg }, noise: { positionM: 2, altitudeM: 0.5 }, phases: [glide(120, 0), thermal(400, 2, 'right'), glide(120, 0), thermal(300, 1.5, 'left', 25), glide(120, 0)] });
    const { phases } = analysePhases(fixes);
    expect(phases.thermals).toHaveLength(2);
    for (const t of phases.thermals) {
      expect(Math.abs(t.windSpeed! - speedKmh)).toBeLessThanOrEqual(TOL.windKmh);
      expect(angleBetween(t.windDirection!, fromDeg)).toBeLessThanOrEqual(TOL.windDeg);
    }
  });

  it('gives no wind for a thermal of a single circle', () => {
    const { phases } = analysePhases(scriptedFixes({ wind: { speedKmh: 15, fromDeg: 270 }, phases: [glide(120, 0), thermal(25, 2, 'right'), glide(120, 0)] }));
    expect(phases.thermals).toHaveLength(1);
    expect(phases.thermals[0]!.windSpeed).toBeNull();
    expect(phases.thermals[0]!.windDirection).toBeNull();
  });

  it('counts leftCircles and rightCircles from the thermals, a change of direction making one mixed thermal', () => {
    const result = analysePhases(scriptedFixes({ phases: [glide(120, 0), thermal(200, 2, 'right'), thermal(200, 2, 'left'), glide(200, 90), thermal(100, 1, 'left'), glide(120, 0)] }));
    const { thermals } = result.phases;
    expect(thermals.map((t) => t.direction)).toEqual(['mixed', 'left']);
    expect(result.rightCircles).toBeGreaterThanOrEqual(9);
    expect(result.leftCircles).toBeGreaterThanOrEqual(9 + 4);
    expect(result.leftCircles + result.rightCircles).toBe(thermals.reduce((s, t) => s + t.turns, 0));
  });

  it('does not call circling in sink a thermal, nor a straight glide', () => {
    const spiral = analysePhases(scriptedFixes({ phases: [glide(120, 0), thermal(120, -8, 'right', 8), glide(300, 90)] }));
    expect(spiral.phases.thermals).toHaveLength(0);
    expect(spiral.rightCircles).toBe(0);
    expect(spiral.phases.summary.circlingShare).toBeGreaterThan(0.2);
    const straight = analysePhases(scriptedFixes({ noise: { positionM: 3, altitudeM: 1 }, phases: [glide(900, 200)] }));
    expect(straight.phases.thermals).toHaveLength(0);
    expect(straight.phases.glides).toHaveLength(1);
    expect(straight.phases.summary).toEqual({ circlingShare: 0, thermalCount: 0, averageThermalClimb: null, bestThermalClimb: null, glideRatio: straight.phases.glides[0]!.glideRatio });
  });

  it('handles a track too short to have phases', () => {
    const { phases } = analysePhases(scriptedFixes({ phases: [glide(1, 0)] }));
    expect(phases.thermals).toEqual([]);
    expect(phases.glides).toEqual([]);
  });
});
