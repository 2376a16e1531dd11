import { analyseIgc, IgcReadError, readIgc, type Fix } from '../../src/analysis';
import { parseTrack } from '../../src/analysis/parse';
import { detectFlights } from '../../src/analysis/segments';
import { fixture } from '../helpers/fixtures';
import { nameTownsFromRunIndex } from '../helpers/run-towns-index';

nameTownsFromRunIndex();

const XC = { scoringRules: 'XContest' as const };
/** A real recording when the fixtures are present, else a scripted one. */
const SOURCE_IGC = fixture('d3p.igc');
const SMALL_IGC = fixture('marcourt.igc');

/** What a phone app exports: the IGC's fixes as a GPX 1.1 track, GPS altitude as ele. */
function toGpx(fixes: Fix[], { version = '1.1', segments = 1, prolog = '<?xml version="1.0" encoding="UTF-8"?>\n' } = {}): string {
  const ns = version === '1.1' ? 'http://www.topografix.com/GPX/1/1' : 'http://www.topografix.com/GPX/1/0';
  const size = Math.ceil(fixes.length / segments);
  const segs = Array.from({ length: segments }, (_, k) => fixes.slice(k * size, (k + 1) * size));
  const pt = (f: Fix) => `<trkpt lat="${f.latitude.toFixed(6)}" lon="${f.longitude.toFixed(6)}"><ele>${f.gpsAltitude ?? f.baroAltitude}</ele><time>${new Date(f.time).toISOString()}</time></trkpt>`;
  return `${prolog}<gpx version="${version}" creator="test" xmlns="${ns}"><metadata><name>Flight</name></metadata><trk><name>Track</name>${segs.map((s) => `<trkseg>${s.map(pt).join('\n')}</trkseg>`).join('')}</trk></gpx>\n`;
}

const source = parseTrack(SOURCE_IGC);
const gpsOnly = (fixes: Fix[]) => fixes.map((f) => ({ ...f, baroAltitude: null }));

describe('GPX tracks', () => {
  it('reads a GPX 1.1 track into the same fixes as the IGC it was written from', () => {
    const track = parseTrack(Buffer.from(toGpx(source.fixes)));
    expect(track.fixes).toHaveLength(source.fixes.length);
    track.fixes.forEach((f, i) => {
      expect(f.time).toBe(source.fixes[i]!.time);
      expect(f.latitude).toBeCloseTo(source.fixes[i]!.latitude, 5);
      expect(f.gpsAltitude).toBe(source.fixes[i]!.gpsAltitude);
      expect(f.baroAltitude).toBeNull();
    });
    expect(track.date).toBe(source.date);
    expect(track.repairs).toEqual([]);
  });

  it('finds the same flights in the GPX as in the IGC read with GPS altitude only', () => {
    const fromGpx = readIgc(Buffer.from(toGpx(source.fixes)), XC);
    const fixes = gpsOnly(source.fixes);
    const iso = (i: number) => new Date(fixes[i]!.time).toISOString();
    const expected = detectFlights(fixes).map((s) => ({ startTime: iso(s.start), endTime: iso(s.end) }));
    expect(expected.length).toBeGreaterThan(0);
    expect(fromGpx.segments.map(({ startTime, endTime }) => ({ startTime, endTime }))).toEqual(expected);
  });

  it('reads GPX 1.0, several segments, and a .gpx name whatever the first line says', () => {
    const v10 = parseTrack(Buffer.from(toGpx(source.fixes, { version: '1.0', segments: 3 })));
    expect(v10.fixes).toHaveLength(source.fixes.length);
    const noProlog = parseTrack(Buffer.from(toGpx(source.fixes, { prolog: '<!-- exported -->\n' })), 'track.GPX');
    expect(noProlog.fixes).toHaveLength(source.fixes.length);
  });

  it('analyses and scores a GPX flight like the IGC it came from', () => {
    const small = parseTrack(SMALL_IGC);
    const [fromGpx] = analyseIgc(Buffer.from(toGpx(small.fixes)), { ...XC, filename: 'flight.gpx' });
    const [fromIgc] = analyseIgc(SMALL_IGC, XC);
    expect(fromGpx!.startTime).toBe(fromIgc!.startTime);
    expect(fromGpx!.xcDistance).toBeCloseTo(fromIgc!.xcDistance, 2);
    expect(fromGpx!.gliderType).toBeNull();
  });

  it('refuses hostile or broken XML with a clear reason', () => {
    const reason = (text: string) => {
      try {
        parseTrack(Buffer.from(text), 'x.gpx');
        return 'read';
      } catch (err) {
        expect(err).toBeInstanceOf(IgcReadError);
        return (err as Error).message;
      }
    };
    const bomb = '<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><gpx><trk><name>&b;</name></trk></gpx>';
    expect(reason(bomb)).toBe('This GPX file declares a document type or entities, which are refused for safety.');
    expect(reason('<?xml version="1.0"?><!DOCTYPE gpx SYSTEM "file:///etc/passwd"><gpx/>')).toBe('This GPX file declares a document type or entities, which are refused for safety.');
    expect(reason('<?xml version="1.0"?><gpx><trk><trkseg><trkpt lat="1" lon="2"></trk></gpx>')).toMatch(/^The GPX file is not well-formed XML: /);
    expect(reason('<?xml version="1.0"?><kml><Document/></kml>')).toBe('The KML file contains no track (no gx:Track, timed placemarks or line).');
    expect(reason('<?xml version="1.0"?><gpx version="1.1"><wpt lat="1" lon="2"/></gpx>')).toBe('The GPX file contains no track points (trk/trkseg/trkpt).');
    const noTimes = toGpx(source.fixes.slice(0, 50)).replace(/<time>[^<]*<\/time>/g, '');
    expect(reason(noTimes)).toBe('The file has no usable track: fewer than two GPS fixes with a valid position and time.');
  });
});

describe('damaged GPX files', () => {
  it('are read or refused with a readable reason, never a crash', () => {
    const gpx = toGpx(source.fixes.slice(0, 300));
    let seed = 20240714;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const damage = [
      (s: string) => s.slice(0, rand(s.length)),
      (s: string) => {
        const i = rand(s.length);
        return s.slice(0, i) + s.slice(i + 1 + rand(40));
      },
      (s: string) => {
        const i = rand(s.length);
        return s.slice(0, i) + ['<', '>', '&', '"', '<trkpt>', '</gpx>', '&amp;', '\u0000'][rand(8)] + s.slice(i);
      },
      (s: string) => s.replace(/lat="[^"]*"/, `lat="${['x', '', '91', 'NaN', '1e999'][rand(5)]}"`),
      (s: string) => s.replace(/<time>[^<]*<\/time>/g, (m) => (rand(3) ? m : `<time>${['', 'yesterday', '2024-13-45T99:00:00Z'][rand(3)]}</time>`)),
    ];
    let read = 0;
    for (let n = 0; n < 300; n++) {
      let text = gpx;
      for (let k = 0; k <= rand(3); k++) text = damage[rand(damage.length)]!(text);
      try {
        parseTrack(Buffer.from(text), 'damaged.gpx');
        read++;
      } catch (err) {
        expect(err).toBeInstanceOf(IgcReadError);
        expect((err as Error).message.length).toBeGreaterThan(10);
      }
    }
    expect(read).toBeGreaterThan(0);
  });
});
