import { useState } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import { useDeleteAllMarkedMutation, useDownloadIgcMutation, useSetRemovalDateMutation, useSetRemovalReasonMutation } from '../../api/flights';
import { useAppDispatch } from '../../app/hooks';
import { flightSelected, markedOnlyToggled } from '../../features/flightSelection/flightSelectionSlice';
import { selectionAfterDelete } from './flight-rules';

export type Confirm = { kind: 'delete'; flight: FlightSummary } | { kind: 'deleteAll' } | null;

/**
 * docs/product.md §4 Removal: change the reason, delete one flight or all marked ones (each after a
 * confirmation), download the IGC file. Failures are logged; the lists refresh through their tags.
 */
export function useFlightActions(flights: readonly FlightSummary[] | undefined, selected: FlightSummary | null, onDeletedAll: () => void) {
  const dispatch = useAppDispatch();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [setReason, reasonState] = useSetRemovalReasonMutation();
  const [setRemovalDate, deleteState] = useSetRemovalDateMutation();
  const [deleteAllMarked, deleteAllState] = useDeleteAllMarkedMutation();
  const [downloadIgc] = useDownloadIgcMutation();

  const changeReason = async (reason: number) => {
    if (!selected) return;
    try {
      await setReason({ id: selected.id, removalReason: reason }).unwrap();
    } catch (error) {
      console.error('Updating the removal reason failed', error);
    }
  };

  const confirmed = async () => {
    const action = confirm;
    setConfirm(null);
    if (action?.kind === 'delete') {
      const next = selectionAfterDelete(flights ?? [], action.flight.id);
      try {
        await setRemovalDate({ id: action.flight.id, removalDate: new Date().toISOString() }).unwrap();
        dispatch(flightSelected(next));
      } catch (error) {
        console.error('Deleting the flight failed', error);
      }
    } else if (action?.kind === 'deleteAll') {
      try {
        await deleteAllMarked().unwrap();
        dispatch(markedOnlyToggled(false));
        onDeletedAll();
      } catch (error) {
        console.error('Deleting the marked flights failed', error);
      }
    }
  };

  const download = async () => {
    if (!selected) return;
    try {
      await downloadIgc(selected.id).unwrap();
    } catch (error) {
      console.error('Downloading the IGC file failed', error);
    }
  };

  return {
    confirm,
    askDelete: (flight: FlightSummary) => setConfirm({ kind: 'delete', flight }),
    askDeleteAll: () => setConfirm({ kind: 'deleteAll' }),
    cancel: () => setConfirm(null),
    confirmed,
    changeReason,
    download,
    busy: reasonState.isLoading || deleteState.isLoading,
    deletingAllMarked: deleteAllState.isLoading,
  };
}
