import type {
  AuthCheckResponse,
  ChangePasswordBody,
  DeleteProfileBody,
  EmailBody,
  Language,
  LoginBody,
  MessageResponse,
  ProfileResponse,
  ProfileUpdateBody,
  ProfileUpdateResponse,
  RegisterBody,
  ResetPasswordBody,
  SessionResponse,
  SetLanguageResponse,
} from '../../contract/auth';
import type { UnitPreference, UnitsResponse } from '../../contract/units';
import type { AppConfig } from '../../contract/config';
import { api } from './base';

/** Full-page navigation to the third-party sign-in (docs/product.md §7). */
export const GOOGLE_LOGIN_URL = '/api/auth/google-login';
export const AUTH_CACHE_SECONDS = 5 * 60;

export type { AppConfig };


export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    config: build.query<AppConfig, void>({ query: () => '/config', keepUnusedDataFor: 3600 }),
    /** Who is signed in, without a 401 for visitors: the start-up check (public pages stay quiet in the console). */
    session: build.query<SessionResponse, void>({ query: () => '/auth/session', providesTags: ['User'] }),
    /** The guard's check (docs/product.md §2): a 401 means signed out. */
    check: build.query<AuthCheckResponse, void>({ query: () => '/auth/check', providesTags: ['User'], keepUnusedDataFor: AUTH_CACHE_SECONDS }),
    login: build.mutation<AuthCheckResponse, LoginBody>({ query: (body) => ({ url: '/auth/login', method: 'POST', body }) }),
    devLogin: build.mutation<AuthCheckResponse, void>({ query: () => ({ url: '/auth/dev-login', method: 'POST', body: {} }) }),
    register: build.mutation<MessageResponse, RegisterBody>({ query: (body) => ({ url: '/auth/register', method: 'POST', body }) }),
    forgotPassword: build.mutation<MessageResponse, EmailBody>({ query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }) }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordBody>({ query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }) }),
    logout: build.mutation<MessageResponse, void>({ query: () => ({ url: '/auth/logout', method: 'POST', body: {} }) }),
    setLanguage: build.mutation<SetLanguageResponse, Language>({ query: (language) => ({ url: '/auth/set-language', method: 'POST', body: { language } }) }),
    /** The pilot's units (docs/units.md), or null to follow the language's region; the auth slice keeps the answer. */
    setUnits: build.mutation<UnitsResponse, UnitPreference | null>({ query: (units) => ({ url: '/auth/units', method: 'PUT', body: { units } }) }),
    resendVerification: build.mutation<MessageResponse, Partial<EmailBody>>({ query: (body) => ({ url: '/auth/resend-verification', method: 'POST', body }) }),
    profile: build.query<ProfileResponse, void>({ query: () => '/auth/profile', providesTags: ['Profile'] }),
    updateProfile: build.mutation<ProfileUpdateResponse, ProfileUpdateBody>({
      query: (body) => ({ url: '/auth/profile', method: 'PUT', body }),
      invalidatesTags: ['Profile', 'User'],
    }),
    changePassword: build.mutation<MessageResponse, ChangePasswordBody>({ query: (body) => ({ url: '/auth/change-password', method: 'POST', body }) }),
    deleteProfile: build.mutation<MessageResponse, DeleteProfileBody>({ query: (body) => ({ url: '/auth/profile', method: 'DELETE', body }) }),
  }),
});

export const {
  useConfigQuery,
  useSessionQuery,
  useCheckQuery,
  useLoginMutation,
  useDevLoginMutation,
  useRegisterMutation,
  useSetUnitsMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useLogoutMutation,
  useSetLanguageMutation,
  useResendVerificationMutation,
  useProfileQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useDeleteProfileMutation,
} = authApi;
