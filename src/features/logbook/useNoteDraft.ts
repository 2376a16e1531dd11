import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/base';
import { usePatchFlightMutation } from '../../api/flights';

export type NoteState = 'saved' | 'unsaved' | 'saving' | 'error';
/** A pause in typing this long saves the note. */
export const AUTOSAVE_MS = 1200;

/**
 * The note of one flight being written: saved after a pause in typing, on Save, and when the editor
 * goes away (another flight, another page) with unsaved words. The page warns before it unloads
 * (reload, closing the tab) while words are unsaved.
 */
export function useNoteDraft(flightId: number, saved: string | null) {
  const [patch] = usePatchFlightMutation();
  const [draft, setDraftState] = useState(saved ?? '');
  const [state, setState] = useState<NoteState>('saved');
  const [error, setError] = useState<string | null>(null);
  const baseline = useRef(saved ?? '');
  const latest = useRef(draft);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pending = useRef<string | null>(null);

  const save = useCallback(async () => {
    clearTimeout(timer.current);
    const text = latest.current;
    if (text === pending.current) return;
    if (text === baseline.current) {
      setState('saved');
      return;
    }
    pending.current = text;
    setState('saving');
    try {
      await patch({ id: flightId, body: { notes: text === '' ? null : text } }).unwrap();
      baseline.current = text;
      setError(null);
      setState(latest.current === text ? 'saved' : 'unsaved');
    } catch (failure) {
      setError(errorMessage(failure));
      setState('error');
    } finally {
      pending.current = null;
    }
  }, [flightId, patch]);

  const setDraft = useCallback(
    (text: string) => {
      latest.current = text;
      setDraftState(text);
      setState(text === baseline.current ? 'saved' : 'unsaved');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), AUTOSAVE_MS);
    },
    [save],
  );

  // The saved note changed elsewhere (a refetch) while nothing is being written here: show it.
  useEffect(() => {
    const next = saved ?? '';
    if (latest.current === baseline.current && next !== baseline.current) {
      baseline.current = next;
      latest.current = next;
      setDraftState(next);
    }
  }, [saved]);

  useEffect(() => {
    const dirty = state === 'unsaved' || state === 'saving' || state === 'error';
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);

  // Leaving the flight or the page keeps what was typed.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (latest.current !== baseline.current && latest.current !== pending.current) void patch({ id: flightId, body: { notes: latest.current === '' ? null : latest.current } });
    },
    [flightId, patch],
  );

  return { draft, setDraft, save, state, error };
}
