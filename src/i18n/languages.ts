import { isLanguage, LANGUAGES, type Language } from '../../contract/rules';
import { readCookie } from '../api/base';

export { LANGUAGES, isLanguage, type Language };

/** docs/product.md §9: product name plus language, 365 days, every path, SameSite Lax. */
export const LANGUAGE_COOKIE = 'flightlog-language';

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  es: 'Español',
  cs: 'Čeština',
  sl: 'Slovenščina',
};

export function saveLanguageCookie(language: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax`;
}

/** The language prefix of a path (/fr/login → fr), if it has one. */
export function pathLanguage(pathname: string): Language | null {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : null;
}

/** The path without its language prefix (/fr/login → /login). */
export function stripLanguage(pathname: string): string {
  return pathLanguage(pathname) ? pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '') || '/' : pathname;
}

/**
 * docs/product.md §1: the stored preference, then the cookie, then the browser, else English. A language prefix in
 * the address is the pilot's explicit choice for this page and comes first.
 */
export function resolveLanguage(sources: { path?: string; preferred?: string | null; browser?: readonly string[] }): Language {
  const fromPath = sources.path ? pathLanguage(sources.path) : null;
  if (fromPath) return fromPath;
  if (isLanguage(sources.preferred)) return sources.preferred;
  const fromCookie = readCookie(LANGUAGE_COOKIE);
  if (isLanguage(fromCookie)) return fromCookie;
  const fromBrowser = (sources.browser ?? []).map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage);
  return fromBrowser ?? 'en';
}
