import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths, useLocalePath } from '../../app/paths';
import { useAppSelector } from '../../app/hooks';
import { PublicPage } from '../../components/public-page';
import { Hint } from '../../components/ui';
import { selectUser } from '../../features/auth/authSlice';
import { ThermalMapView } from './ThermalsPage';

/**
 * `/thermals/public`: the instance's thermal map for everyone, signed in or not: public flights only
 * (docs/thermal-maps.md). A pilot's own map, private flights included, stays on `/thermals`.
 */
export default function PublicThermalsPage() {
  const to = useLocalePath();
  const user = useAppSelector(selectUser);
  return (
    <PublicPage>
      <ThermalMapView
        publicOnly
        intro={
          <Hint as="p">
            {user ? (
              <Trans>
                This map shows the public flights of all pilots. <Link to={to(paths.thermals.getHref())}>Your own thermal map</Link> includes your private flights.
              </Trans>
            ) : (
              <Trans>
                This map shows the public flights of all pilots. <Link to={to(paths.login.getHref())}>Sign in</Link> to see the map of your own flights, private ones included.
              </Trans>
            )}
          </Hint>
        }
      />
    </PublicPage>
  );
}
