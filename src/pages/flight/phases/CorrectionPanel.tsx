import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { FlightDetail } from '../../../../contract/flights';
import { errorMessage } from '../../../api/base';
import { useMergeFlightMutation, useSetFlightWindowMutation, useSplitFlightMutation } from '../../../api/phases';
import { Modal } from '../../../components/Modal';
import { Alert, Button, Hint, Input, Label } from '../../../components/ui';
import type { TimeWindow } from './useFlightCorrection';
import { parseZoneClock, zoneClock } from '../../../components/flight/zone-time';
import { DialogFooter } from '../../../components/DialogFooter';

const Fields = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 10px 14px;
  margin-bottom: 10px;
  label { display: flex; flex-direction: column; gap: 4px; }
  input { width: 8.5em; }
`;

export interface CorrectionPanelProps {
  flight: Pick<FlightDetail, 'id' | 'timeZone' | 'windowCorrected'>;
  draft: TimeWindow;
  onDraft: (window: TimeWindow) => void;
  onReset: () => void;
  changed: boolean;
  /** The next flight in the logbook, offered for a merge. */
  nextFlightId: number | null;
  onDone: (message: string) => void;
}

/** Takeoff and landing typed in the flight's zone (or dragged on the profile), Apply/Reset, split and merge with confirmation. */
export function CorrectionPanel({ flight, draft, onDraft, onReset, changed, nextFlightId, onDone }: CorrectionPanelProps) {
  const { t } = useLingui();
  const zone = flight.timeZone;
  const [takeoff, setTakeoff] = useState(zoneClock(draft.from, zone));
  const [landing, setLanding] = useState(zoneClock(draft.to, zone));
  const [splitAt, setSplitAt] = useState(zoneClock(Math.round((draft.from + draft.to) / 2 / 1000) * 1000, zone));
  const [confirm, setConfirm] = useState<'split' | 'merge' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [setWindow, windowState] = useSetFlightWindowMutation();
  const [split, splitState] = useSplitFlightMutation();
  const [merge, mergeState] = useMergeFlightMutation();
  const busy = windowState.isLoading || splitState.isLoading || mergeState.isLoading;

  // Dragging the handles updates the typed times.
  useEffect(() => {
    setTakeoff(zoneClock(draft.from, zone));
    setLanding(zoneClock(draft.to, zone));
  }, [draft.from, draft.to, zone]);

  // A typed time moves its handle once the field is left.
  const typed = (which: 'from' | 'to') => {
    const ms = parseZoneClock(which === 'from' ? takeoff : landing, draft[which], zone);
    if (ms !== null && ms !== draft[which]) onDraft({ ...draft, [which]: ms });
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const from = parseZoneClock(takeoff, draft.from, zone);
    const to = parseZoneClock(landing, draft.to, zone);
    if (from === null || to === null) return setProblem(t`Type times as HH:MM:SS.`);
    if (from >= to) return setProblem(t`Landing must be after takeoff.`);
    setProblem(null);
    try {
      await setWindow({ id: flight.id, takeoffTime: new Date(from).toISOString(), landingTime: new Date(to).toISOString() }).unwrap();
      onDone(t`Takeoff and landing corrected.`);
    } catch (failure) {
      setProblem(errorMessage(failure, t`The correction could not be applied.`));
    }
  };

  const run = async () => {
    const action = confirm;
    setConfirm(null);
    setProblem(null);
    try {
      if (action === 'split') {
        const at = parseZoneClock(splitAt, (draft.from + draft.to) / 2, zone);
        if (at === null) return setProblem(t`Type times as HH:MM:SS.`);
        await split({ id: flight.id, at: new Date(at).toISOString() }).unwrap();
        onDone(t`The flight was split in two.`);
      } else if (action === 'merge' && nextFlightId !== null) {
        await merge({ id: flight.id, withFlightId: nextFlightId }).unwrap();
        onDone(t`The flights were merged.`);
      }
    } catch (failure) {
      setProblem(errorMessage(failure, t`The correction could not be applied.`));
    }
  };

  return (
    <div data-testid="correction-panel">
      <Hint as="p">
        <Trans>Drag the purple handles on the height profile, or type the times (in the flight's local time).</Trans>
      </Hint>
      <Fields onSubmit={apply} noValidate>
        <Label>
          <Trans>Takeoff</Trans>
          <Input value={takeoff} onChange={(e) => setTakeoff(e.target.value)} onBlur={() => typed('from')} inputMode="numeric" placeholder="HH:MM:SS" data-testid="takeoff-time" />
        </Label>
        <Label>
          <Trans>Landing</Trans>
          <Input value={landing} onChange={(e) => setLanding(e.target.value)} onBlur={() => typed('to')} inputMode="numeric" placeholder="HH:MM:SS" data-testid="landing-time" />
        </Label>
        <Button type="submit" disabled={busy}>
          <Trans>Apply</Trans>
        </Button>
        <Button type="button" $variant="secondary" disabled={busy || !changed} onClick={onReset}>
          <Trans>Reset</Trans>
        </Button>
      </Fields>
      <Fields onSubmit={(e) => (e.preventDefault(), setConfirm('split'))} noValidate>
        <Label>
          <Trans>Split at</Trans>
          <Input value={splitAt} onChange={(e) => setSplitAt(e.target.value)} inputMode="numeric" placeholder="HH:MM:SS" />
        </Label>
        <Button type="submit" $variant="secondary" disabled={busy}>
          <Trans>Split flight…</Trans>
        </Button>
        {nextFlightId !== null && (
          <Button type="button" $variant="secondary" disabled={busy} onClick={() => setConfirm('merge')}>
            <Trans>Merge with next flight…</Trans>
          </Button>
        )}
      </Fields>
      {problem && (
        <Alert $tone="error" role="alert">
          {problem}
        </Alert>
      )}
      {confirm && (
        <Modal title={confirm === 'split' ? t`Split this flight?` : t`Merge with the next flight?`} onClose={() => setConfirm(null)}>
          <p>
            {confirm === 'split' ? (
              <Trans>The flight becomes two flights, before and after {splitAt}. Both are scored again.</Trans>
            ) : (
              <Trans>This flight and the next one of the same file become one flight, scored again.</Trans>
            )}
          </p>
          <DialogFooter onCancel={() => setConfirm(null)} confirm={{ label: confirm === 'split' ? <Trans>Split</Trans> : <Trans>Merge</Trans>, onClick: () => void run(), autoFocus: true }} />
        </Modal>
      )}
    </div>
  );
}
