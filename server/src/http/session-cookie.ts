/** The session cookie's name: read by the anti-forgery check (xsrf.ts) and written by auth/. */
export const SESSION_COOKIE = 'sid';
