import type { CompareAnswer } from '../../contract/compare';
import { api } from './base';

/** Compare and replay (docs/compare.md): own flights by id need the session, public tokens do not. */
export const compareApi = api.injectEndpoints({
  endpoints: (build) => ({
    compare: build.query<CompareAnswer, readonly string[]>({ query: (refs) => ({ url: '/compare', params: { f: refs.join(',') } }) }),
  }),
});

export const { useCompareQuery } = compareApi;
