import { useEffect, useState } from 'react';
import type { FlightDetail } from '../../../../contract/flights';

export interface TimeWindow {
  from: number;
  to: number;
}

/** The flight's takeoff and landing (ms) as stored: the pilot's window once corrected, else the detected ones. */
export const storedWindow = (flight: Pick<FlightDetail, 'startTime' | 'flightTime'>): TimeWindow | null =>
  flight.startTime ? { from: Date.parse(flight.startTime), to: Date.parse(flight.startTime) + (flight.flightTime ?? 0) * 1000 } : null;

/** The takeoff/landing being edited (drag handles and typed times share it); back to the stored one on reset or another flight. */
export function useFlightCorrection(flight: Pick<FlightDetail, 'id' | 'startTime' | 'flightTime'> | undefined) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<TimeWindow | null>(null);
  const stored = flight ? storedWindow(flight) : null;
  const storedKey = `${flight?.id}|${stored?.from}|${stored?.to}`;
  useEffect(() => {
    setDraft(stored);
    // Reset whenever the stored window changes (another flight, or an applied correction).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedKey]);
  useEffect(() => setOpen(false), [flight?.id]);
  return { open, setOpen, draft, setDraft, reset: () => setDraft(stored), changed: !!draft && !!stored && (draft.from !== stored.from || draft.to !== stored.to) };
}
