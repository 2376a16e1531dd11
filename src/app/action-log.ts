import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { redact } from './redact';

/** Local-storage flag that turns on the action log and Redux DevTools in a production build. */
export const QA_FLAG_KEY = 'flightlog:qa';
const MAX_ENTRIES = 5000;

export interface RecordedAction {
  type: string;
  payload?: unknown;
  meta?: unknown;
  error?: unknown;
}
export interface ActionLog {
  recordedAt: string;
  /** The app slices (not the api cache) before the first action... */
  initialState: Record<string, unknown>;
  actions: RecordedAction[];
  /** ...and after the last one. */
  state: Record<string, unknown>;
}

export function qaEnabled(): boolean {
  if (process.env.NODE_ENV !== 'production') return true;
  try {
    return localStorage.getItem(QA_FLAG_KEY) === 'on';
  } catch {
    return false;
  }
}

export const APP_SLICES = ['auth', 'theme', 'flightSelection', 'upload', 'achievementQueue'] as const;

export function appSlices(state: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(APP_SLICES.map((name) => [name, state[name]]));
}

/** Records every dispatched action, redacted, for QA to download and replay (see docs/app.md). */
export function createActionLog() {
  const actions: RecordedAction[] = [];
  let getState: () => Record<string, unknown> = () => ({});
  let initialState: Record<string, unknown> = {};
  const middleware: Middleware = (api) => {
    getState = api.getState as () => Record<string, unknown>;
    initialState = redact(appSlices(getState()));
    return (next) => (action) => {
      const { type, payload, meta, error } = action as UnknownAction & { meta?: unknown; error?: unknown };
      actions.push(redact({ type, payload, meta, error }));
      if (actions.length > MAX_ENTRIES) actions.shift();
      return next(action);
    };
  };
  const snapshot = (): ActionLog => ({ recordedAt: new Date().toISOString(), initialState, actions: [...actions], state: redact(appSlices(getState())) });
  const download = () => {
    const url = URL.createObjectURL(new Blob([JSON.stringify(snapshot(), null, 2)], { type: 'application/json' }));
    Object.assign(document.createElement('a'), { href: url, download: `flightlog-actions-${Date.now()}.json` }).click();
    URL.revokeObjectURL(url);
  };
  return { middleware, snapshot, download };
}
