import type { ScoringPreference, ScoringRules } from '../../contract/scoring';
import { api } from './base';

/** While flights are re-scored, the preference is asked for again this often (ms). */
export const RESCORING_POLL_MS = 1500;

/** The pilot's league; changing it re-scores every flight in the background. */
export const scoringApi = api.injectEndpoints({
  endpoints: (build) => ({
    scoringPreference: build.query<ScoringPreference, void>({ query: () => '/profile/scoring', providesTags: ['Profile'] }),
    setScoringRules: build.mutation<ScoringPreference, ScoringRules>({
      query: (scoringRules) => ({ url: '/profile/scoring', method: 'PUT', body: { scoringRules } }),
      async onQueryStarted(_rules, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(scoringApi.util.upsertQueryData('scoringPreference', undefined, data));
        } catch {
          // The page shows the refusal; the stored preference is unchanged.
        }
      },
    }),
  }),
});

export const { useScoringPreferenceQuery, useSetScoringRulesMutation } = scoringApi;
