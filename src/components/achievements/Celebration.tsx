import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import styled, { css, keyframes } from 'styled-components';
import { Modal } from '../Modal';
import { AchievementIcon } from './AchievementIcon';
import { TierBadge } from './TierBadge';

/** docs/product.md §2 Achievement popup: animation steps (seconds), confetti window, piece counts. */
export const STEP_TIMES_MS = [100, 1000, 1500, 2000, 2500] as const;
export const CONFETTI_FROM_MS = 300;
export const CONFETTI_UNTIL_MS = 3000;
export const CONFETTI_PIECES = 50;
export const BUBBLES = 20;

const CONFETTI_COLOURS = ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93', '#ff924c'];

/** Deterministic scatter (no Math.random in render): a value in [0, 1) for piece i and salt s. */
export const scatter = (i: number, s: number) => {
  const x = Math.sin(i * 12.9898 + s * 78.233) * 43758.5453;
  return x - Math.floor(x);
};

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const fall = keyframes`
  0% { transform: translate3d(0, -20px, 0) rotate(0deg); opacity: 1; }
  100% { transform: translate3d(var(--drift), 105vh, 0) rotate(720deg); opacity: 0.9; }
`;
const rise = keyframes`
  0% { transform: translateY(0) scale(0.8); opacity: 0; }
  15% { opacity: 0.55; }
  100% { transform: translateY(-420px) scale(1.15); opacity: 0; }
`;
const pop = keyframes`
  0% { transform: scale(0.6); opacity: 0; }
  70% { transform: scale(1.05); opacity: 1; }
  100% { transform: scale(1); opacity: 1; }
`;

/** The app's dialog (focus trap, Escape, backdrop), dressed for a celebration. */
const Dialog = styled(Modal)<{ $shown: boolean; $still: boolean }>`
  && {
    position: relative;
    overflow: hidden;
    max-width: 420px;
    padding: 32px 28px 24px;
    border-radius: 16px;
    text-align: center;
    box-shadow: 0 20px 50px rgba(0, 0, 0, 0.4);
    opacity: ${(p) => (p.$shown ? 1 : 0)};
    ${(p) =>
      p.$shown &&
      !p.$still &&
      css`
        animation: ${pop} 0.5s ease-out;
      `}
  }
`;

/** One animation step: hidden until its time, then fades and slides in. */
const Step = styled.div<{ $on: boolean; $still: boolean }>`
  position: relative;
  z-index: 1;
  opacity: ${(p) => (p.$on ? 1 : 0)};
  transform: ${(p) => (p.$on ? 'none' : 'translateY(10px)')};
  transition: ${(p) => (p.$still ? 'none' : 'opacity 0.45s ease, transform 0.45s ease')};
`;

const Trophy = styled.div`
  line-height: 0;
  margin-bottom: 8px;
`;

const Name = styled.p`
  font-size: 1.3rem;
  font-weight: 800;
  margin: 6px 0 4px;
`;

const Description = styled.p`
  margin: 0 0 12px;
  color: ${(p) => p.theme.muted};
`;

const Awesome = styled.button`
  margin-top: 18px;
  padding: 10px 28px;
  border: none;
  border-radius: 999px;
  font-weight: 800;
  font-size: 1rem;
  cursor: pointer;
  color: #fff;
  background: linear-gradient(135deg, #ff924c, #ff595e);
  box-shadow: 0 4px 14px rgba(255, 89, 94, 0.4);
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.primary};
    outline-offset: 3px;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  flex-wrap: wrap;
  gap: 6px 14px;
`;

/** The quieter buttons beside Awesome!: Next (when more wait) and Dismiss all. */
const Quiet = styled.button`
  margin-top: 18px;
  padding: 6px 14px;
  font-size: 0.9rem;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 999px;
  font-weight: 600;
  cursor: pointer;
  color: ${(p) => p.theme.text};
  background: ${(p) => p.theme.surface};
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.primary};
    outline-offset: 3px;
  }
`;

const FlightLink = styled(Link)`
  display: inline-block;
  margin-top: 8px;
  color: ${(p) => p.theme.primary};
  font-weight: 600;
`;

const Close = styled.button`
  position: absolute;
  top: 8px;
  right: 10px;
  z-index: 2;
  border: none;
  background: none;
  font-size: 20px;
  cursor: pointer;
  color: ${(p) => p.theme.muted};
`;

const Layer = styled.div`
  position: absolute;
  inset: 0;
  pointer-events: none;
  overflow: hidden;
`;

const Piece = styled.i`
  position: absolute;
  top: -20px;
  width: 8px;
  height: 14px;
  border-radius: 2px;
  animation: ${fall} linear forwards;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    display: none;
  }
`;

const Bubble = styled.i<{ $still: boolean }>`
  position: absolute;
  bottom: -40px;
  border-radius: 50%;
  background: radial-gradient(circle at 30% 30%, rgba(255, 255, 255, 0.8), rgba(91, 155, 255, 0.25));
  ${(p) =>
    p.$still
      ? css`
          opacity: 0.25;
          bottom: auto;
        `
      : css`
          animation: ${rise} ease-in infinite;
        `}
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** How far the animation has come: steps 0-5 and whether confetti is falling. */
function useCelebration(key: number | undefined, still: boolean) {
  const [step, setStep] = useState(still ? STEP_TIMES_MS.length : 0);
  const [confetti, setConfetti] = useState(false);
  useEffect(() => {
    if (key === undefined) return;
    if (still) {
      setStep(STEP_TIMES_MS.length);
      setConfetti(false);
      return;
    }
    setStep(0);
    setConfetti(false);
    const timers = [
      ...STEP_TIMES_MS.map((ms, index) => setTimeout(() => setStep(index + 1), ms)),
      setTimeout(() => setConfetti(true), CONFETTI_FROM_MS),
      setTimeout(() => setConfetti(false), CONFETTI_UNTIL_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, [key, still]);
  return { step, confetti };
}

export interface CelebrationProps {
  /** Changes for each notification shown: the animation starts again. */
  celebrationKey: number;
  name: string;
  description: string;
  level: number;
  /** The flight it was reached on: where the link goes and its date in words. */
  flight: { href: string; date: string } | null;
  /** How many more wait after this one. */
  more: number;
  /** The dismiss button's text; 'Awesome!' by default (docs/product.md §2 Achievement popup). */
  dismissText?: string;
  /** Dismisses this one: the next shows, or the dialog closes. */
  onDismiss: () => void;
  onDismissAll: () => void;
  dismissingAll: boolean;
  /** Closes without dismissing. */
  onClose: () => void;
}

/**
 * docs/product.md §2 Achievement popup, drawn: title, name, description, tier badge and the dismiss button
 * ('Awesome!'); with more waiting, a smaller Next (the same dismissal, for a pilot going through a queue)
 * and Dismiss all. Steps appear at 0.1, 1, 1.5, 2 and 2.5 s; confetti (50 pieces) falls from 0.3 s to
 * 3 s over 20 floating bubbles. With reduced motion everything shows at once, without confetti or
 * moving bubbles. It lives in the app's Modal, so the keyboard stays inside and Escape closes it.
 */
export function Celebration({ celebrationKey, name, description, level, flight, more, dismissText, onDismiss, onDismissAll, dismissingAll, onClose }: CelebrationProps) {
  const { t } = useLingui();
  const [still] = useState(prefersReducedMotion);
  const { step, confetti } = useCelebration(celebrationKey, still);
  const flightDate = flight?.date;

  return (
    <Dialog title={t`Achievement Unlocked!`} hideTitle onClose={onClose} describedBy="achievement-popup-description" $shown={step >= 1} $still={still} dialogProps={{ 'data-step': step }}>
      <Layer aria-hidden="true">
        {Array.from({ length: BUBBLES }, (_, i) => {
          const size = 10 + scatter(i, 1) * 26;
          return (
            <Bubble
              key={i}
              data-testid="bubble"
              $still={still}
              style={{
                left: `${scatter(i, 2) * 95}%`,
                top: still ? `${scatter(i, 5) * 90}%` : undefined,
                width: size,
                height: size,
                animationDuration: `${4 + scatter(i, 3) * 4}s`,
                animationDelay: `${scatter(i, 4) * 3}s`,
              }}
            />
          );
        })}
      </Layer>
      {confetti && (
        <Layer aria-hidden="true" data-testid="confetti">
          {Array.from({ length: CONFETTI_PIECES }, (_, i) => (
            <Piece
              key={i}
              data-testid="confetti-piece"
              style={
                {
                  left: `${scatter(i, 6) * 100}%`,
                  background: CONFETTI_COLOURS[i % CONFETTI_COLOURS.length],
                  animationDuration: `${1.4 + scatter(i, 7) * 1.2}s`,
                  animationDelay: `${scatter(i, 8) * 0.6}s`,
                  '--drift': `${(scatter(i, 9) - 0.5) * 160}px`,
                } as CSSProperties
              }
            />
          ))}
        </Layer>
      )}
      <Close type="button" aria-label={t`Close`} onClick={onClose}>
        ✕
      </Close>
      <Step $on={step >= 2} $still={still}>
        <Trophy aria-hidden="true">
          <AchievementIcon icon="trophy" size={72} colour="#e0a800" />
        </Trophy>
      </Step>
      <Step $on={step >= 3} $still={still}>
        <h2 style={{ margin: 0 }}>
          <Trans>Achievement Unlocked!</Trans>
        </h2>
      </Step>
      <Step $on={step >= 4} $still={still}>
        <Name>{name}</Name>
        <Description id="achievement-popup-description">{description}</Description>
      </Step>
      <Step $on={step >= 5} $still={still}>
        <TierBadge level={level} />
        {flight && (
          <div>
            <FlightLink to={flight.href} onClick={onDismiss}>
              <Trans>Reached on your flight of {flightDate}</Trans>
            </FlightLink>
          </div>
        )}
        <Actions>
          <Awesome type="button" onClick={onDismiss} autoFocus>
            {dismissText ?? t`Awesome!`}
          </Awesome>
          {more > 0 && (
            <>
              <Quiet type="button" onClick={onDismiss}>
                <Trans>Next</Trans>
              </Quiet>
              <Quiet type="button" disabled={dismissingAll} onClick={onDismissAll}>
                <Trans>Dismiss all</Trans>
              </Quiet>
            </>
          )}
        </Actions>
        {more > 0 && (
          <p style={{ margin: '10px 0 0', fontSize: 13, opacity: 0.75 }}>
            <Trans>{more} more to celebrate</Trans>
          </p>
        )}
      </Step>
    </Dialog>
  );
}
