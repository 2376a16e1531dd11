import fc from 'fast-check';
import { generateIgc, thermalFlight, type Recording } from '../../../scripts/synthetic-igc';
import { makeTarGz, makeZip } from './archives';

/**
 * Seeded hostile inputs for the analysis and upload paths: real-looking IGC recordings broken in the
 * ways files get broken (flipped bytes, cut lines, shuffled or repeated fixes, wrong headers, binary
 * junk, odd encodings), and archives of them with hostile entry names, damaged after packing.
 * The same seed gives the same inputs, so a failure found once can be replayed.
 */

export interface FuzzInput {
  /** The name the file is uploaded under (.igc, .zip or .tar.gz). */
  name: string;
  data: Buffer;
  /** How it was made, for a readable failure. */
  recipe: string;
}

/** A few short recordings (a few minutes in the air, so scoring stays quick) to mutate. */
function bases(): Buffer[] {
  const site = { latitude: 46.68, longitude: 7.86, altitude: 1800 };
  const short = (start: string, seed: number, scale: number): Recording => {
    const rec = thermalFlight(start, seed, site);
    return { ...rec, phases: rec.phases.map((p) => ('seconds' in p ? { ...p, seconds: Math.max(20, Math.round(p.seconds * scale)) } : p)) };
  };
  return [short('2024-06-01T10:00:00Z', 1, 0.1), short('2024-06-02T11:30:00Z', 2, 0.15), short('2024-06-03T23:55:00Z', 3, 0.08)].map((r) => Buffer.from(generateIgc(r)));
}

type Op =
  | { kind: 'flip'; at: number; value: number }
  | { kind: 'cut'; at: number }
  | { kind: 'dropLines'; at: number; count: number }
  | { kind: 'repeatLines'; at: number; count: number }
  | { kind: 'swapLines'; a: number; b: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'digits'; line: number; at: number; text: string }
  | { kind: 'date'; text: string }
  | { kind: 'endings'; style: 'lf' | 'cr' | 'mixed' }
  | { kind: 'bom' }
  | { kind: 'latin1' }
  | { kind: 'longLine'; at: number; length: number }
  | { kind: 'reverseFixes' }
  | { kind: 'sameTime' }
  | { kind: 'zeroFixes'; every: number }
  | { kind: 'junk'; bytes: Uint8Array };

const ratio = fc.double({ min: 0, max: 1, noNaN: true });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: ratio, value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('cut' as const), at: ratio }),
  fc.record({ kind: fc.constant('dropLines' as const), at: ratio, count: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('repeatLines' as const), at: ratio, count: fc.integer({ min: 1, max: 50 }) }),
  fc.record({ kind: fc.constant('swapLines' as const), a: ratio, b: ratio }),
  fc.record({ kind: fc.constant('insert' as const), at: ratio, bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) }),
  fc.record({ kind: fc.constant('digits' as const), line: ratio, at: fc.integer({ min: 1, max: 34 }), text: fc.stringMatching(/^[0-9NSEWAV\-. ]{1,8}$/) }),
  fc.record({ kind: fc.constant('date' as const), text: fc.oneof(fc.stringMatching(/^[0-9]{6}$/), fc.constantFrom('000000', '320299', '311399', ':010124', 'DATE:290224,01', '', 'xx')) }),
  fc.record({ kind: fc.constant('endings' as const), style: fc.constantFrom('lf' as const, 'cr' as const, 'mixed' as const) }),
  fc.constant({ kind: 'bom' as const }),
  fc.constant({ kind: 'latin1' as const }),
  fc.record({ kind: fc.constant('longLine' as const), at: ratio, length: fc.integer({ min: 1000, max: 200_000 }) }),
  fc.constant({ kind: 'reverseFixes' as const }),
  fc.constant({ kind: 'sameTime' as const }),
  fc.record({ kind: fc.constant('zeroFixes' as const), every: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('junk' as const), bytes: fc.uint8Array({ minLength: 0, maxLength: 2048 }) }),
);

const lines = (b: Buffer) => b.toString('latin1').split(/\r\n/);
const join = (ls: string[]) => Buffer.from(ls.join('\r\n'), 'latin1');
const pos = (r: number, n: number) => Math.min(n - 1, Math.max(0, Math.floor(r * n)));

function apply(data: Buffer, o: Op): Buffer {
  switch (o.kind) {
    case 'flip': {
      if (!data.length) return data;
      const out = Buffer.from(data);
      out[pos(o.at, out.length)] = o.value;
      return out;
    }
    case 'cut':
      return data.subarray(0, Math.floor(o.at * data.length));
    case 'dropLines': {
      const ls = lines(data);
      ls.splice(pos(o.at, ls.length), o.count);
      return join(ls);
    }
    case 'repeatLines': {
      const ls = lines(data);
      const i = pos(o.at, ls.length);
      ls.splice(i, 0, ...ls.slice(i, i + o.count));
      return join(ls);
    }
    case 'swapLines': {
      const ls = lines(data);
      const [i, j] = [pos(o.a, ls.length), pos(o.b, ls.length)];
      [ls[i], ls[j]] = [ls[j]!, ls[i]!];
      return join(ls);
    }
    case 'insert': {
      const i = Math.floor(o.at * data.length);
      return Buffer.concat([data.subarray(0, i), Buffer.from(o.bytes), data.subarray(i)]);
    }
    case 'digits': {
      const ls = lines(data);
      const bIdx = ls.map((l, k) => (l.startsWith('B') ? k : -1)).filter((k) => k >= 0);
      if (!bIdx.length) return data;
      const k = bIdx[pos(o.line, bIdx.length)]!;
      const l = ls[k]!;
      ls[k] = l.slice(0, o.at) + o.text + l.slice(o.at + o.text.length);
      return join(ls);
    }
    case 'date':
      return join(lines(data).map((l) => (l.startsWith('HFDTE') ? `HFDTE${o.text}` : l)));
    case 'endings': {
      const text = data.toString('latin1');
      if (o.style === 'lf') return Buffer.from(text.replace(/\r\n/g, '\n'), 'latin1');
      if (o.style === 'cr') return Buffer.from(text.replace(/\r\n/g, '\r'), 'latin1');
      return Buffer.from(text.replace(/\r\n/g, (_m, i: number) => (i % 3 === 0 ? '\n' : i % 3 === 1 ? '\r' : '\r\n')), 'latin1');
    }
    case 'bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), data]);
    case 'latin1':
      return join(lines(data).map((l) => (l.startsWith('HFPLT') ? 'HFPLTPILOTINCHARGE: Jérôme Müller ñ' : l)));
    case 'longLine': {
      const ls = lines(data);
      ls.splice(pos(o.at, ls.length), 0, 'B' + '1'.repeat(o.length));
      return join(ls);
    }
    case 'reverseFixes': {
      const ls = lines(data);
      const b = ls.filter((l) => l.startsWith('B')).reverse();
      let k = 0;
      return join(ls.map((l) => (l.startsWith('B') ? b[k++]! : l)));
    }
    case 'sameTime':
      return join(lines(data).map((l) => (l.startsWith('B') ? `B120000${l.slice(7)}` : l)));
    case 'zeroFixes':
      return join(lines(data).map((l, k) => (l.startsWith('B') && k % o.every === 0 ? `${l.slice(0, 7)}0000000N00000000EA${l.slice(25)}` : l)));
    case 'junk':
      return Buffer.from(o.bytes);
  }
}

const igcRecipe = fc.record({ base: fc.nat(2), ops: fc.array(op, { minLength: 1, maxLength: 4 }) });

const entryName = fc.oneof(
  fc.constantFrom('a.igc', 'dir/b.IGC', '../../escape.igc', '/abs/c.igc', 'C:\\win\\d.igc', '__MACOSX/._e.igc', 'notes.txt', 'nested.zip', '', '.igc', 'x'.repeat(300) + '.igc'),
  fc.stringMatching(/^[^\0]{1,40}$/).map((s) => `${s}.igc`),
  fc.integer({ min: 1, max: 300 }).map((depth) => `${'d/'.repeat(depth)}deep.igc`),
);
const archiveRecipe = fc.record({
  tar: fc.boolean(),
  entries: fc.array(fc.record({ name: entryName, igc: igcRecipe, intact: fc.boolean() }), { minLength: 1, maxLength: 4 }),
  damage: fc.option(fc.oneof(op.filter((o) => ['flip', 'cut', 'insert'].includes(o.kind))), { nil: undefined, freq: 2 }),
});

function mutateIgc(base: Buffer[], r: { base: number; ops: Op[] }): Buffer {
  return r.ops.reduce((d, o) => apply(d, o), base[r.base]!);
}

/** `count` inputs from `seed`: about seven IGC files for every three archives. */
export function fuzzInputs(count: number, seed: number): FuzzInput[] {
  const base = bases();
  const recipes = fc.sample(fc.oneof({ arbitrary: igcRecipe.map((r) => ({ igc: r })), weight: 7 }, { arbitrary: archiveRecipe.map((a) => ({ archive: a })), weight: 3 }), { seed, numRuns: count });
  return recipes.map((recipe, i) => {
    if ('igc' in recipe) {
      return { name: `fuzz-${seed}-${i}.igc`, data: mutateIgc(base, recipe.igc), recipe: JSON.stringify(recipe.igc.ops.map((o) => o.kind)) };
    }
    const a = recipe.archive;
    const files = a.entries.map((e) => ({ name: e.name, data: e.intact ? base[e.igc.base]! : mutateIgc(base, e.igc) }));
    let packed = a.tar ? makeTarGz(files.map((f) => ({ name: f.name.slice(0, 100), data: f.data }))) : makeZip(files);
    if (a.damage) packed = apply(packed, a.damage);
    return { name: `fuzz-${seed}-${i}.${a.tar ? 'tar.gz' : 'zip'}`, data: packed, recipe: `${a.tar ? 'tar.gz' : 'zip'} of ${files.length}${a.damage ? `, ${a.damage.kind}` : ''}` };
  });
}
