import type { FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '../../../contract/auth';

/** The language cookie the app sets (docs/product.md §9: product name plus language, 365 days, SameSite Lax). */
export const LANGUAGE_COOKIE = 'flightlog-language';
export const LANGUAGE_COOKIE_DAYS = 365;

const isLanguage = (value: string | undefined): value is Language => !!value && (LANGUAGES as readonly string[]).includes(value);

/** The language of a request without a stored preference: the language cookie, then Accept-Language. */
export function requestLanguage(request: FastifyRequest): Language | null {
  const fromCookie = request.cookies[LANGUAGE_COOKIE];
  if (isLanguage(fromCookie)) return fromCookie;
  const accepted = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase());
  return accepted.find(isLanguage) ?? null;
}
