import type { FlightMapController } from '../components/map/flight-map';

/** The OpenLayers map's controller as tests see it (jsdom has no canvas): every method a jest mock. */
export const mockMapController = (): jest.Mocked<FlightMapController> => ({
  setTiles: jest.fn(),
  setBaseLayer: jest.fn(),
  setFeatures: jest.fn(),
  fitFlight: jest.fn(),
  setTaskVisible: jest.fn(),
  setHighlight: jest.fn(),
  setClimbColouring: jest.fn(),
  setThermalMarkers: jest.fn(),
  drawnThermals: jest.fn(() => ({ groups: [], active: null })),
  setAreas: jest.fn(),
  onHoverPoint: jest.fn(),
  setPhotoMarkers: jest.fn(),
  onPhotoClick: jest.fn(),
  updateSize: jest.fn(),
  dispose: jest.fn(),
});
