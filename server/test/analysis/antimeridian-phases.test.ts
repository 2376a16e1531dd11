import { wrapLongitude } from '../../src/analysis/geo';
import { analysePhases } from '../../src/analysis/phases';
import { detectFlights } from '../../src/analysis/segments';
import type { Fix } from '../../src/analysis/types';
import { scriptedFixes, type ScriptedPhase } from './scripted-track';

// Across the antimeridian (docs/scoring.md): thermals' centres, the wind from their drift, glides and
// the stays on the ground that flight detection measures are the same as for the same track 160°
// further west, where no longitude wraps. The analysis takes continuous longitudes where it
// averages them (geo.ts meanLongitude, unwrapLongitudes), as the scoring does.

const glide = (seconds: number, heading: number): ScriptedPhase => ({ kind: 'glide', seconds, heading, glideRatio: 8, speedKmh: 36 });
const thermal = (seconds: number, climbMs: number, direction: 'left' | 'right'): ScriptedPhase => ({ kind: 'thermal', seconds, climbMs, direction, turnSeconds: 20 });
const script = [glide(60, 90), thermal(400, 2, 'right'), glide(240, 270), thermal(300, 1.5, 'left'), glide(120, 90)];

/** The scripted flight starting at `longitude` after ten minutes on the ground there, longitudes wrapped into [−180°, 180°). */
function day(longitude: number): Fix[] {
  const flight = scriptedFixes({ latitude: -16.8, longitude, wind: { speedKmh: 15, fromDeg: 100 }, noise: { positionM: 2, altitudeM: 0.5 }, phases: script });
  const t0 = flight[0]!.time - 600_000;
  // sitting at launch, a few metres of GPS noise either side of the start
  const ground = Array.from({ length: 600 }, (_, i): Fix => ({ ...flight[0]!, time: t0 + i * 1000, longitude: longitude + (((i * 37) % 11) - 5) * 0.00002 }));
  return [...ground, ...flight].map((f) => ({ ...f, longitude: wrapLongitude(f.longitude) }));
}

describe('phases and flight detection across the antimeridian', () => {
  const across = day(180);
  const west = day(20);

  it('the track does cross it', () => {
    expect(across.some((f) => f.longitude > 179.99)).toBe(true);
    expect(across.some((f) => f.longitude < -179.99)).toBe(true);
  });

  it('finds the same thermals, centred where they were flown, with the same wind, and the same glides', () => {
    const a = analysePhases(across).phases;
    const w = analysePhases(west).phases;
    expect(a.thermals).toHaveLength(w.thermals.length);
    expect(a.thermals.length).toBeGreaterThanOrEqual(2);
    a.thermals.forEach((t, k) => {
      const o = w.thermals[k]!;
      expect(Math.abs(wrapLongitude(t.longitude - o.longitude - 160))).toBeLessThan(1e-5);
      expect(t.latitude).toBeCloseTo(o.latitude, 6);
      expect(t.windSpeed).not.toBeNull();
      expect({ speed: t.windSpeed, direction: t.windDirection, gain: t.gain, turns: t.turns }).toEqual({ speed: o.windSpeed, direction: o.windDirection, gain: o.gain, turns: o.turns });
    });
    expect(a.glides.map((g) => g.distance)).toEqual(w.glides.map((g) => g.distance));
    expect(a.summary).toEqual(w.summary);
  });

  it('detects the same flight: the stay on the ground measured at its true size', () => {
    expect(detectFlights(across)).toEqual(detectFlights(west));
  });
});
