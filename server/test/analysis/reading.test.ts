import { analyseIgc, IgcReadError, readIgc, type IgcSummary } from '../../src/analysis';
import { parseTrack } from '../../src/analysis/parse';
import { REPAIR } from '../../src/analysis/repair';
import { fixture } from '../helpers/fixtures';
import { nameTownsFromRunIndex } from '../helpers/run-towns-index';

nameTownsFromRunIndex();

const XC = { scoringRules: 'XContest' as const };
/** A real recording when the fixtures are present (d3p.igc, 2,527 fixes every 5 s), else a scripted one. */
const SOURCE = fixture('d3p.igc').toString('latin1');
const lines = (text: string) => text.split(/\r\n|\r|\n/);
const bytes = (text: string) => Buffer.from(text, 'latin1');
const read = (text: string, filename?: string) => readIgc(bytes(text), { ...XC, filename });
const original = read(SOURCE);
const flightsOf = (s: IgcSummary) => s.segments.map(({ startTime, endTime }) => ({ startTime, endTime }));

/** B records rewritten by `edit`, other lines untouched. */
const editFixes = (text: string, edit: (b: string[]) => string[]) => {
  const all = lines(text);
  const first = all.findIndex((l) => l.startsWith('B'));
  const bs = all.filter((l) => l.startsWith('B'));
  return [...all.slice(0, first).filter((l) => !l.startsWith('B')), ...edit(bs), ...all.slice(first).filter((l) => !l.startsWith('B'))].join('\r\n');
};
const dateHeader = lines(SOURCE).find((l) => /^HFDTE/.test(l))!;
const ddmmyy = /(\d{6})/.exec(dateHeader.replace(/^HFDTE(DATE)?:?\s*/, ''))![1]!;
const isoDate = `20${ddmmyy.slice(4, 6)}-${ddmmyy.slice(2, 4)}-${ddmmyy.slice(0, 2)}`;
const withoutDate = SOURCE.replace(/^HFDTE.*\r?\n/m, '');

describe('reading real files that are not quite right', () => {
  it('reads the untouched recording without a repair', () => {
    expect(original.segments.length).toBeGreaterThan(0);
    expect(original.repairs).toEqual([]);
  });

  it('reads a file without an A record', () => {
    const summary = read(SOURCE.replace(/^A.*\r?\n/m, ''));
    expect(flightsOf(summary)).toEqual(flightsOf(original));
    expect(summary.repairs).toEqual([REPAIR.noARecord]);
  });

  it.each([`${isoDate}-XCT-ABC-01.igc`, `phone/${isoDate.replace(/-/g, '_')}_flight.igc`, `${isoDate.replace(/-/g, '')}.igc`])('takes the date from the file name %s when the file has none', (filename) => {
    const summary = read(withoutDate, filename);
    expect(summary.date).toBe(isoDate);
    expect(flightsOf(summary)).toEqual(flightsOf(original));
    expect(summary.repairs).toEqual([REPAIR.dateFromFilename]);
  });

  it('refuses a file with no date anywhere, saying so', () => {
    expect(() => read(withoutDate, 'flight.igc')).toThrow(new IgcReadError('The file has no valid date header (HFDTE), and its name holds no date (such as 2024-07-14).'));
    expect(() => read(withoutDate, '2024-13-45-flight.igc')).toThrow(IgcReadError);
  });

  it('ignores a byte-order mark', () => {
    const summary = readIgc(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes(SOURCE)]), XC);
    expect(flightsOf(summary)).toEqual(flightsOf(original));
    expect(summary.repairs).toEqual([REPAIR.byteOrderMark]);
    const utf16 = readIgc(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SOURCE, 'utf16le')]), XC);
    expect(flightsOf(utf16)).toEqual(flightsOf(original));
  });

  it('reads CR-only line ends', () => {
    const summary = read(lines(SOURCE).join('\r'));
    expect(flightsOf(summary)).toEqual(flightsOf(original));
    expect(summary.repairs).toEqual([REPAIR.crLineEnds]);
  });

  it('reads lower-case record letters', () => {
    const summary = read(lines(SOURCE).map((l) => (/^[ABH]/.test(l) ? l.toLowerCase() : l)).join('\n'));
    expect(flightsOf(summary)).toEqual(flightsOf(original));
    expect(summary.repairs).toEqual([REPAIR.lowerCase]);
  });

  it.each([`HFDTE${ddmmyy}`, `HFDTEDATE:${ddmmyy},01`, `HFDTEDATE: ${ddmmyy}`, `HFDTE:${ddmmyy}`, `HODTE${ddmmyy}`, `HPDTEDATE:${ddmmyy}`])('reads the date header spelled %s', (header) => {
    const summary = read(SOURCE.replace(/^HFDTE.*$/m, header));
    expect(summary.date).toBe(isoDate);
    expect(flightsOf(summary)).toEqual(flightsOf(original));
    expect(summary.repairs).toEqual([]);
  });

  it('puts fixes out of order back in order', () => {
    const summary = read(editFixes(SOURCE, (b) => [...b.slice(0, 500), ...b.slice(500, 700).reverse(), ...b.slice(700)]));
    expect(flightsOf(summary)).toEqual(flightsOf(original));
    expect(summary.fixCount).toBe(original.fixCount);
    expect(summary.repairs).toEqual([REPAIR.outOfOrder(199)]);
  });

  it('drops repeated fixes', () => {
    const summary = read(editFixes(SOURCE, (b) => b.flatMap((l, i) => (i % 10 === 0 ? [l, l] : [l]))));
    expect(flightsOf(summary)).toEqual(flightsOf(original));
    expect(summary.fixCount).toBe(original.fixCount);
    expect(summary.repairs).toEqual([REPAIR.repeated(Math.ceil(original.fixCount / 10))]);
  });

  it('dates fixes after midnight UTC to the next day', () => {
    // Shift the clock so that midnight falls in the middle of the first flight.
    const first = original.segments[0]!;
    const middle = (Date.parse(first.startTime) + Date.parse(first.endTime)) / 2;
    const shift = Date.parse(`${isoDate}T24:00:00Z`) - middle;
    const shifted = editFixes(SOURCE, (b) =>
      b.map((l) => {
        const t = (Date.parse(`${isoDate}T${l.slice(1, 3)}:${l.slice(3, 5)}:${l.slice(5, 7)}Z`) + shift) % 86_400_000;
        return `B${new Date(t).toISOString().slice(11, 19).replace(/:/g, '')}${l.slice(7)}`;
      }),
    );
    const summary = read(shifted);
    const flight = summary.segments[0]!;
    expect(flight.startTime.slice(0, 10)).toBe(isoDate);
    expect(flight.endTime.slice(0, 10) > isoDate).toBe(true);
    expect(Date.parse(flight.endTime) - Date.parse(flight.startTime)).toBe(Date.parse(first.endTime) - Date.parse(first.startTime));
    expect(summary.repairs).toEqual([REPAIR.midnight]);
  });

  it('smooths altitude spikes back to the altitude around them', () => {
    const spiked = editFixes(SOURCE, (b) => b.map((l, i) => (i % 300 === 150 ? `${l.slice(0, 25)}${String(Number(l.slice(25, 30)) + 800).padStart(5, '0')}${l.slice(30)}` : l)));
    const clean = parseTrack(bytes(SOURCE));
    const repaired = parseTrack(bytes(spiked));
    const spikes = Math.floor((original.fixCount - 150 - 1) / 300) + 1;
    expect(repaired.repairs).toEqual([REPAIR.spikes(spikes)]);
    const worst = Math.max(...repaired.fixes.map((f, i) => Math.abs(f.baroAltitude! - clean.fixes[i]!.baroAltitude!)));
    expect(worst).toBeLessThan(15);
  });

  it('fails a file with no usable track with a reason a pilot understands', () => {
    const oneFix = editFixes(SOURCE, (b) => b.slice(0, 1));
    expect(() => read(oneFix)).toThrow(new IgcReadError('The file has no usable track: fewer than two GPS fixes with a valid position and time.'));
    const nowhere = editFixes(SOURCE, (b) => b.map((l) => `${l.slice(0, 7)}0000000N00000000E${l.slice(24)}`));
    expect(() => read(nowhere)).toThrow('The file has no usable track');
  });

  it('returns the repairs with every analysed flight', () => {
    const small = fixture('marcourt.igc').toString('latin1');
    const flights = analyseIgc(bytes(small.replace(/^A.*\r?\n/m, '')), XC);
    expect(flights.length).toBeGreaterThan(0);
    for (const f of flights) expect(f.repairs).toEqual([REPAIR.noARecord]);
  });
});

describe('the file from the issue', () => {
  it('reads 14,000 fixes without an A record as the two flights around the landing in the middle', () => {
    const text = fixture('lunch-break.igc').toString('latin1');
    const summary = readIgc(bytes(text.replace(/^A.*\r?\n/m, '')), XC);
    expect(summary.fixCount).toBeGreaterThan(14_000);
    expect(summary.segments).toHaveLength(2);
    expect(flightsOf(summary)).toEqual(flightsOf(readIgc(fixture('lunch-break.igc'), XC)));
    expect(summary.repairs).toContain(REPAIR.noARecord);
  });
});
