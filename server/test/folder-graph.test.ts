import { areas, folderCycles, folderGraph, importEdges, innerImports } from './folder-graph';

// The areas of server/src import each other only through their faces (`<area>/index.ts`) and form
// layers with no folder-level cycle (docs/architecture.md, "Areas and their faces").
describe('the folder graph of server/src', () => {
  const edges = importEdges();
  const graph = folderGraph(edges);

  it('reads the imports (the graph is not empty)', () => {
    expect(areas().length).toBeGreaterThan(20);
    expect([...graph.values()].reduce((n, s) => n + s.size, 0)).toBeGreaterThan(20);
  });

  it('has no folder-level cycle', () => {
    expect(folderCycles(graph)).toEqual([]);
  });

  it('imports another area only through its index.ts', () => {
    expect(innerImports(edges).map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });
});
