import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/base';
import { achievementQueueSlice } from '../features/achievementQueue/achievementQueueSlice';
import { authSlice } from '../features/auth/authSlice';
import { flightSelectionSlice } from '../features/flightSelection/flightSelectionSlice';
import { themeSlice } from '../features/theme/themeSlice';
import { uploadSlice } from '../features/upload/uploadSlice';
import { createActionLog, qaEnabled } from './action-log';
import { redact } from './redact';

export const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authSlice.reducer,
  theme: themeSlice.reducer,
  flightSelection: flightSelectionSlice.reducer,
  upload: uploadSlice.reducer,
  achievementQueue: achievementQueueSlice.reducer,
});
export type RootState = ReturnType<typeof rootReducer>;

export function createStore(options: { preloadedState?: Partial<RootState>; recordActions?: boolean } = {}) {
  const qa = qaEnabled();
  const actionLog = options.recordActions ?? qa ? createActionLog() : null;
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState,
    middleware: (getDefault) => {
      const middleware = getDefault().concat(api.middleware);
      return actionLog ? middleware.concat(actionLog.middleware) : middleware;
    },
    // DevTools in development, and in production behind the QA flag; secrets never reach them.
    devTools: qa ? { actionSanitizer: (action) => redact(action), stateSanitizer: (state) => redact(state) } : false,
  });
  return Object.assign(store, { actionLog });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
