import { distanceKm } from '../../src/analysis/geo';
import { allTowns } from '../../src/analysis/places';
import { encodeTowns, TownsIndex, type Town } from '../../src/analysis/towns';

/** The plain answer: every town, nearest within the limit. */
function bruteForce(towns: Town[], p: { latitude: number; longitude: number }, maxKm: number) {
  let best: Town | null = null;
  let bestKm = maxKm;
  for (const t of towns) {
    const d = distanceKm(p, { latitude: t.lat, longitude: t.lon });
    if (d < bestKm) [best, bestKm] = [t, d];
  }
  return best?.name ?? null;
}

describe('the compact towns index', () => {
  const towns = allTowns();
  const index = new TownsIndex(encodeTowns(towns));

  it('names the same nearest town as a search over every town', () => {
    const places = [
      { latitude: 45.899, longitude: 6.129 }, // Annecy
      { latitude: 46.685, longitude: 7.863 }, // Interlaken
      { latitude: -33.92, longitude: 18.42 }, // Cape Town
      { latitude: 64.15, longitude: -21.94 }, // Reykjavík
      { latitude: 35.68, longitude: 139.69 }, // Tokyo
      { latitude: 45.5, longitude: 6.5 }, // between valleys
      { latitude: -16.5, longitude: 179.9 }, // Fiji, beside the antimeridian
    ];
    for (const p of places) expect([p, index.nearest(p, 50)]).toEqual([p, bruteForce(towns, p, 50)]);
  });

  it('leaves a point far from any town unnamed', () => {
    expect(index.nearest({ latitude: -50, longitude: -120 }, 50)).toBeNull();
  });

  it('keeps names with any letters', () => {
    const mine = new TownsIndex(encodeTowns([{ name: 'Brünn – Ústí', lat: 49.2, lon: 16.6 }, { name: 'Zürich', lat: 47.37, lon: 8.54 }]));
    expect(mine.nearest({ latitude: 49.21, longitude: 16.61 }, 50)).toBe('Brünn – Ústí');
    expect(mine.nearest({ latitude: 47.4, longitude: 8.5 }, 50)).toBe('Zürich');
  });

  it('shares one buffer between readers (a SharedArrayBuffer, as the analysis threads get it)', () => {
    const shared = encodeTowns(towns.slice(0, 1000), (n) => new SharedArrayBuffer(n));
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    const reader = new TownsIndex(new Uint8Array(shared.buffer));
    const t = towns[500]!;
    expect(reader.nearest({ latitude: t.lat, longitude: t.lon }, 1)).toBe(bruteForce(towns.slice(0, 1000), { latitude: t.lat, longitude: t.lon }, 1));
  });

  it('refuses a damaged buffer', () => {
    expect(() => new TownsIndex(encodeTowns(towns.slice(0, 10)).subarray(0, 1000))).toThrow('damaged');
  });
});
