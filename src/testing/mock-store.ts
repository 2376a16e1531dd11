import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { legacy_configureStore as configureMockStore, type MockStore } from 'redux-mock-store';
import { api } from '../api/base';
import { createStore, type AppDispatch, type RootState } from '../app/store';

/** Runs thunks as the app's store does (RTK's default thunk middleware), so their plain actions are recorded. */
const thunk: Middleware = ({ dispatch, getState }) => (next) => (action) => (typeof action === 'function' ? action(dispatch, getState, undefined) : next(action));

export type AppMockStore = MockStore<RootState, AppDispatch>;

/**
 * A redux-mock-store over the app's state: it records every action that reaches the reducers, in
 * order, and never changes its state. For tests of what a component, thunk or middleware dispatches.
 * The middleware run as in the app's store: thunks, RTK Query's (it keeps its bookkeeping actions to
 * itself), then `middleware`. RTK Query's announces itself on the first action
 * (`api/config/middlewareRegistered`); that happens here, so the recording holds only the test's actions.
 */
export function mockAppStore({ state = createStore({ recordActions: false }).getState(), middleware = [] }: { state?: RootState; middleware?: Middleware[] } = {}): AppMockStore {
  const store = configureMockStore<RootState, AppDispatch>([thunk, api.middleware, ...middleware])(state);
  store.dispatch({ type: 'test/storeCreated' });
  store.clearActions();
  return store;
}

/** The recorded actions as type and, for api calls, the endpoint: the sequence a replay depends on. */
export function actionSequence(actions: UnknownAction[]): string[] {
  return actions.map((action) => {
    const endpoint = (action.meta as { arg?: { endpointName?: string } } | undefined)?.arg?.endpointName;
    return endpoint ? `${action.type} ${endpoint}` : action.type;
  });
}
