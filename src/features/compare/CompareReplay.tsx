import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { CompareAnswer } from '../../../contract/compare';
import { clockTime, elapsed } from '../../components/height-graph/height-data';
import { Hint } from '../../components/ui';
import { CompareMap, type CompareMapHandle } from './CompareMap';
import { CompareProfile, type CompareProfileHandle } from './CompareProfile';
import { flightLabels } from './labels';
import { prepareTracks, REPLAY_SPEEDS, standingsAt, timelineOf, timelineZero } from './replay';
import { ReplayControls } from './ReplayControls';
import { Standings } from './Standings';
import { useReplay } from './useReplay';

const Region = styled.div`
  &:focus-visible { outline: 2px solid ${(p) => p.theme.primary}; outline-offset: 4px; border-radius: 8px; }
`;

/** Seconds a left/right arrow moves the replay (with Shift, ten times as far). */
const STEP_SECONDS = 10;

/**
 * The compared flights replayed together (docs/compare.md): the map and the height profile move every
 * animation frame; the controls, clock and standings follow a few times a second. Keyboard on the
 * replay: Space plays and pauses, ←/→ step 10 s (Shift: 100 s), Home/End jump, +/− change the speed.
 */
export function CompareReplay({ answer }: { answer: CompareAnswer }) {
  const { t, i18n } = useLingui();
  const tracks = useMemo(() => prepareTracks(answer, flightLabels(answer.flights, i18n.locale)), [answer, i18n.locale]);
  const timeline = useMemo(() => timelineOf(tracks), [tracks]);
  const map = useRef<CompareMapHandle>(null);
  const profile = useRef<CompareProfileHandle>(null);
  const onFrame = useCallback((time: number) => {
    map.current?.setTime(time);
    profile.current?.setTime(time);
  }, []);
  const replay = useReplay(timeline, onFrame);

  const zero = useMemo(() => timelineZero(answer), [answer]);
  const zone = answer.flights[0]?.timeZone ?? null;
  const timeLabel = useCallback(
    (time: number) => (answer.alignment === 'clock' ? clockTime(zero + time * 1000, zone, false) : elapsed(time * 1000)),
    [answer.alignment, zero, zone],
  );
  const standings = useMemo(() => standingsAt(tracks, replay.time), [tracks, replay.time]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const inField = target.tagName === 'INPUT' || target.tagName === 'SELECT';
    const speedIndex = REPLAY_SPEEDS.indexOf(replay.speed as (typeof REPLAY_SPEEDS)[number]);
    if (e.key === ' ' && target.tagName !== 'BUTTON' && !inField) replay.toggle();
    else if (inField) return;
    else if (e.key === 'ArrowRight') replay.step(e.shiftKey ? STEP_SECONDS * 10 : STEP_SECONDS);
    else if (e.key === 'ArrowLeft') replay.step(e.shiftKey ? -STEP_SECONDS * 10 : -STEP_SECONDS);
    else if (e.key === 'Home') replay.seek(replay.start);
    else if (e.key === 'End') replay.seek(replay.end);
    else if (e.key === '+' || e.key === '=') replay.setSpeed(REPLAY_SPEEDS[Math.min(REPLAY_SPEEDS.length - 1, speedIndex + 1)]!);
    else if (e.key === '-') replay.setSpeed(REPLAY_SPEEDS[Math.max(0, speedIndex - 1)]!);
    else return;
    e.preventDefault();
  };

  return (
    <Region tabIndex={0} role="group" aria-label={t`Replay`} aria-describedby="replay-keys" onKeyDown={onKeyDown} data-testid="compare-replay">
      <CompareMap ref={map} tracks={tracks} label={t`Map of the compared flights`} />
      <ReplayControls replay={replay} timeLabel={timeLabel} />
      <Hint id="replay-keys">
        <Trans>Keys: Space plays and pauses, arrows step 10 s (with Shift 100 s), Home and End jump, + and − change the speed.</Trans>
      </Hint>
      <CompareProfile ref={profile} tracks={tracks} timeline={timeline} timeLabel={timeLabel} onSeek={replay.seek} />
      <h2 id="standings-title">
        <Trans>Standings</Trans>
      </h2>
      <Standings standings={standings} />
    </Region>
  );
}
