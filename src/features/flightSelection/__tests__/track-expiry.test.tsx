import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { PENDING_EXPIRY_MS, useFlightTrack } from '../track-loading';

const flight = { id: 5, status: 'Completed', flightTime: 1800 };
const features = [{ type: 'track', points: [] }];

/** Every text the pilot was shown, in order. */
let shown: string[] = [];
function Track() {
  const track = useFlightTrack(flight);
  const text = track.error ? 'Track failed' : track.features ? `Track shown (${track.resolution})` : 'Loading track';
  if (shown.at(-1) !== text) shown.push(text);
  return <p>{text}</p>;
}

/** The first track request hangs (as a dead connection would) until it is aborted; later ones answer. */
function serverWithOneHungRequest() {
  const requests: string[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    requests.push(new URL(request.url).pathname);
    if (requests.length > 1) return Promise.resolve(new Response(JSON.stringify(features), { headers: { 'content-type': 'application/json' } }));
    return new Promise((_resolve, reject) => request.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
  });
  return requests;
}

beforeEach(() => {
  jest.useFakeTimers();
  shown = [];
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('docs/product.md §9: a track request still pending after 60 s is given up and asked again, and the track shows', async () => {
  const requests = serverWithOneHungRequest();
  renderWithProviders(<Track />);
  await act(async () => jest.advanceTimersByTime(PENDING_EXPIRY_MS - 1000));
  expect(requests).toEqual(['/api/FlightDetail/5/features']);
  expect(screen.getByText('Loading track')).toBeInTheDocument();
  await act(async () => jest.advanceTimersByTime(1000));
  expect(await screen.findByText('Track shown (full)')).toBeInTheDocument();
  expect(requests).toEqual(['/api/FlightDetail/5/features', '/api/FlightDetail/5/features']);
  // The given-up request is never shown as a failure.
  expect(shown).toEqual(['Loading track', 'Track shown (full)']);
});

test('PENDING_EXPIRY_MS is the 60 s of docs/product.md §9', () => {
  expect(PENDING_EXPIRY_MS).toBe(60_000);
});
