import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { pathLanguage } from '../i18n/languages';

/** The route table (SPEC §2); every route also answers under a language prefix (/fr/login). */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  statistics: '/statistics',
  history: '/history',
  achievements: '/achievements',
  profile: '/profile',
  debug: '/debug',
  flight: (id: number | string) => `/flight/${id}`,
} as const;

/** Keeps the language prefix of the current address on links inside the app. */
export function useLocalePath(): (path: string) => string {
  const { pathname } = useLocation();
  const language = pathLanguage(pathname);
  return useCallback((path: string) => (language ? `/${language}${path === '/' ? '' : path}` : path), [language]);
}
