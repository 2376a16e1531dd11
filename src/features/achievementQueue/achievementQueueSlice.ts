import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AchievementNotification } from '../../../contract/achievements';
import { achievementsApi } from '../../api/achievements';
import type { AppDispatch } from '../../app/store';

export interface AchievementQueueState {
  /** Notifications not yet dismissed, oldest first; the first one is the open popup. */
  queue: AchievementNotification[];
  open: boolean;
  /**
   * Ids dismissed here: a notifications answer that left the server before the dismissal landed
   * must not bring them back (a new achievement pops up once).
   */
  dismissed: number[];
}

const initialState: AchievementQueueState = { queue: [], open: false, dismissed: [] };

/** docs/product.md §4 Achievements: the first notification shows as a popup; dismissing shows the next or closes. */
export const achievementQueueSlice = createSlice({
  name: 'achievementQueue',
  initialState,
  reducers: {
    notificationDismissed: (state, { payload }: PayloadAction<number>) => {
      state.queue = state.queue.filter((n) => n.id !== payload);
      if (!state.dismissed.includes(payload)) state.dismissed.push(payload);
      state.open = state.queue.length > 0;
    },
    /** Closes the popup without dismissing: the notifications stay pending (Dismiss All counts them). */
    popupClosed: (state) => {
      state.open = false;
    },
    /**
     * The pilot closed the popup (✕, Escape, the backdrop): the shown notification is seen and
     * dismissed for good (it came back on the next page); the others wait for the next visit.
     */
    notificationClosed: (state, { payload }: PayloadAction<number>) => {
      state.queue = state.queue.filter((n) => n.id !== payload);
      if (!state.dismissed.includes(payload)) state.dismissed.push(payload);
      state.open = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(achievementsApi.endpoints.notifications.matchFulfilled, (state, { payload }) => {
        const dismissed = new Set(state.dismissed);
        const pending = payload.filter((n) => !dismissed.has(n.id));
        const known = new Set(state.queue.map((n) => n.id));
        const fresh = pending.filter((n) => !known.has(n.id));
        // A waiting notification may have been raised to a higher tier by a later upload: show the server's version.
        const current = new Map(pending.map((n) => [n.id, n]));
        state.queue = [...state.queue.flatMap((n) => current.get(n.id) ?? []), ...fresh];
        if (fresh.length) state.open = true;
        if (!state.queue.length) state.open = false;
      })
      .addMatcher(achievementsApi.endpoints.dismissAllNotifications.matchFulfilled, (state) => {
        state.dismissed.push(...state.queue.map((n) => n.id).filter((id) => !state.dismissed.includes(id)));
        state.queue = [];
        state.open = false;
      });
  },
});

export const { notificationDismissed, notificationClosed, popupClosed } = achievementQueueSlice.actions;

/**
 * Dismisses a notification here first, so the next one shows at once (or, with `close`, the popup
 * closes) and a late notifications answer cannot bring it back, then on the server. A failed
 * dismissal is only logged (docs/product.md §8).
 */
export const dismissNotification = (id: number, { close = false } = {}) => async (dispatch: AppDispatch) => {
  dispatch(close ? notificationClosed(id) : notificationDismissed(id));
  try {
    await dispatch(achievementsApi.endpoints.dismissNotification.initiate(id)).unwrap();
  } catch (error) {
    console.error('Failed to dismiss notification', error);
  }
};
