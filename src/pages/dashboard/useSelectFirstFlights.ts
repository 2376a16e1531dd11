import { useEffect, useRef } from 'react';

/**
 * A pilot with an empty logbook who uploads the first flights sees the newest at once, with its map and
 * graph, not "Select a flight to view its path" beside a list of one (docs/product.md §4 Selection).
 * Only the step from no flights at all to the first ones selects; a returning pilot chooses herself.
 */
const startOf = (flight: { startTime: string | null }) => (flight.startTime ? Date.parse(flight.startTime) : -Infinity);

export function useSelectFirstFlights(
  logbookEmpty: boolean | undefined,
  flights: readonly { id: number; startTime: string | null }[] | undefined,
  selectedFlightId: number | null,
  select: (id: number) => void,
) {
  const waiting = useRef(false);
  useEffect(() => {
    if (logbookEmpty) waiting.current = true;
  }, [logbookEmpty]);
  useEffect(() => {
    if (!waiting.current || !flights?.length) return;
    waiting.current = false;
    if (selectedFlightId !== null) return;
    const newest = flights.reduce((a, b) => (startOf(b) > startOf(a) ? b : a));
    select(newest.id);
  }, [flights, selectedFlightId, select]);
}
