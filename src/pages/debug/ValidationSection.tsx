import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ReasonChange, ResetAllResponse, ResetCompletedResponse, RevalidateAllResponse } from '../../../contract/debug';
import { useResetAllCalculationsMutation, useResetCompletedFlightsMutation, useRevalidateAllFlightsMutation, useRevalidateFlightMutation } from '../../api/debug';
import { Alert, Button, Input, Label, Row } from '../../components/ui';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { DebugSection, OutcomeView, useAction } from './debug-blocks';
import { parseFlightId } from './debug-rules';
import { ResetDetails, ResetFlights, RevalidatedAll, RevalidatedFlight } from './ValidationResults';

/** Revalidate one flight or all, reset flights without features, reset every calculation. */
export function ValidationSection() {
  const { t } = useLingui();
  const [flightIdText, setFlightIdText] = useState('');
  const [confirmingReset, setConfirmingReset] = useState(false);
  const flightId = parseFlightId(flightIdText);
  const [revalidateOne, oneState] = useRevalidateFlightMutation();
  const [revalidateAll, allState] = useRevalidateAllFlightsMutation();
  const [resetCompleted, completedState] = useResetCompletedFlightsMutation();
  const [resetAll, resetAllState] = useResetAllCalculationsMutation();
  const busy = oneState.isLoading || allState.isLoading || completedState.isLoading || resetAllState.isLoading;

  const one = useAction<ReasonChange & { message?: string }>(t`Flight revalidated successfully!`, t`Failed to revalidate flight.`, (data) => <RevalidatedFlight data={data} />);
  const all = useAction<RevalidateAllResponse>(t`All flights revalidated successfully!`, t`Failed to revalidate flights.`, (data) => <RevalidatedAll data={data} />);
  const completed = useAction<ResetCompletedResponse>(t`Flights reset successfully!`, t`Failed to reset flights.`, (data) => <ResetFlights data={data} />);
  const resetAllOutcome = useAction<ResetAllResponse>(t`All flight calculations reset successfully!`, t`Failed to reset calculations.`, (data) => <ResetDetails data={data} />);

  const idInvalid = flightIdText.trim() !== '' && flightId === null;
  return (
    <DebugSection aria-labelledby="debug-validation">
      <h2 id="debug-validation">
        <Trans>Flight Validation</Trans>
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (flightId !== null && !busy) void one.run(() => revalidateOne(flightId).unwrap());
        }}
      >
        <Row style={{ alignItems: 'flex-end' }}>
          <Label>
            <Trans>Flight ID</Trans>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={flightIdText}
              onChange={(event) => setFlightIdText(event.target.value)}
              aria-invalid={idInvalid}
              aria-describedby={idInvalid ? 'flight-id-error' : undefined}
              style={{ width: 160 }}
            />
          </Label>
          <Button type="submit" disabled={flightId === null || busy}>
            <Trans>Revalidate Flight</Trans>
          </Button>
        </Row>
        {idInvalid && (
          <Alert $tone="error" role="alert" id="flight-id-error" style={{ marginTop: 8 }}>
            <Trans>Please enter a valid flight ID.</Trans>
          </Alert>
        )}
      </form>
      <OutcomeView outcome={one.outcome} />
      <h3 style={{ marginTop: 20 }}>
        <Trans>All flights</Trans>
      </h3>
      <Row>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => all.run(() => revalidateAll().unwrap())}>
          <Trans>Revalidate All Flights</Trans>
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => completed.run(() => resetCompleted().unwrap())}>
          <Trans>Reset Completed Flights Without Features</Trans>
        </Button>
        <Button
          type="button"
          $variant="danger"
          disabled={busy}
          onClick={() => setConfirmingReset(true)}
        >
          <Trans>Reset All Calculations</Trans>
        </Button>
      </Row>
      {confirmingReset && (
        <Modal title={t`Reset all calculations?`} onClose={() => setConfirmingReset(false)}>
          <p>
            <Trans>Reset the calculations of every flight? All flights are analysed again.</Trans>
          </p>
          <DialogFooter
            onCancel={() => setConfirmingReset(false)}
            cancelAutoFocus
            confirm={{
              label: <Trans>Reset All Calculations</Trans>,
              variant: 'danger',
              onClick: () => {
                setConfirmingReset(false);
                void resetAllOutcome.run(() => resetAll().unwrap());
              },
            }}
          />
        </Modal>
      )}
      <OutcomeView outcome={all.outcome} />
      <OutcomeView outcome={completed.outcome} />
      <OutcomeView outcome={resetAllOutcome.outcome} />
    </DebugSection>
  );
}
