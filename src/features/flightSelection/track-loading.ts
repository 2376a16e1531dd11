// SPEC §4 Selection and §9: how the selected flight's track loads, and which tracks are preloaded.
import { useEffect, useState } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import type { FlightFeature } from '../../../contract/uploads';
import { PATH_CACHE_SECONDS, flightsApi, useFeaturesQuery } from '../../api/flights';
import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';

/** Flights longer than this (seconds) show the low-resolution track first. */
export const LOW_RES_FIRST_SECONDS = 3 * 3600;
/** Then the full track is asked for after this delay. */
export const FULL_RES_DELAY_MS = 100;
export const PRELOAD_DELAY_MS = 2000;
export const PRELOAD_CONCURRENCY = 3;

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
  const [fullAllowedFor, setFullAllowedFor] = useState<number | null>(null);

  useEffect(() => {
    if (!completed || !long) return;
    const timer = setTimeout(() => setFullAllowedFor(id), FULL_RES_DELAY_MS);
    return () => clearTimeout(timer);
  }, [id, completed, long]);

  const low = useFeaturesQuery({ id, lowRes: true }, { skip: !completed || !long });
  const full = useFeaturesQuery({ id, lowRes: false }, { skip: !completed || (long && fullAllowedFor !== id) });

  if (!flight) return { features: undefined, resolution: null, loading: false, error: null, failed: false };
  if (flight.status === 'Failed') return { features: undefined, resolution: null, loading: false, error: null, failed: true };
  if (!completed) return { features: undefined, resolution: null, loading: true, error: null, failed: false };
  const features = full.currentData ?? low.currentData;
  const resolution = full.currentData ? 'full' : low.currentData ? 'low' : null;
  const error = features ? null : (full.error ?? low.error ?? null);
  return { features, resolution, loading: !features && !error, error, failed: false };
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
        try {
          await request.unwrap();
        } catch (error) {
          console.error('Preloading a flight track failed', error);
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
