import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors';

/** Said on a 429 whose source gave no Retry-After (seconds). */
const DEFAULT_RETRY_AFTER = 60;

/** Every error leaves as JSON { message } (an HttpError's details beside it) with a fitting status; 5xx details stay in the log; every 429 says when to retry. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation
        .map((v) => {
          const field = String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
          return field ? `${field}: ${v.message}` : v.message;
        })
        .join(', ');
      return reply.status(400).send({ message });
    }
    const status = error.statusCode ?? 500;
    if (error instanceof HttpError) reply.headers(error.headers);
    if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', DEFAULT_RETRY_AFTER);
    if (error instanceof HttpError) return reply.status(status).send({ ...error.details, message: error.message });
    if (status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
