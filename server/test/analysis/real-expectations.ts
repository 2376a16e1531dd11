/**
 * What a pilot reading each real recording in server/test/fixtures/real expects the logbook to show,
 * written down from its fixes before the analysis was tuned (sources and licences in
 * fixtures/real/SOURCES.md; the rules and the measurements behind them in docs/validation.md).
 *
 * `flights`: how many rows the file gives (a number, or [min, max] where a pilot could read it either
 * way). `noFlight`: nothing in it is a flight; every row is No Flight (or Car Drive for a drive).
 * `ok`: every row is a flight nobody needs to review. Other fields bound what a pilot would notice.
 */
export interface Expectation {
  recorder: string;
  what: string;
  flights: number | [number, number];
  noFlight?: boolean;
  ok?: boolean;
  /** Highest stored altitude, m: [min, max]. */
  maxAltitude?: [number, number];
  /** The longest row, minutes: [min, max]. */
  minutes?: [number, number];
  /** Best XC distance of the file's flights, km: [min, max]. */
  distanceKm?: [number, number];
  /** Takeoff dates (UTC) the rows must have, and dates none may have. */
  dates?: string[];
  notDates?: string[];
  /** Words the file's reason must contain. */
  reason?: RegExp;
}

const flight = (recorder: string, what: string, more: Partial<Expectation> = {}): Expectation => ({ recorder, what, flights: 1, ok: true, ...more });
const nothing = (recorder: string, what: string, more: Partial<Expectation> = {}): Expectation => ({ recorder, what, flights: 1, noFlight: true, ...more });

export const EXPECTATIONS: Record<string, Expectation> = {
  // go-igc's corpus: paragliders, hang gliders and sailplanes from many instruments.
  'go-igc/0248.igc': flight('GpsDump', 'a 4 h flight whose pressure-altitude column is garbage (12,000-16,500 m) while GPS says 2,000-3,500 m', { maxAltitude: [3300, 3600], reason: /GPS altitude/ }),
  'go-igc/PING.IGC': { recorder: 'Flarm (rescue helicopter)', what: 'a Flarm log over three weeks: short helicopter flights under seven date headers, the last one (2 July) written after the 18 July section', flights: [5, 9], dates: ['2014-06-28', '2014-06-29', '2014-06-30', '2014-07-02'], notDates: ['2014-07-19'], minutes: [5, 30] },
  'go-igc/igc-PkwnUq.igc': { recorder: 'Syride SYS\'Nav V3', what: 'a 2-minute hop, then fixes that jump thousands of kilometres and to impossible altitudes', flights: [0, 1], maxAltitude: [0, 3500], distanceKm: [0, 20], reason: /impossible/ },
  'go-igc/0237.igc': nothing('Bräuniger IQ-Basic', 'a logger lying on an airfield for 25 minutes: 50 m position noise, baro drifting 60 m'),
  'go-igc/0069.igc': flight('XCTrack (phone)', 'ridge soaring at Bucaramanga for 85 minutes, hovering at 4-10 km/h above the launch', { minutes: [75, 95] }),
  'go-igc/0205.igc': { recorder: 'XCTrack (phone)', what: 'coastal dune soaring at Sārnate, 20-150 m, with a pause on the dune', flights: [1, 2], ok: true },
  'go-igc/0028.igc': { recorder: 'XCTrack', what: 'a short flight, a top landing, a 100-minute XC', flights: [1, 2], ok: true },
  'go-igc/2008-07-28-XPG-KVE-02.igc': flight('XPG', 'a 7.5 h XC with a 10-minute logging gap while climbing at 2 m/s on both sides', { minutes: [420, 470], distanceKm: [300, 345] }),
  'go-igc/0059.igc': flight('XCTrack', 'a 3 h flight with a 35-minute gap before the final glide', { minutes: [150, 200] }),
  'go-igc/2025-05-31-XFH-000-01.IGC': flight('Flyskyhy', 'a 3.5 h flight, then a 16-minute gap on the ground'),
  'go-igc/0220.igc': flight('Flymaster', 'a 52-minute flight and a logger left on after landing'),
  'go-igc/0179.igc': flight('XCTrack', 'an 83-minute flight with logging gaps of 2-3 minutes and altitude jumps across them'),
  'go-igc/0168.igc': nothing('XCTrack', 'two minutes of a phone standing still at night'),
  'go-igc/0212.igc': nothing('XC Tracer', 'a logger on a table for 24 minutes at 60 m: 10 m of position and altitude noise'),
  'go-igc/0085.igc': flight('Flyskyhy', 'six minutes of cliff soaring on the Channel coast within 250 m, then down to the beach'),
  'go-igc/0050.igc': nothing('XCTrack (phone)', 'three minutes of kiting on a training slope at Londinières: 150 m around, 29 m up and down'),
  'go-igc/0024.igc': { recorder: 'XCTrack', what: 'a two-minute hop of a few metres in Siberia', flights: [0, 1] },
  'go-igc/0021.igc': flight('XCTrack (TT)', 'an 11-minute flight'),
  'go-igc/0026.igc': flight('XC Vario (XVB)', 'a 14-minute flight with a few fixes without position'),
  'go-igc/0074.igc': flight('Flytec (XFL)', 'a 24-minute flight'),
  'go-igc/0005.igc': flight('Flytec', 'a one-hour flight'),
  'go-igc/0222.igc': flight('XSE', 'a 4-minute sled ride'),
  'go-igc/2003-05-31-0261-0.igc': flight('unknown (AXXX)', 'a 9.4 h XC recorded every 20 s', { distanceKm: [200, 260] }),
  'go-igc/2008-05-02_Martin_Saleve-Tessin.igc': flight('CompeGPS', 'a 7 h XC from the Salève to Ticino'),
  'go-igc/2008-09-05-CGP-XAGC-01-ebessos.igc': flight('Bräuniger', 'a 3 h XC'),
  'go-igc/2024-06-04-XNA-190203-01.igc': flight('Naviter Oudie', 'a one-hour flight'),
  'go-igc/2024-09-15_11.24_UETLIBERG_TOM-PAYNE_bg-8886_1001.igc': flight('BurnAir (XBM)', 'a one-hour flight from the Uetliberg'),
  'go-igc/2025-09-06-XVV-JRJ059-01.IGC': flight('XVV', 'a 38-minute flight'),
  'go-igc/Kz9PYR1v.igc': flight('CSS', 'a 1.5 h XC of 165 km (a sailplane)'),
  'go-igc/2ALGB9D1.IGC': flight('Flarm', 'a 40-minute flight'),
  'go-igc/39AXA411.IGC': flight('Flytec', 'a 5.5 h XC'),
  'go-igc/0037.igc': flight('Syride', 'a one-hour flight'),
  'go-igc/0025.igc': flight('Skytraxx', 'a 21-minute flight'),
  'go-igc/0001.igc': flight('Flyskyhy', 'an 11-minute flight'),
  'go-igc/858umbh1.igc': flight('Flytec', 'a 9.5 h XC recorded every 20 s'),
  'go-igc/2008-06-16-xgd-001-01.igc': flight('GpsDump', 'a 3.7 h flight without pressure altitude'),
  'go-igc/0120.igc': flight('XAH', 'an 83-minute flight'),
  'go-igc/0097.igc': flight('CompeGPS (XCM)', 'a 2 h flight'),
  'go-igc/0106.igc': flight('XCSoar', 'a 37-minute flight'),
  'go-igc/0186.igc': flight('LK8000', 'a 32-minute flight'),
  'go-igc/0162.igc': flight('XSD', 'a 12-minute flight'),
  'go-igc/0201.igc': flight('Flymaster', 'a 3-minute sled ride'),
  'go-igc/0206.igc': flight('Naviter', 'an 8-minute flight with repeated fixes'),
  'go-igc/2024-02-24-XTR-942E94934478-01.IGC': flight('XC Tracer', 'a one-hour flight'),
  'go-igc/0154.igc': flight('Syride', 'a 19-minute flight'),
  'go-igc/2006-06-10-XXX-3XI-01.IGC': flight('Flytec', 'a 6 h competition flight'),
  // igc-parser's Lev competition days: sailplanes on aerotow.
  'igc-parser/E1_77ff85b1.igc': flight('Filser', 'a 4.5 h sailplane task after an aerotow'),
  'igc-parser/H1_77flne21.IGC': flight('LX Navigation', 'a 2 h sailplane flight after an aerotow, repeated fixes'),
  'igc-parser/1R_2017-07-17-xcs-aaa-01.igc': flight('XCSoar', 'a 3 h sailplane task after an aerotow'),
  'igc-parser/999_77fg8bt1.IGC': flight('Flarm', 'a 5 h sailplane task after an aerotow'),
  'igc-parser/P9_77hl1kd1.IGC': flight('LX Navigation', 'a 3 h sailplane task after an aerotow'),
  // igc_lib's test files.
  'igc_lib/flight_with_middle_landing.igc': { recorder: 'unknown (no A record)', what: 'a 2.7 h flight with a 4-minute logging gap low over the coast, a landing, a second flight of an hour', flights: 2, ok: true },
  'igc_lib/napret.igc': flight('GpsDump', 'a 1.5 h flight'),
  'igc_lib/new_zealand.igc': flight('BCD', 'a 4.3 h flight across midnight UTC'),
  'igc_lib/olsztyn.igc': flight('LX Navigation', 'a 5 h sailplane flight after a winch or tow'),
  // XCSoar's test data: sailplanes.
  'xcsoar/01lz1hq1.igc': flight('Zander', 'a 5 h sailplane flight of 500 km in Australia'),
  'xcsoar/0asljd01.igc': flight('LX Navigation', 'a 4.4 h sailplane flight'),
  'xcsoar/9crx3101.igc': flight('XCSoar', 'a 3.5 h sailplane flight'),
  'xcsoar/apf-bug554.igc': flight('Flarm', 'a 2.7 h sailplane flight'),
  'xcsoar/18BF14K1.igc': flight('Filser', 'a 10-minute circuit'),
  // GPX that are not flights: runs, rides, drives and walks.
  'togeojson/run.gpx': nothing('Garmin Connect', 'a 15-minute run at night'),
  'togeojson/run_gpxtpx.gpx': nothing('Strava', 'a 20-minute run in San Francisco'),
  'togeojson/osm.gpx': { recorder: 'OpenStreetMap traces', what: 'GPS traces two years apart, most points without a time', flights: [0, 2], noFlight: true },
  'togeojson/blue_hills.gpx': { recorder: 'ExpertGPS', what: 'hikes in the Blue Hills recorded months apart in one file', flights: [1, 3], noFlight: true },
  'togeojson/multitrackgpx.gpx': { recorder: 'Garmin MapSource', what: 'walks on two days in one file, 51 h from first to last point', flights: [1, 2], noFlight: true },
  'togeojson/missing_hr.gpx': nothing('Garmin Oregon 600', 'two minutes of walking'),
  'gpxpy/cerknicko-jezero.gpx': { recorder: 'GPSBabel', what: 'a ride around a lake with stops', flights: [1, 3], noFlight: true },
  'gpxpy/korita-zbevnica.gpx': nothing('GPSBabel', 'a 3.7 h hike'),
  'gpxpy/around-visnjan-with-car.gpx': nothing('Garmin eTrex 20x', 'a short drive'),
  'gpxgo/visnjan.gpx': nothing('Google My Tracks', 'a 30-minute walk'),
};
