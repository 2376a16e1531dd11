import type { AchievementNotification, AchievementsPage } from '../../contract/achievements';
import { api } from './base';

export const achievementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    achievements: build.query<AchievementsPage, void>({ query: () => '/achievements', providesTags: ['Achievements'] }),
    notifications: build.query<AchievementNotification[], void>({ query: () => '/achievements/notifications', providesTags: ['Notifications'] }),
    dismissNotification: build.mutation<unknown, number>({
      query: (id) => ({ url: `/achievements/notifications/${id}/dismiss`, method: 'POST' }),
      invalidatesTags: ['Notifications'],
    }),
    dismissAllNotifications: build.mutation<unknown, void>({
      query: () => ({ url: '/achievements/notifications/dismiss-all', method: 'POST' }),
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const { useAchievementsQuery, useNotificationsQuery, useDismissNotificationMutation, useDismissAllNotificationsMutation } = achievementsApi;
