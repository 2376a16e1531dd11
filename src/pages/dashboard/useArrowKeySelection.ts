import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { flightSelected } from '../../features/flightSelection/flightSelectionSlice';
import { isTypingTarget, steppedSelection } from './flight-rules';

/** docs/product.md §4 Selection: up and down move the selection, wrapping, from anywhere but a field or while `paused` (an open dialog). */
export function useArrowKeySelection(flights: readonly { id: number }[] | undefined, selectedId: number | null, paused: boolean) {
  const dispatch = useAppDispatch();
  // The listener is added once; it reads the latest list and selection from here.
  const latest = useRef({ flights, selectedId, paused });
  useEffect(() => {
    latest.current = { flights, selectedId, paused };
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const { flights: list, selectedId: current, paused: dialog } = latest.current;
      if (!list?.length || dialog || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      dispatch(flightSelected(steppedSelection(list, current, event.key === 'ArrowDown' ? 1 : -1)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);
}
