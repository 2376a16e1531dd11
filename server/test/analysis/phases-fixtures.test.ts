import { readdirSync } from 'node:fs';
import IGCParser from 'igc-parser';
import { normaliseHeaders, decodeText, parseTrack } from '../../src/analysis/parse';
import { analysePhases } from '../../src/analysis/phases';
import { altitudeOf, detectFlights, hasBaro } from '../../src/analysis/segments';
import type { Fix } from '../../src/analysis';
import { fixture, FIXTURE_DIR } from '../helpers/fixtures';

/** Thresholds explained in docs/validation.md, "Thermals and glides". */
const REAL = { minFlightMin: 30, minVarioInThermalMs: 0.2, minClimbingShare: 0.55, varioAgreementMs: 0.01 };

interface Flight {
  name: string;
  fixes: Fix[];
}

// Each recording is parsed, and each flight's phases found, once for the three tests, which only read them.
const flightsByName = new Map<string, Flight[]>();
function flightsOf(name: string): Flight[] {
  if (!flightsByName.has(name)) {
    const track = parseTrack(fixture(name), name);
    flightsByName.set(name, detectFlights(track.fixes).map((s) => ({ name, fixes: track.fixes.slice(s.start, s.end + 1) })));
  }
  return flightsByName.get(name)!;
}
const phasesByFlight = new WeakMap<Fix[], ReturnType<typeof analysePhases>>();
function phasesOf(fixes: Fix[]): ReturnType<typeof analysePhases> {
  if (!phasesByFlight.has(fixes)) phasesByFlight.set(fixes, analysePhases(fixes));
  return phasesByFlight.get(fixes)!;
}

describe('thermals and glides on real recordings', () => {
  const names = readdirSync(FIXTURE_DIR).filter((f) => /\.igc$/i.test(f));
  const all = () => names.flatMap(flightsOf);
  const long = () => all().filter((f) => (f.fixes.at(-1)!.time - f.fixes[0]!.time) / 60_000 >= REAL.minFlightMin);

  it('gives every flight plausible thermals and glides', () => {
    for (const { fixes } of all()) {
      const { phases } = phasesOf(fixes);
      for (const t of phases.thermals) {
        expect(t.startIndex).toBeLessThan(t.endIndex);
        expect(t.endIndex).toBeLessThan(fixes.length);
        expect(t.startTime).toBe(new Date(fixes[t.startIndex]!.time).toISOString());
        expect(t.gain).toBeGreaterThanOrEqual(0);
        expect(t.averageClimb).toBeLessThan(6);
        expect(t.maxClimb).toBeGreaterThanOrEqual(t.averageClimb);
        expect(t.maxClimb).toBeLessThan(10);
        expect(t.turns).toBeGreaterThanOrEqual(1);
        if (t.windSpeed !== null) expect(t.windSpeed).toBeLessThan(80);
      }
      for (const g of phases.glides) {
        expect(g.startIndex).toBeLessThan(g.endIndex);
        if (g.glideRatio !== null) expect(g.glideRatio).toBeGreaterThan(0);
      }
      expect(phases.summary.circlingShare).toBeGreaterThanOrEqual(0);
      expect(phases.summary.circlingShare).toBeLessThanOrEqual(1);
    }
  });

  it('finds thermals in every flight of half an hour or more, where the vario climbs and outside of which it sinks', () => {
    const flights = long();
    expect(flights.length).toBeGreaterThan(15);
    for (const { name, fixes } of flights) {
      const { phases } = phasesOf(fixes);
      expect({ name, thermals: phases.thermals.length > 0 }).toEqual({ name, thermals: true });
      const baro = hasBaro(fixes);
      const inThermal = new Uint8Array(fixes.length);
      for (const t of phases.thermals) inThermal.fill(1, t.startIndex, t.endIndex);
      const totals = { in: { dz: 0, dt: 0, steps: 0, climbing: 0 }, out: { dz: 0, dt: 0, steps: 0, climbing: 0 } };
      for (let i = 0; i + 10 < fixes.length; i += 10) {
        const side = inThermal[i] ? totals.in : totals.out;
        const dz = altitudeOf(fixes[i + 10]!, baro) - altitudeOf(fixes[i]!, baro);
        side.dz += dz;
        side.dt += (fixes[i + 10]!.time - fixes[i]!.time) / 1000;
        side.steps++;
        if (dz > 0) side.climbing++;
      }
      expect({ name, varioIn: totals.in.dz / totals.in.dt > REAL.minVarioInThermalMs }).toEqual({ name, varioIn: true });
      expect({ name, varioOut: totals.out.dz / totals.out.dt < 0 }).toEqual({ name, varioOut: true });
      expect({ name, climbing: totals.in.climbing / totals.in.steps >= REAL.minClimbingShare }).toEqual({ name, climbing: true });
    }
  });

  it("agrees with the instrument's own altitudes: climb between entry and exit over the thermal's time", () => {
    for (const name of names) {
      const raw = IGCParser.parse(normaliseHeaders(decodeText(fixture(name))), { lenient: true });
      const baro = raw.fixes.some((f) => (f.pressureAltitude ?? 0) > 0);
      const altitudeAt = new Map<number, number>();
      for (const f of raw.fixes) if (!altitudeAt.has(f.timestamp)) altitudeAt.set(f.timestamp, (baro ? f.pressureAltitude : f.gpsAltitude) ?? 0);
      for (const { fixes } of flightsOf(name)) {
        for (const t of phasesOf(fixes).phases.thermals) {
          const start = Date.parse(t.startTime);
          const end = Date.parse(t.endTime);
          const vario = (altitudeAt.get(end)! - altitudeAt.get(start)!) / ((end - start) / 1000);
          expect(Math.abs(t.averageClimb - vario)).toBeLessThanOrEqual(REAL.varioAgreementMs);
        }
      }
    }
  });
});
