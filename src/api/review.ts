import type { ReviewDecisionBody, ReviewList } from '../../contract/community';
import { api } from './base';
import { FLIGHT_VIEWS } from './flights';

/**
 * docs/community.md "Publish after I review": the new flights of a pilot who chose it wait, private, in a
 * review list until published (one, or all) or kept private. The list is tagged with the flight list, so
 * every upload and change of a flight refreshes it.
 */
export const reviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    reviewList: build.query<ReviewList, void>({ query: () => '/FlightDetail/review', providesTags: [{ type: 'Flight', id: 'LIST' }] }),
    decideReview: build.mutation<{ changed: number }, ReviewDecisionBody>({
      query: (body) => ({ url: '/FlightDetail/review', method: 'POST', body }),
      invalidatesTags: (_r, _e, { flightId }) => [...FLIGHT_VIEWS, 'PublicPilot', ...(flightId === undefined ? [] : [{ type: 'Flight' as const, id: flightId }, { type: 'Share' as const, id: flightId }])],
    }),
  }),
});

export const { useReviewListQuery, useDecideReviewMutation } = reviewApi;
