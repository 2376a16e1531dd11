import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useSetUnitsMutation } from '../../api/auth';
import { useAppSelector } from '../../app/hooks';
import { paths, useLocalePath } from '../../app/paths';
import { Alert, Button } from '../../components/ui';
import { useUnits } from '../../components/units';
import { ALTITUDE_SYMBOL, DISTANCE_SYMBOL, SPEED_SYMBOL } from '../../format/units';
import { selectUser } from '../auth/authSlice';

/* One or two short lines. On a phone the logbook must stay in the first screen, so the question waits
   for a wider screen there; the default it offers applies all the same (docs/units.md). */
const Question = styled(Alert)`
  @media (max-width: 520px) {
    display: none;
  }
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 4px 16px;
  padding: 6px 12px;
  font-size: 14px;
  p { margin: 0; flex: 1 1 240px; }
`;

/**
 * Asked once, on the dashboard, while the pilot has not chosen units (docs/units.md): the default
 * from where they fly or their language, kept with one click (which stores it as their choice), or
 * changed in the profile.
 */
export function UnitsQuestion() {
  const { t } = useLingui();
  const user = useAppSelector(selectUser);
  const units = useUnits();
  const to = useLocalePath();
  const [save, { isLoading, isError }] = useSetUnitsMutation();
  if (!user || user.units) return null;
  const altitude = ALTITUDE_SYMBOL[units.altitude];
  const distance = DISTANCE_SYMBOL[units.distance];
  const speed = SPEED_SYMBOL[units.speed];
  return (
    <Question $tone="info" role="region" aria-label={t`Units`}>
      <p>
        <Trans>
          Heights in {altitude}, distances in {distance}, speeds in {speed}?
        </Trans>
        {isError && (
          <>
            {' '}
            <Trans>Your choice could not be saved. Try again.</Trans>
          </>
        )}
      </p>
      <Button type="button" $variant="link" onClick={() => void save(units)} disabled={isLoading}>
        <Trans>Keep these units</Trans>
      </Button>
      <Link to={`${to(paths.profile.getHref())}#units-heading`}>
        <Trans>Change units</Trans>
      </Link>
    </Question>
  );
}
