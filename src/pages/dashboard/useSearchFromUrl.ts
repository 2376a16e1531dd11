import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_MAX } from '../../../contract/flights';

export const SEARCH_PARAM = 'q';
/** Typing pauses this long before the address (and the list) follow. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The dashboard's search: `?q=` in the address, so a reload or a shared link keeps it.
 * The field follows typing at once; the address follows after a short pause, replacing its entry.
 */
export function useSearchFromUrl() {
  const [params, setParams] = useSearchParams();
  const search = (params.get(SEARCH_PARAM) ?? '').trim().slice(0, SEARCH_MAX);
  const [text, setText] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  /** The words this field last wrote into the address. */
  const written = useRef(search);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    // The field's own write coming back: the field may already be ahead of it (letters typed while the page
    // caught up), so it stays. Any other change of the address (a link, back) sets the field.
    if (search === written.current) return;
    written.current = search;
    setText(search);
  }, [search]);

  const apply = useCallback(
    (value: string) => {
      written.current = value.trim().slice(0, SEARCH_MAX);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value.trim()) next.set(SEARCH_PARAM, value.trim());
          else next.delete(SEARCH_PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const type = useCallback(
    (value: string) => {
      setText(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => apply(value), SEARCH_DEBOUNCE_MS);
    },
    [apply],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setText('');
    apply('');
  }, [apply]);

  return { search, text, type, clear };
}
