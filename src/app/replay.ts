import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import type { ActionLog } from './action-log';
import { appSlices } from './action-log';
import { redact } from './redact';
import '../api/index';
import { rootReducer, type RootState } from './store';

/** Runs a recorded action log through the app's reducers and returns the app slices it ends with. */
export function replayActionLog(log: ActionLog): Record<string, unknown> {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: log.initialState as Partial<RootState>,
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }),
    devTools: false,
  });
  for (const action of log.actions) store.dispatch(action as UnknownAction);
  return redact(appSlices(store.getState() as unknown as Record<string, unknown>));
}
