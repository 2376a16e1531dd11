import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import styled from 'styled-components';
import { Button, Select } from '../../components/ui';
import { REPLAY_SPEEDS } from './replay';
import type { Replay } from './useReplay';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px 14px;
  margin: 10px 0;
  label { display: inline-flex; align-items: center; gap: 6px; font-weight: 500; }
`;

const Slider = styled.input`
  flex: 1 1 220px;
  min-width: 0;
  accent-color: ${(p) => p.theme.primary};
`;

const Clock = styled.output`
  font-variant-numeric: tabular-nums;
  min-width: 4.5em;
  font-weight: 600;
`;

/** Play/pause, speed ×1-×200, the time slider and the clock. */
export function ReplayControls({ replay, timeLabel }: { replay: Replay; timeLabel: (time: number) => string }) {
  const { t } = useLingui();
  const speedId = useId();
  const sliderId = useId();
  return (
    <Bar>
      <Button type="button" onClick={replay.toggle} aria-pressed={replay.playing} data-testid="replay-play">
        {replay.playing ? <Trans>Pause</Trans> : <Trans>Play</Trans>}
      </Button>
      <label htmlFor={speedId}>
        <Trans>Speed</Trans>
        <Select id={speedId} value={replay.speed} onChange={(e) => replay.setSpeed(Number(e.target.value))}>
          {REPLAY_SPEEDS.map((s) => (
            <option key={s} value={s}>
              ×{s}
            </option>
          ))}
        </Select>
      </label>
      <label htmlFor={sliderId} style={{ flex: '1 1 260px' }}>
        <Trans>Time</Trans>
        <Slider
          id={sliderId}
          type="range"
          min={replay.start}
          max={replay.end}
          step={1}
          value={Math.round(replay.time)}
          aria-valuetext={timeLabel(replay.time)}
          onChange={(e) => replay.seek(Number(e.target.value))}
        />
      </label>
      <Clock aria-label={t`Replay time`} data-testid="replay-clock">
        {timeLabel(replay.time)}
      </Clock>
    </Bar>
  );
}
