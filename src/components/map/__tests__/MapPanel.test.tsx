import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlightFeature } from '../../../../contract/uploads';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { createFlightMap, type FlightMapController } from '../flight-map';
import { MapPanel, type MapPanelProps } from '../MapPanel';
import { useState } from 'react';
import { mockMapController } from '../../../testing/map-controller';

/** Renders the panel once and lets a test change its props, as a parent would. */
function renderPanel(initial: MapPanelProps) {
  let setProps: (p: MapPanelProps) => void = () => undefined;
  function Host() {
    const [props, set] = useState(initial);
    setProps = set;
    return <MapPanel {...props} />;
  }
  const result = renderWithProviders(<Host />);
  return { ...result, rerender: (props: MapPanelProps) => act(() => setProps(props)) };
}

// OpenLayers draws on a canvas jsdom does not have: the wiring is replaced, its calls are checked here
// and the drawing itself in the browser journey (e2e/dashboard.test.ts).
jest.mock('../flight-map', () => ({ createFlightMap: jest.fn() }));
const create = createFlightMap as jest.MockedFunction<typeof createFlightMap>;

let controller: jest.Mocked<FlightMapController>;
let wheelWithoutCtrl: () => void;
const tiles = { street: 'https://street/{z}/{x}/{y}.png', topo: 'https://topo/{z}/{x}/{y}.png', satellite: 'https://sat/{z}/{y}/{x}' };

beforeEach(() => {
  controller = mockMapController();
  create.mockImplementation((_target, onWheel) => {
    wheelWithoutCtrl = onWheel;
    return controller;
  });
  mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles } } });
});
afterEach(() => jest.restoreAllMocks());

const track: FlightFeature = { type: 'flight', id: 'flight', geometry: { type: 'LineString', points: [{ latitude: 46, longitude: 8 }, { latitude: 46.1, longitude: 8.1 }] } };
const tp: FlightFeature = { type: 'tp', id: 'tp0', geometry: { type: 'Point', points: [{ latitude: 46, longitude: 8 }] } };

describe('MapPanel', () => {
  it('builds the map once, on Street, with the configured tile addresses', async () => {
    const { rerender } = renderPanel({ empty: true });
    expect(create).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(controller.setTiles).toHaveBeenCalledWith(tiles));
    expect(controller.setBaseLayer).toHaveBeenLastCalledWith('street');
    expect(screen.getByRole('button', { name: 'Street' })).toHaveAttribute('aria-pressed', 'true');
    rerender({ features: [track], fitKey: 1 });
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('shows the placeholder, the loading overlay or the error', () => {
    const { rerender } = renderPanel({ empty: true });
    expect(screen.getByText('Select a flight to view its path')).toBeInTheDocument();
    rerender({ loading: true });
    expect(screen.getByTestId('map-loading')).toBeInTheDocument();
    expect(screen.queryByText('Select a flight to view its path')).not.toBeInTheDocument();
    rerender({ error: 'Flight processing failed' });
    expect(screen.getByRole('alert')).toHaveTextContent('Flight processing failed');
    expect(screen.queryByTestId('map-loading')).not.toBeInTheDocument();
  });

  it('switches base layers', async () => {
    renderPanel({});
    await userEvent.click(screen.getByRole('button', { name: 'Topo' }));
    expect(controller.setBaseLayer).toHaveBeenLastCalledWith('topo');
    expect(screen.getByRole('button', { name: 'Topo' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Street' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Satellite' }));
    expect(controller.setBaseLayer).toHaveBeenLastCalledWith('satellite');
  });

  it('fits a new flight once; a finer track of the same flight keeps the view', () => {
    const { rerender } = renderPanel({ features: [track, tp], flightCode: 'fai', fitKey: 1 });
    expect(controller.setFeatures).toHaveBeenLastCalledWith([track, tp], 'fai', true);
    const finer = [{ ...track, geometry: { ...track.geometry, points: [...track.geometry.points, { latitude: 46.2, longitude: 8.2 }] } }, tp];
    rerender({ features: finer, flightCode: 'fai', fitKey: 1 });
    expect(controller.setFeatures).toHaveBeenLastCalledWith(finer, 'fai', false);
    rerender({ features: undefined, fitKey: 2 });
    expect(controller.setFeatures).toHaveBeenLastCalledWith(undefined, undefined, false);
    rerender({ features: [track], fitKey: 2 });
    expect(controller.setFeatures).toHaveBeenLastCalledWith([track], undefined, true);
  });

  it('fits a flight with its photos: those known at the fit, else once more when they arrive; the track alone without photos', () => {
    const far = [{ id: 7, latitude: 45.2, longitude: 9.5, label: 'summit.jpg' }];
    // Without photos the track alone is fitted, and nothing more.
    const { rerender } = renderPanel({ features: [track], fitKey: 1 });
    expect(controller.setFeatures).toHaveBeenLastCalledWith([track], undefined, true);
    rerender({ features: [track], fitKey: 1, photoMarkers: [] });
    expect(controller.fitFlight).not.toHaveBeenCalled();

    // Photos arriving after the fit: the markers are drawn, then the view fits again, once.
    rerender({ features: [track], fitKey: 1, photoMarkers: far });
    expect(controller.setPhotoMarkers).toHaveBeenLastCalledWith(far, null);
    expect(controller.fitFlight).toHaveBeenCalledTimes(1);
    expect(controller.setPhotoMarkers.mock.invocationCallOrder.at(-1)).toBeLessThan(controller.fitFlight.mock.invocationCallOrder[0]!);
    rerender({ features: [track], fitKey: 1, photoMarkers: far, selectedPhotoId: 7 });
    rerender({ features: [{ ...track }], fitKey: 1, photoMarkers: [...far] });
    expect(controller.fitFlight).toHaveBeenCalledTimes(1);

    // Photos known when the next flight is fitted: they are in that fit, drawn before it.
    controller.setFeatures.mockClear();
    rerender({ features: [track], fitKey: 2, photoMarkers: far });
    expect(controller.setFeatures).toHaveBeenLastCalledWith([track], undefined, true);
    expect(controller.setPhotoMarkers.mock.invocationCallOrder.at(-1)).toBeLessThan(controller.setFeatures.mock.invocationCallOrder.at(-1)!);
    expect(controller.fitFlight).toHaveBeenCalledTimes(1);
  });

  it('toggles the task, offered only when there is one', async () => {
    const { rerender } = renderPanel({ features: [track], fitKey: 1 });
    expect(screen.queryByRole('button', { name: 'Hide Task' })).not.toBeInTheDocument();
    rerender({ features: [track, tp], fitKey: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Hide Task' }));
    expect(controller.setTaskVisible).toHaveBeenLastCalledWith(false);
    await userEvent.click(screen.getByRole('button', { name: 'Show Task' }));
    expect(controller.setTaskVisible).toHaveBeenLastCalledWith(true);
  });

  it('passes the highlighted point', () => {
    const point = { latitude: 46, longitude: 8, baroAltitude: 1500 };
    const { rerender } = renderPanel({ features: [track], highlightedPoint: point });
    expect(controller.setHighlight).toHaveBeenLastCalledWith(point);
    rerender({ features: [track], highlightedPoint: null });
    expect(controller.setHighlight).toHaveBeenLastCalledWith(null);
  });

  it('hints to hold Ctrl for 1.8 seconds after a wheel without it', () => {
    jest.useFakeTimers();
    try {
      renderPanel({});
      act(() => wheelWithoutCtrl());
      expect(screen.getByText('Hold Ctrl (Strg) to zoom the map')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1700));
      act(() => wheelWithoutCtrl()); // another turn of the wheel restarts the 1.8 s
      act(() => jest.advanceTimersByTime(1700));
      expect(screen.getByText('Hold Ctrl (Strg) to zoom the map')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(150));
      expect(screen.queryByText('Hold Ctrl (Strg) to zoom the map')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('draws the photo markers, the selected one apart, and hands a marker click to the page', () => {
    const onPhotoClick = jest.fn();
    const markers = [{ id: 7, latitude: 46, longitude: 8, label: 'lake.jpg, 10:20' }];
    const { rerender } = renderPanel({ features: [track], photoMarkers: markers, onPhotoClick });
    expect(controller.setPhotoMarkers).toHaveBeenLastCalledWith(markers, null);
    rerender({ features: [track], photoMarkers: markers, selectedPhotoId: 7, onPhotoClick });
    expect(controller.setPhotoMarkers).toHaveBeenLastCalledWith(markers, 7);
    controller.onPhotoClick.mock.lastCall![0]!(7);
    expect(onPhotoClick).toHaveBeenCalledWith(7);
    rerender({ features: [track] });
    expect(controller.setPhotoMarkers).toHaveBeenLastCalledWith([], null);
    expect(controller.onPhotoClick).toHaveBeenLastCalledWith(null);
  });

  it('disposes of the map when it goes away', () => {
    const { unmount } = renderPanel({});
    unmount();
    expect(controller.dispose).toHaveBeenCalled();
  });
});
