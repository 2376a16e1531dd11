import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { AuthUser } from '../../../contract/auth';
import { authApi } from '../../api/auth';

export interface AuthState {
  user: AuthUser | null;
  /** unknown until the first check answers. */
  status: 'unknown' | 'signedIn' | 'signedOut';
}

const initialState: AuthState = { user: null, status: 'unknown' };

/** The signed-in pilot as the last check, login or logout left it (docs/product.md §4 Auth). */
export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedOut: () => ({ user: null, status: 'signedOut' as const }),
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(isAnyOf(authApi.endpoints.check.matchFulfilled, authApi.endpoints.login.matchFulfilled, authApi.endpoints.devLogin.matchFulfilled), (_state, { payload }) => ({
        user: payload.user,
        status: 'signedIn',
      }))
      .addMatcher(authApi.endpoints.session.matchFulfilled, (_state, { payload }) => ({
        user: payload.user,
        status: payload.user ? 'signedIn' : 'signedOut',
      }))
      .addMatcher(authApi.endpoints.updateProfile.matchFulfilled, (state, { payload }) => {
        // The profile's emailVerified is a date or null; the signed-in user keeps the auth check's boolean.
        if (state.user) state.user = { ...state.user, ...pickAuthFields({ ...payload.user, emailVerified: payload.user.emailVerified !== null }) };
      })
      .addMatcher(authApi.endpoints.setLanguage.matchFulfilled, (state, { payload }) => {
        if (state.user) state.user.preferredLanguage = payload.language;
      })
      .addMatcher(authApi.endpoints.setUnits.matchFulfilled, (state, { payload }) => {
        if (state.user) state.user.units = payload.units;
      })
      .addMatcher(isAnyOf(authApi.endpoints.check.matchRejected, authApi.endpoints.logout.matchFulfilled), (state, action) => {
        // A check superseded by a newer one (condition error) says nothing about the session.
        if ('meta' in action && (action.meta as { condition?: boolean }).condition) return state;
        return { user: null, status: 'signedOut' };
      });
  },
});

function pickAuthFields(user: AuthUser): AuthUser {
  const { id, email, username, displayName, role, preferredLanguage, emailVerified, authProvider, units, takeoffTimeZone } = user;
  return { id, email, username, displayName, role, preferredLanguage, emailVerified, authProvider, units, takeoffTimeZone };
}

export const { signedOut } = authSlice.actions;
export const selectUser = (state: { auth: AuthState }) => state.auth.user;
export const selectIsAdmin = (state: { auth: AuthState }) => state.auth.user?.role === 'Admin';
