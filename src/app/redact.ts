/** Keys whose values never leave the page: passwords, codes, tokens, secrets. */
const SECRET_KEY = /pass(word)?|code|token|secret|xsrf/i;
export const REDACTED = '[redacted]';

/** A copy of value with every secret-looking field replaced, at any depth. */
export function redact<T>(value: T, depth = 0): T {
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1)) as T;
  if (value instanceof Blob || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEY.test(key) && inner !== null && inner !== undefined && typeof inner !== 'boolean' ? REDACTED : redact(inner, depth + 1);
  }
  return out as T;
}
