import { Trans } from '@lingui/react/macro';
import styled, { css } from 'styled-components';

/**
 * The upload area with "add a flight without a track": one line above the logbook once the pilot has
 * flights; on an empty logbook a welcome panel around the same upload area. The
 * upload area stays one element in both, so an upload started as the months arrive is not cut off.
 * Unnamed (no landmark) once the pilot has flights; named by its heading on an empty logbook.
 */
export const UploadArea = styled.section<{ $firstRun: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 10px;
  align-items: center;
  ${(p) =>
    p.$firstRun &&
    css`
      grid-template-columns: minmax(0, 1fr);
      gap: 14px;
      justify-items: stretch;
      background: ${p.theme.surface};
      border: 1px solid ${p.theme.border};
      border-radius: 10px;
      box-shadow: ${p.theme.shadow};
      padding: 20px 24px;
      & > button {
        justify-self: start;
      }
      @media (max-width: 520px) {
        padding: 16px 14px;
      }
    `}
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
  }
  ol {
    margin: 0;
    padding-left: 1.3em;
    display: grid;
    gap: 6px;
  }
`;

/** "Add a flight without a track" in full, or on a phone beside the compact upload as "+ Without track" (then its name, too). */
const Long = styled.span`
  @media (max-width: 520px) {
    display: none;
  }
`;
const Short = styled.span`
  display: none;
  @media (max-width: 520px) {
    display: inline;
  }
`;

export function AddWithoutTrackLabel({ short }: { short: boolean }) {
  if (!short) return <Trans>Add flight without a track</Trans>;
  return (
    <>
      <Long>
        <Trans>Add flight without a track</Trans>
      </Long>
      <Short>
        <Trans>+ Without track</Trans>
      </Short>
    </>
  );
}

/** What an empty logbook says first. */
export function FirstRunIntro() {
  return (
    <>
      <h2 id="first-run-heading">
        <Trans>Welcome to your logbook</Trans>
      </h2>
      <p>
        <Trans>Start with the track logs from your flight instrument or phone: one file, several, or a whole archive of past seasons.</Trans>
      </p>
    </>
  );
}

/** What happens after the first upload. */
export function FirstRunSteps() {
  return (
    <ol>
      <li>
        <Trans>Each flight is analysed: its time in the air, distance, height and score.</Trans>
      </li>
      <li>
        <Trans>Your flights appear here by month, each with its map and height profile.</Trans>
      </li>
      <li>
        <Trans>An archive with many files is analysed in the background; its progress shows on this page.</Trans>
      </li>
    </ol>
  );
}
