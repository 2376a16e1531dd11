// The face of http/: what routes and the composition root use of the HTTP plumbing. A low area: it
// imports nothing else from the server, so every area may use it (docs/architecture.md).
export { attachment } from './attachment';
export { installErrorHandler } from './error-handler';
export { badRequest, conflict, forbidden, HttpError, notFound, tooManyRequests, unauthorized } from './errors';
export { sendJsonText, type JsonText } from './json-text';
export { installPublicRateLimit, publicAnswerHeaders } from './public';
export { databaseRateLimitStore } from './rate-limit-store';
export { installReadCache } from './read-cache';
export { SESSION_COOKIE } from './session-cookie';
export { installXsrf, isApiPath, setXsrfCookie, XSRF_COOKIE, XSRF_HEADER, XSRF_REFUSED } from './xsrf';
