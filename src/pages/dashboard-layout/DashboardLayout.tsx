import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { matchPath, NavLink, Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useNotificationsQuery } from '../../api/achievements';
import { useResendVerificationMutation } from '../../api/auth';
import { AchievementPopup } from '../../features/achievementQueue/AchievementPopup';
import { NewCommentsBadge } from '../../features/community/NewCommentsBadge';
import { useAppSelector } from '../../app/hooks';
import { paths, useLocalePath } from '../../app/paths';
import { stripLanguage } from '../../i18n/languages';
import { Button } from '../../components/ui';

const Layout = styled.div`
  display: grid;
  grid-template-columns: 210px 1fr;
  min-height: calc(100vh - 57px);
  @media (max-width: 800px) {
    grid-template-columns: 1fr;
  }
`;

const Sidebar = styled.nav`
  background: ${(p) => p.theme.surface};
  border-right: 1px solid ${(p) => p.theme.border};
  padding: 16px 10px;
  display: flex;
  flex-direction: column;
  gap: 4px;
  @media (max-width: 800px) {
    flex-direction: row;
    flex-wrap: wrap;
    border-right: none;
    border-bottom: 1px solid ${(p) => p.theme.border};
  }
`;

const Tab = styled(NavLink)<{ $active: boolean }>`
  padding: 9px 14px;
  border-radius: 6px;
  text-decoration: none;
  font-weight: 600;
  color: ${(p) => (p.$active ? p.theme.primaryText : p.theme.text)};
  background: ${(p) => (p.$active ? p.theme.primary : 'transparent')};
  &:hover {
    background: ${(p) => (p.$active ? p.theme.primary : p.theme.surfaceAlt)};
  }
`;

const Content = styled.main`
  padding: 20px 24px 48px;
  min-width: 0;
`;

const Banner = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
  padding: 10px 14px;
  margin-bottom: 16px;
  border-radius: 6px;
  background: #fff3b0;
  color: #4d3b00;
  border: 1px solid #e6c84f;
`;

/** docs/product.md §2 Dashboard layout: sidebar tabs (active one from the path), Debug for admins, unverified-email banner. */
export default function DashboardLayout() {
  const { t } = useLingui();
  const to = useLocalePath();
  const path = stripLanguage(useLocation().pathname);
  const user = useAppSelector((s) => s.auth.user);
  const [bannerHidden, setBannerHidden] = useState(false);
  const [resend, { isLoading: resending }] = useResendVerificationMutation();
  // Pending achievement notifications load with any dashboard page; the popup shows them.
  useNotificationsQuery();

  const tabs = [
    { path: paths.dashboard.getHref(), label: t`Overview`, active: path === paths.dashboard.getHref() || !!matchPath(paths.flight.path, path) },
    { path: paths.statistics.getHref(), label: t`Statistics` },
    { path: paths.gliders.getHref(), label: t`Gliders` },
    { path: paths.sites.getHref(), label: t`Sites` },
    { path: paths.history.getHref(), label: t`History` },
    { path: paths.feed.getHref(), label: t`Feed` },
    { path: paths.clubs.getHref(), label: t`Clubs`, active: path === paths.clubs.getHref() || !!matchPath(paths.joinClub.path, path) },
    { path: paths.thermals.getHref(), label: t`Thermals` },
    { path: paths.achievements.getHref(), label: t`Achievements` },
    { path: paths.data.getHref(), label: t`Your data` },
    { path: paths.profile.getHref(), label: t`Profile` },
    ...(user?.role === 'Admin' ? [{ path: paths.debug.getHref(), label: t`Debug` }] : []),
  ];

  const onResend = async () => {
    try {
      await resend({ email: user?.email }).unwrap();
      window.alert(t`Verification email sent. Please check your inbox.`);
    } catch {
      window.alert(t`Failed to resend verification email. Please try again later.`);
    }
  };

  return (
    <Layout>
      <Sidebar aria-label={t`Dashboard sections`}>
        {tabs.map((tab) => {
          const active = tab.active ?? path === tab.path;
          return (
            <Tab key={tab.path} to={to(tab.path)} $active={active} aria-current={active ? 'page' : undefined}>
              {tab.label}
              {tab.path === paths.feed.getHref() && <NewCommentsBadge />}
            </Tab>
          );
        })}
      </Sidebar>
      <Content>
        {user && !user.emailVerified && !bannerHidden && (
          <Banner role="alert">
            <span>
              <Trans>Your email address is not verified yet. Check your inbox for the verification link.</Trans>
            </span>
            <Button type="button" $variant="secondary" disabled={resending} onClick={onResend}>
              <Trans>Resend verification email</Trans>
            </Button>
            <Button type="button" $variant="link" style={{ marginLeft: 'auto', color: 'inherit' }} aria-label={t`Dismiss`} onClick={() => setBannerHidden(true)}>
              ✕
            </Button>
          </Banner>
        )}
        <Outlet />
      </Content>
      <AchievementPopup />
    </Layout>
  );
}
