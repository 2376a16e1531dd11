import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useProfileQuery } from '../../api/auth';
import { paths, useLocalePath } from '../../app/paths';
import { landingToast, Toast, type ToastMessage } from '../../components/Toast';
import { Spinner } from '../../components/ui';
import { BasicInformation } from './BasicInformationSection';
import { ChangePassword } from './ChangePasswordSection';
import { CommunitySettingsSection } from './CommunitySettingsSection';
import { DeleteAccount } from './DeleteAccountSection';
import { FollowSettingsSection } from './FollowSettingsSection';
import { LeagueSection } from './LeagueSection';
import { PublicPageSection } from './PublicPageSection';
import { AirspaceFiles } from '../../features/airspace/AirspaceFiles';
import { UnitsSection } from './UnitsSection';

export { DELETE_REDIRECT_MS } from './DeleteAccountSection';

/** One column that never grows past the screen: long usernames and addresses wrap (417-491 px at 390). */
const Sections = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
  max-width: 720px;
  overflow-wrap: anywhere;
  @media (max-width: 520px) {
    & > * {
      padding-left: 14px;
      padding-right: 14px;
    }
  }
`;

/**
 * docs/product.md §2 Profile and §5: the page composes its sections (basic information, league, public page,
 * password change, account deletion), each its own file, and shows their toasts.
 */
export default function ProfilePage() {
  const { t } = useLingui();
  const to = useLocalePath();
  const navigate = useNavigate();
  const { data, isLoading, isError, error } = useProfileQuery();
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const closeToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    // A 401 is already on its way to /{lang}/login (api/base.ts).
    if (!isError || (error && 'status' in error && error.status === 401)) return;
    // The toast goes with the pilot: this page is gone once the login page shows.
    navigate(to(paths.login.getHref()), { state: landingToast({ tone: 'error', text: t`Failed to load profile` }) });
  }, [isError, error, navigate, to, t]);

  const user = data?.user;
  return (
    <>
      <h1>
        <Trans>Profile</Trans>
      </h1>
      <p>
        <Trans>Manage your account details, password and data.</Trans>
      </p>
      <Toast toast={toast} onClose={closeToast} />
      {isLoading || !user ? (
        <Spinner />
      ) : (
        <Sections>
          <BasicInformation user={user} onToast={setToast} />
          <LeagueSection onToast={setToast} />
          <UnitsSection onToast={setToast} />
          <PublicPageSection onToast={setToast} />
          <CommunitySettingsSection onToast={setToast} />
          <FollowSettingsSection onToast={setToast} />
          <AirspaceFiles scope="personal" />
          {user.authProvider === 'local' && <ChangePassword onToast={setToast} />}
          <DeleteAccount local={user.authProvider === 'local'} onToast={setToast} />
        </Sections>
      )}
    </>
  );
}
