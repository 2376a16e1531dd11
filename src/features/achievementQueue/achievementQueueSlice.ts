import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AchievementNotification } from '../../../contract/achievements';
import { achievementsApi } from '../../api/achievements';

export interface AchievementQueueState {
  /** Notifications not yet dismissed, oldest first; the first one is the open popup. */
  queue: AchievementNotification[];
  open: boolean;
}

const initialState: AchievementQueueState = { queue: [], open: false };

/** SPEC §4 Achievements: the first notification shows as a popup; dismissing shows the next or closes. */
export const achievementQueueSlice = createSlice({
  name: 'achievementQueue',
  initialState,
  reducers: {
    notificationDismissed: (state, { payload }: PayloadAction<number>) => {
      state.queue = state.queue.filter((n) => n.id !== payload);
      state.open = state.queue.length > 0;
    },
    popupClosed: (state) => {
      state.open = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(achievementsApi.endpoints.notifications.matchFulfilled, (state, { payload }) => {
        const known = new Set(state.queue.map((n) => n.id));
        const fresh = payload.filter((n) => !known.has(n.id));
        const stillPending = new Set(payload.map((n) => n.id));
        state.queue = [...state.queue.filter((n) => stillPending.has(n.id)), ...fresh];
        if (fresh.length) state.open = true;
        if (!state.queue.length) state.open = false;
      })
      .addMatcher(achievementsApi.endpoints.dismissAllNotifications.matchFulfilled, () => initialState);
  },
});

export const { notificationDismissed, popupClosed } = achievementQueueSlice.actions;
