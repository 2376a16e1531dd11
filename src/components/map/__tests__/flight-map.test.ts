import View from 'ol/View';
import { toLonLat } from 'ol/proj';
import type { FlightFeature } from '../../../../contract/uploads';
import { createFlightMap, type FlightMapController } from '../flight-map';

// The real OpenLayers wiring in jsdom: nothing is drawn (no canvas), but the view is fitted all the same.
const track: FlightFeature = { type: 'flight', id: 'flight', geometry: { type: 'LineString', points: [{ latitude: 46, longitude: 8 }, { latitude: 46.1, longitude: 8.2 }] } };
const summit = { id: 1, latitude: 45, longitude: 10, label: 'summit.jpg' };

let map: FlightMapController;
let fit: jest.SpyInstance;
/** [west, south, east, north] the view was last fitted to, in degrees, rounded to 1e-6. */
const fittedTo = () => {
  const extent = fit.mock.lastCall![0] as number[];
  return [...toLonLat(extent.slice(0, 2)), ...toLonLat(extent.slice(2))].map((v) => Math.round(v * 1e6) / 1e6);
};

beforeEach(() => {
  // OpenLayers watches its element's size; jsdom has no ResizeObserver.
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  fit = jest.spyOn(View.prototype, 'fit');
  map = createFlightMap(document.body.appendChild(document.createElement('div')), () => undefined);
});
afterEach(() => {
  map.dispose();
  jest.restoreAllMocks();
});

describe('flight map view', () => {
  it('fits the track alone when there are no photos', () => {
    map.setFeatures([track], null, true);
    expect(fittedTo()).toEqual([8, 46, 8.2, 46.1]);
  });

  it('fits the track and the photo markers drawn, at the fit or when asked again', () => {
    map.setPhotoMarkers([summit], null);
    map.setFeatures([track], null, true);
    expect(fittedTo()).toEqual([8, 45, 10, 46.1]);

    map.setPhotoMarkers([], null);
    map.fitFlight();
    expect(fittedTo()).toEqual([8, 46, 8.2, 46.1]);
    map.setPhotoMarkers([{ ...summit, latitude: 47, longitude: 7 }], null);
    map.fitFlight();
    expect(fittedTo()).toEqual([7, 46, 8.2, 47]);
  });

  it('does not fit photos without a track or task', () => {
    map.setPhotoMarkers([summit], null);
    map.setFeatures([], null, false);
    map.fitFlight();
    expect(fit).not.toHaveBeenCalled();
  });
});

describe('thermal markers', () => {
  // Ten thermals within 100 m of each other at one end of the track, one at the other end.
  const near = Array.from({ length: 10 }, (_, i) => ({ latitude: 46 + i / 10_000, longitude: 8, label: String(i + 1) }));
  const far = { latitude: 46.1, longitude: 8.2, label: '11' };
  const drawnCount = () => {
    const drawn = map.drawnThermals();
    return drawn.groups.reduce((n, g) => n + g.length, 0) + (drawn.active ? 1 : 0);
  };

  it('groups the thermals that would overlap into one disc and keeps every thermal counted', () => {
    map.setFeatures([track], null, true);
    map.setThermalMarkers([...near, far]);
    const { groups, active } = map.drawnThermals();
    expect(groups.map((g) => g.length).sort((a, b) => a - b)).toEqual([1, 10]);
    expect(groups.find((g) => g.length === 1)).toEqual(['11']);
    expect(active).toBeNull();
    expect(drawnCount()).toBe(11);
  });

  it('parts the group when zoomed in close', () => {
    map.setFeatures([track], null, true);
    map.setThermalMarkers([...near, far]);
    (fit.mock.contexts[0] as View).setZoom(19);
    expect(map.drawnThermals().groups.every((g) => g.length === 1)).toBe(true);
    expect(drawnCount()).toBe(11);
  });

  it('draws the active thermal apart from its group', () => {
    map.setFeatures([track], null, true);
    map.setThermalMarkers([...near.map((m) => (m.label === '4' ? { ...m, active: true } : m)), far]);
    const { groups, active } = map.drawnThermals();
    expect(active).toBe('4');
    expect(groups.flat()).not.toContain('4');
    expect(groups.map((g) => g.length).sort((a, b) => a - b)).toEqual([1, 9]);
    expect(drawnCount()).toBe(11);
  });
});
