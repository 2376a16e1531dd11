import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The folder-level import graph of server/src, read with the TypeScript compiler's own import
// scanner (static imports, re-exports, import() and type-only imports alike: a type import ties two
// areas together as much as a value import). An area is a folder directly under server/src; the
// files directly in server/src (main.ts, app.ts, services.ts, the CLIs, config.ts, services-types.ts)
// are the composition root, which may import any area's face and is not itself an area.
// docs/architecture.md says why areas have faces and no folder cycles.

export const SERVER_SRC = path.resolve(__dirname, '../src');

export interface ImportEdge {
  /** The importing file, relative to server/src. */
  from: string;
  /** The imported file, relative to server/src. */
  to: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|cjs|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolveImport(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, `${base}.cjs`, path.join(base, 'index.ts')];
  for (const candidate of candidates) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** Every relative import between two files of server/src. */
export function importEdges(root = SERVER_SRC): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(root)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const imported of info.importedFiles) {
      const target = resolveImport(file, imported.fileName);
      if (target === undefined || !target.startsWith(root + path.sep)) continue;
      edges.push({ from: path.relative(root, file), to: path.relative(root, target) });
    }
  }
  return edges;
}

/** The area a file belongs to, or undefined for the composition root's files. */
export function areaOf(file: string): string | undefined {
  const parts = file.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

export function areas(root = SERVER_SRC): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Folder-level arrows: area → the areas it imports. */
export function folderGraph(edges: ImportEdge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const a = areaOf(from);
    const b = areaOf(to);
    if (a === undefined || b === undefined || a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)!.add(b);
  }
  return graph;
}

/** Strongly connected components with more than one area (Tarjan): each is a knot of folder cycles. */
export function folderCycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const knots: string[][] = [];
  const nodes = new Set<string>([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s])]);
  const visit = (v: string): void => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const knot: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        knot.push(w);
      } while (w !== v);
      if (knot.length > 1) knots.push(knot.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!indices.has(v)) visit(v);
  return knots;
}

/** Imports of another area's inner file: only `<area>/index.ts` is an area's face. */
export function innerImports(edges: ImportEdge[]): ImportEdge[] {
  return edges.filter(({ from, to }) => {
    const b = areaOf(to);
    if (b === undefined || areaOf(from) === b) return false;
    return to !== path.join(b, 'index.ts');
  });
}
