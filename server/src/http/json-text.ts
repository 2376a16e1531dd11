import type { FastifyReply } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare const jsonOf: unique symbol;
/** JSON text of a T, written by the database (big lists, docs/scale.md): the type says what it holds. */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/**
 * Answers JSON text as it is, without the serializer's parse and stringify of every row. Unless
 * `check` is off (production), the text is checked against the route's schema like every other
 * answer, so tests still catch a wrong answer.
 */
export function sendJsonText<S extends z.ZodType>(reply: FastifyReply, schema: S, text: JsonText<z.infer<S>>, check: boolean): FastifyReply {
  if (check) {
    const result = schema.safeParse(JSON.parse(text));
    if (!result.success) throw new ResponseSerializationError(reply.request.method, reply.request.url, { cause: result.error });
  }
  return reply.type('application/json; charset=utf-8').send(text);
}
