// The few types of redux-mock-store 1.5 that the tests use (@types/redux-mock-store pins redux 4; the app is on redux 5).
declare module 'redux-mock-store' {
  import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

  export interface MockStore<S, D> {
    getState(): S;
    /** Every plain action that went through the middlewares, in order. */
    getActions(): UnknownAction[];
    clearActions(): void;
    dispatch: D;
    subscribe(listener: () => void): () => void;
  }
  export function legacy_configureStore<S, D>(middlewares?: Middleware[]): (state?: S | ((actions: UnknownAction[]) => S)) => MockStore<S, D>;
}
