/** docs/product.md §5 Debug: a flight id is a whole number of at least 1; anything else is null. */
export function parseFlightId(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}
