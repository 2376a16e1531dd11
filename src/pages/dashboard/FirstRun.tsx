import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button, Card } from '../../components/ui';
import { Upload } from '../../features/upload/Upload';

const Panel = styled(Card)`
  display: grid;
  gap: 14px;
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

/**
 * Issue 26 item 12: an empty logbook shows what to do first and what happens next, in place of
 * "0 months", Show All and the controls of an empty map.
 */
export function FirstRun({ onAddWithoutTrack }: { onAddWithoutTrack: () => void }) {
  return (
    <Panel aria-labelledby="first-run-heading">
      <h2 id="first-run-heading">
        <Trans>Welcome to your logbook</Trans>
      </h2>
      <p>
        <Trans>Start with the track logs from your flight instrument or phone: one file, several, or a whole archive of past seasons.</Trans>
      </p>
      <Upload />
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
      <div>
        <Button type="button" $variant="secondary" onClick={onAddWithoutTrack}>
          <Trans>Add flight without a track</Trans>
        </Button>
      </div>
    </Panel>
  );
}
