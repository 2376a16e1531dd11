import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { legacy_configureStore as configureMockStore, type MockStore } from 'redux-mock-store';
import { createStore, type AppDispatch, type RootState } from '../app/store';

/** Runs thunks as the app's store does (RTK's default thunk middleware), so their plain actions are recorded. */
const thunk: Middleware = ({ dispatch, getState }) => (next) => (action) => (typeof action === 'function' ? action(dispatch, getState, undefined) : next(action));

export type AppMockStore = MockStore<RootState, AppDispatch>;

/**
 * A redux-mock-store over the app's state: it records every action dispatched, in order, and never
 * changes its state. For tests of what a component, thunk or middleware dispatches; `middleware` go
 * after the thunk middleware, as in the app's store.
 */
export function mockAppStore({ state = createStore({ recordActions: false }).getState(), middleware = [] }: { state?: RootState; middleware?: Middleware[] } = {}): AppMockStore {
  return configureMockStore<RootState, AppDispatch>([thunk, ...middleware])(state);
}

/** The recorded actions as type and, for api calls, the endpoint: the sequence a replay depends on. */
export function actionSequence(actions: UnknownAction[]): string[] {
  return actions.map((action) => {
    const endpoint = (action.meta as { arg?: { endpointName?: string } } | undefined)?.arg?.endpointName;
    return endpoint ? `${action.type} ${endpoint}` : action.type;
  });
}
