import type { FlightFeature } from '../../../../contract/uploads';
import { BASE_LAYERS, DEFAULT_BASE_LAYER, FEATURE_COLOURS, extentOf, featureColour, fitPoints, highlightAltitude, markerLabels, maxZoomOf, numbersTurnpoints, taskFeatures, trackFeature } from '../map-style';

const point = (type: FlightFeature['type'], id?: string, stroke?: string): FlightFeature => ({
  type,
  id,
  properties: stroke ? { stroke } : {},
  geometry: { type: 'Point', points: [{ latitude: 46, longitude: 8 }] },
});
const track: FlightFeature = { type: 'flight', id: 'flight', geometry: { type: 'LineString', points: [{ latitude: 46, longitude: 8 }, { latitude: 46.1, longitude: 8.2 }] } };

describe('map rules', () => {
  it('offers Street (default), Topo and Satellite with their zoom limits', () => {
    expect(BASE_LAYERS.map((l) => l.name)).toEqual(['street', 'topo', 'satellite']);
    expect(DEFAULT_BASE_LAYER).toBe('street');
    expect([maxZoomOf('street'), maxZoomOf('topo'), maxZoomOf('satellite')]).toEqual([19, 17, 19]);
  });

  it('colours features by type, and an explicit stroke wins', () => {
    const hue = (type: FlightFeature['type']) => featureColour(point(type));
    expect(hue('tp')).toBe(FEATURE_COLOURS.tp);
    expect(FEATURE_COLOURS.tp).toMatch(/^#ff(d|e)/i); // yellow
    expect(FEATURE_COLOURS.seg).toMatch(/^#00[cd]/i); // cyan
    expect(FEATURE_COLOURS.launch).toMatch(/^#1e5bff/i); // blue
    expect(new Set([FEATURE_COLOURS.land, FEATURE_COLOURS.flight, FEATURE_COLOURS.ep_finish]).size).toBe(1); // all red
    expect(FEATURE_COLOURS.ep_start).toMatch(/^#1fbf3a/i); // green
    expect(featureColour(point('tp', 'tp0', '#123456'))).toBe('#123456');
  });

  it('numbers turnpoints TP1… in id order only for fai and tri', () => {
    const features = [point('tp', 'tp2'), point('launch', 'launch'), point('tp', 'tp0'), point('tp', 'tp1')];
    const labels = markerLabels(features, 'fai');
    expect(features.map((f) => labels.get(f))).toEqual(['TP3', null, 'TP1', 'TP2']);
    expect(numbersTurnpoints('tri')).toBe(true);
    expect(numbersTurnpoints('od')).toBe(false);
    const plain = markerLabels(features, 'od');
    expect(features.map((f) => plain.get(f))).toEqual([null, null, null, null]);
  });

  it('separates the track from the task features', () => {
    const features = [point('tp', 'tp0'), track, point('land', 'land')];
    expect(trackFeature(features)).toBe(track);
    expect(taskFeatures(features).map((f) => f.id)).toEqual(['tp0', 'land']);
    expect(trackFeature(undefined)).toBeUndefined();
  });

  it('shows barometric altitude, else GPS, else 0', () => {
    expect(highlightAltitude({ baroAltitude: 1234.6, gpsAltitude: 1300 })).toBe(1235);
    expect(highlightAltitude({ gpsAltitude: 1300.2 })).toBe(1300);
    expect(highlightAltitude({ baroAltitude: 0, gpsAltitude: 900 })).toBe(900);
    expect(highlightAltitude({})).toBe(0);
  });

  it('computes the extent of a track', () => {
    expect(extentOf(track.geometry.points)).toEqual([8, 46, 8.2, 46.1]);
    expect(extentOf([])).toBeNull();
  });

  it('fits the track, else the task, with the placed photos; nothing without a track or task', () => {
    const farPhoto = { latitude: 45.9, longitude: 8.6 };
    expect(extentOf(fitPoints([track, point('tp', 'tp0')], [farPhoto]))).toEqual([8, 45.9, 8.6, 46.1]);
    expect(extentOf(fitPoints([track], []))).toEqual([8, 46, 8.2, 46.1]);
    expect(extentOf(fitPoints([point('launch'), point('land')], [farPhoto]))).toEqual([8, 45.9, 8.6, 46]);
    expect(fitPoints(undefined, [farPhoto])).toEqual([]);
    expect(fitPoints([{ ...track, geometry: { type: 'LineString', points: [] } }], [farPhoto])).toEqual([]);
  });
});
