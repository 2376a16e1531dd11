/**
 * An error whose message is meant for the user; the error handler sends it as { message }, with
 * `details` beside it when given (the route's schema for that status names them, or they are dropped).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
    /** Fields the answer carries beside `message`, e.g. each refused file of an upload. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new HttpError(400, message, {}, details);
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A 429 that says, in words and in Retry-After, how long to wait. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
