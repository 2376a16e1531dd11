import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

const TABBABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]';

/** What Tab stops at inside `root`, in document order. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && !el.matches(':disabled') && !el.closest('[hidden]'));
}

/**
 * Keeps the keyboard inside a dialog while it is open: the focus goes into it on open (unless a child
 * already took it, e.g. with autoFocus), Tab and Shift+Tab go round at its ends, and on close the focus
 * returns to where it was before, unless the caller has already put it somewhere.
 * Give the returned ref to the dialog element (with tabIndex -1, so it can hold the focus when nothing
 * inside can) and the handler to its onKeyDown.
 */
export function useFocusTrap<T extends HTMLElement>(): { ref: RefObject<T>; onKeyDown: (event: KeyboardEvent) => void } {
  const ref = useRef<T>(null);
  // Read while rendering: by the time effects run, an autoFocus child has the focus.
  const [opener] = useState(() => document.activeElement);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.contains(document.activeElement)) (tabbables(dialog)[0] ?? dialog).focus();
    return () => {
      const focused = document.activeElement;
      const leftBehind = !focused || focused === document.body || !focused.isConnected || !!dialog?.contains(focused);
      if (leftBehind && opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, [opener]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented || !ref.current) return;
    const items = tabbables(ref.current);
    const first = items[0];
    const last = items[items.length - 1];
    const at = document.activeElement;
    const wrapTo = !first || !last ? ref.current : event.shiftKey ? (at === first || at === ref.current ? last : null) : at === last ? first : null;
    if (!wrapTo) return;
    event.preventDefault();
    wrapTo.focus();
  };

  return { ref, onKeyDown };
}
