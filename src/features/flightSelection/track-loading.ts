// docs/product.md §4 Selection and §9: how the selected flight's track loads, and which tracks are preloaded.
import { useCallback, useEffect, useState } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import type { FlightFeature } from '../../../contract/uploads';
import { PATH_CACHE_SECONDS, flightsApi, useFeaturesQuery } from '../../api/flights';
import { usePublicFeaturesQuery } from '../../api/sharing';
import { useAppDispatch } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';

/** Flights longer than this (seconds) show the low-resolution track first. */
export const LOW_RES_FIRST_SECONDS = 3 * 3600;
/** Then the full track is asked for after this delay. */
export const FULL_RES_DELAY_MS = 100;
export const PRELOAD_DELAY_MS = 2000;
export const PRELOAD_CONCURRENCY = 3;

/** docs/product.md §9: a track request still pending after this long is given up, so the next ask makes a new one. */
export const PENDING_EXPIRY_MS = 60_000;

export const startsLowRes = (flightTime: number | null | undefined) => (flightTime ?? 0) > LOW_RES_FIRST_SECONDS;

export interface TrackState {
  features: FlightFeature[] | undefined;
  /** Which resolution `features` is. */
  resolution: 'low' | 'full' | null;
  loading: boolean;
  error: unknown;
  failed: boolean;
}

/**
 * The features (track and task) of one flight. Nothing is asked for until the flight is Completed;
 * long flights ask for the low-resolution track at once and the full one 100 ms later. Only answers
 * for this flight are returned (currentData), so a late answer for another flight is never shown.
 */
export function useFlightTrack(flight: Pick<FlightSummary, 'id' | 'status' | 'flightTime'> | null | undefined): TrackState {
  const id = flight?.id ?? 0;
  const completed = flight?.status === 'Completed';
  const long = startsLowRes(flight?.flightTime);
  const fullAllowed = useFullResolutionAfterDelay(id, completed && long);

  const low = useFeaturesQuery({ id, lowRes: true }, { skip: !completed || !long });
  const full = useFeaturesQuery({ id, lowRes: false }, { skip: !completed || (long && !fullAllowed) });
  useRenewWhenHung(id, true, low);
  useRenewWhenHung(id, false, full);

  if (!flight) return { features: undefined, resolution: null, loading: false, error: null, failed: false };
  if (flight.status === 'Failed') return { features: undefined, resolution: null, loading: false, error: null, failed: true };
  if (!completed) return { features: undefined, resolution: null, loading: true, error: null, failed: false };
  return finestTrack(low, full);
}

/**
 * The track of a shared flight, asked for the same way: a visitor only ever sees a
 * flight whose track is ready, so there is no status to wait for.
 */
export function usePublicTrack(token: string, flight: Pick<FlightSummary, 'flightTime' | 'source'> | null | undefined): TrackState {
  const ready = !!flight && flight.source !== 'manual';
  const long = startsLowRes(flight?.flightTime);
  const fullAllowed = useFullResolutionAfterDelay(token, ready && long);
  const low = usePublicFeaturesQuery({ token, lowRes: true }, { skip: !ready || !long });
  const full = usePublicFeaturesQuery({ token, lowRes: false }, { skip: !ready || (long && !fullAllowed) });
  if (!ready) return { features: undefined, resolution: null, loading: false, error: null, failed: false };
  return finestTrack(low, full);
}

/** True FULL_RES_DELAY_MS after `enabled` became true for this key (a long flight shows its low-resolution track first). */
function useFullResolutionAfterDelay(key: string | number, enabled: boolean) {
  const [allowedFor, setAllowedFor] = useState<string | number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setAllowedFor(key), FULL_RES_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, enabled]);
  return allowedFor === key;
}

type FeaturesQuery = { currentData?: FlightFeature[]; error?: unknown };

/** The finest track answered so far; only answers for this flight count (currentData), so a late one for another is never shown. */
function finestTrack(low: FeaturesQuery, full: FeaturesQuery): TrackState {
  const features = full.currentData ?? low.currentData;
  const resolution = full.currentData ? 'full' : low.currentData ? 'low' : null;
  // A request given up as hung (aborted) is being asked again: still loading, not a failure.
  const error = features ? null : ([full.error, low.error].find((e) => e && !isAborted(e)) ?? null);
  return { features, resolution, loading: !features && !error, error, failed: false };
}

const isAborted = (error: unknown) => typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

type FeaturesArg = { id: number; lowRes: boolean };

/** Gives up the request under way for these features (a hung one is otherwise reused for ever) and asks again. */
async function renewTrackRequest(dispatch: AppDispatch, arg: FeaturesArg) {
  const running = dispatch(flightsApi.util.getRunningQueryThunk('features', arg));
  if (running) {
    running.abort();
    await running;
  }
  dispatch(flightsApi.endpoints.features.initiate(arg, { subscribe: false, forceRefetch: true }));
}

/** Renews the request for these features once it has been pending for PENDING_EXPIRY_MS. */
function useRenewWhenHung(id: number, lowRes: boolean, query: { isFetching: boolean; startedTimeStamp?: number }) {
  const dispatch = useAppDispatch();
  const startedAt = query.isFetching ? query.startedTimeStamp : undefined;
  useEffect(() => {
    if (startedAt === undefined) return;
    const timer = setTimeout(() => void renewTrackRequest(dispatch, { id, lowRes }), Math.max(0, startedAt + PENDING_EXPIRY_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [dispatch, id, lowRes, startedAt]);
}

/**
 * Asks for the track a flight shows first as soon as the pointer goes down on it, a few frames
 * before the click selects it; the selection then finds the request under way (or done).
 */
export function usePrefetchTrack() {
  const dispatch = useAppDispatch();
  return useCallback(
    (flight: Pick<FlightSummary, 'id' | 'status' | 'flightTime'>) => {
      if (flight.status !== 'Completed') return;
      dispatch(flightsApi.util.prefetch('features', { id: flight.id, lowRes: startsLowRes(flight.flightTime) }, { ifOlderThan: PATH_CACHE_SECONDS }));
    },
    [dispatch],
  );
}

type Preloadable = Pick<FlightSummary, 'id' | 'status' | 'flightTime' | 'startTime'>;

/** Completed flights, newest start first, then longest. */
export function preloadOrder<T extends Preloadable>(flights: readonly T[]): T[] {
  return flights
    .filter((f) => f.status === 'Completed')
    .sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? '') || (b.flightTime ?? 0) - (a.flightTime ?? 0));
}

/**
 * 2 s after the list loads, fetches the tracks each flight will show first, at most three at once.
 * A new list cancels what is left; failures are only logged.
 */
export function usePreloadTracks(flights: readonly Preloadable[] | undefined) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!flights?.length) return;
    let cancelled = false;
    const queue = preloadOrder(flights);
    const worker = async () => {
      for (let next = queue.shift(); next && !cancelled; next = queue.shift()) {
        const request = dispatch(flightsApi.endpoints.features.initiate({ id: next.id, lowRes: startsLowRes(next.flightTime) }, { subscribe: false }));
        // A hung request would hold this worker for ever (docs/product.md §9: pending records expire after 60 s).
        const expiry = setTimeout(() => request.abort(), PENDING_EXPIRY_MS);
        try {
          await request.unwrap();
        } catch (error) {
          console.error('Preloading a flight track failed', error);
        } finally {
          clearTimeout(expiry);
        }
      }
    };
    const timer = setTimeout(() => {
      for (let i = 0; i < PRELOAD_CONCURRENCY; i++) void worker();
    }, PRELOAD_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [flights, dispatch]);
}
