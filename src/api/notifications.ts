import type { Notifications } from '../../contract/notifications';
import { api } from './base';

/**
 * The bell (docs/notifications.md; `notifications` is the achievements' endpoint): the pilot's notifications and marking them read. Each mark
 * answers the new list, which is written into the cache, so the bell and the page follow at once.
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    bell: build.query<Notifications, void>({ query: () => '/notifications' }),
    markBellRead: build.mutation<Notifications, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'POST', body: {} }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(notificationsApi.util.upsertQueryData('bell', undefined, answer.data));
      },
    }),
    markBellAllRead: build.mutation<Notifications, void>({
      query: () => ({ url: '/notifications/read', method: 'POST', body: {} }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(notificationsApi.util.upsertQueryData('bell', undefined, answer.data));
      },
    }),
  }),
});

export const { useBellQuery, useMarkBellReadMutation, useMarkBellAllReadMutation } = notificationsApi;
