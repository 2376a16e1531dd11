import { z } from 'zod';

/**
 * Every error answer of the API: a sentence a person can read (docs/product.md §3). A route that says more on an
 * error declares that status with this schema extended (e.g. photoUploadRefused for 400), beside
 * errorResponses; the server's HttpError carries those fields as `details`.
 */
export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** The error answers every route may give, for a route's `response` schema beside its success answer. */
export const errorResponses = { '4xx': errorResponse, '5xx': errorResponse } as const;

/** A route's `response` schemas: the success answer (200 unless given) and the error answers. */
export function answers<T extends z.ZodType>(ok: T): { 200: T } & typeof errorResponses;
export function answers<S extends number, T extends z.ZodType>(ok: T, status: S): { [K in S]: T } & typeof errorResponses;
export function answers(ok: z.ZodType, status = 200) {
  return { [status]: ok, ...errorResponses };
}
