import type { Nearby, Place, PlaceDay } from '../../contract/community';
import { api } from './base';

const id = (value: string | number) => encodeURIComponent(String(value));

/**
 * Places shared by pilots and "who flew here today" (docs/community.md). All public reads except
 * the pilot's own flight's nearby answer, which needs the session. Tagged `Places`: the flight changes
 * that move a place's flights invalidate them with the other flight views (`FLIGHT_VIEWS` in api/flights.ts).
 */
export const placesApi = api.injectEndpoints({
  endpoints: (build) => ({
    place: build.query<Place, string>({ query: (place) => `/places/${id(place)}`, providesTags: ['Places'] }),
    placeDay: build.query<PlaceDay, { id: string; date: string }>({ query: (arg) => `/places/${id(arg.id)}/days/${id(arg.date)}`, providesTags: ['Places'] }),
    publicNearby: build.query<Nearby, string>({ query: (token) => `/public/flights/${id(token)}/nearby`, providesTags: ['Places'] }),
    flightNearby: build.query<Nearby, number>({ query: (flightId) => `/FlightDetail/${id(flightId)}/nearby`, providesTags: ['Places'] }),
  }),
});

export const { usePlaceQuery, usePlaceDayQuery, usePublicNearbyQuery, useFlightNearbyQuery } = placesApi;
