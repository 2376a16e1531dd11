import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';

const Box = styled.p`
  margin: 8px 0 0;
  padding: 24px 16px;
  text-align: center;
  border: 1px dashed ${(p) => p.theme.border};
  border-radius: 8px;
  background: ${(p) => p.theme.surfaceAlt};
  color: ${(p) => p.theme.text};
`;

/** In place of the map, height profile and score of a flight added by hand. */
export function NoTrack() {
  return (
    <Box data-testid="no-track">
      <Trans>No track recorded. This flight was added by hand, so it has no map, height profile or score.</Trans>
    </Box>
  );
}
