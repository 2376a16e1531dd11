import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
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
    /* The menu keeps its height; a short page's spare height goes below the content. */
    grid-template-rows: auto 1fr;
  }
`;

const PHONE_MEDIA = '(max-width: 800px)';

const Sidebar = styled.nav`
  background: ${(p) => p.theme.surface};
  border-right: 1px solid ${(p) => p.theme.border};
  padding: 16px 10px;
  @media ${PHONE_MEDIA} {
    padding: 6px 12px;
    border-right: none;
    border-bottom: 1px solid ${(p) => p.theme.border};
  }
`;

/** The sections, one under the other; at phone width hidden behind the menu button until it opens them. */
const Tabs = styled.div<{ $open: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 4px;
  @media ${PHONE_MEDIA} {
    display: ${(p) => (p.$open ? 'flex' : 'none')};
    padding: 6px 0 4px;
  }
`;

/** Only at phone width: nine sections in a row took three rows above every page. */
const MenuButton = styled(Button)`
  display: none;
  @media ${PHONE_MEDIA} {
    display: inline-flex;
    width: 100%;
    justify-content: space-between;
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
  @media ${PHONE_MEDIA} {
    padding: 14px 12px 40px;
  }
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
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const tabList = useRef<HTMLDivElement>(null);
  const [resend, { isLoading: resending }] = useResendVerificationMutation();
  // Pending achievement notifications load with any dashboard page; the popup shows them.
  useNotificationsQuery();

  const tabs = [
    { path: paths.dashboard.getHref(), label: t`Overview`, active: path === paths.dashboard.getHref() || !!matchPath(paths.flight.path, path) },
    { path: paths.statistics.getHref(), label: t`Statistics` },
    { path: paths.gliders.getHref(), label: t`Gliders` },
    { path: paths.gear.getHref(), label: t`Gear` },
    { path: paths.sites.getHref(), label: t`Sites` },
    { path: paths.history.getHref(), label: t`History` },
    // Finding pilots to follow is reached from the feed, and the phone's section button names it so.
    { path: paths.feed.getHref(), label: t`Feed`, active: path === paths.feed.getHref() || path === paths.pilots.getHref() },
    { path: paths.clubs.getHref(), label: t`Clubs`, active: path === paths.clubs.getHref() || !!matchPath(paths.joinClub.path, path) },
    { path: paths.thermals.getHref(), label: t`Thermal map` },
    { path: paths.achievements.getHref(), label: t`Achievements` },
    { path: paths.training.getHref(), label: t`Training log` },
    { path: paths.incidents.getHref(), label: t`Incidents`, active: path === paths.incidents.getHref() || !!matchPath(paths.newIncident.path, path) || path === paths.safety.getHref() },
    { path: paths.data.getHref(), label: t`Your data` },
    { path: paths.profile.getHref(), label: t`Profile` },
    ...(user?.role === 'Admin' ? [{ path: paths.moderation.getHref(), label: t`Moderation` }, { path: paths.adminRoles.getHref(), label: t`Roles` }, { path: paths.debug.getHref(), label: t`Debug` }] : []),
  ];

  const current = tabs.find((tab) => tab.active ?? path === tab.path);

  // Choosing a section (or any other navigation) folds the phone menu away again.
  useEffect(() => setMenuOpen(false), [path]);
  // Opened, the focus goes to the current section's link, so Tab and Enter work at once.
  useEffect(() => {
    if (menuOpen) (tabList.current?.querySelector<HTMLElement>('[aria-current="page"]') ?? tabList.current?.querySelector<HTMLElement>('a'))?.focus();
  }, [menuOpen]);
  const onMenuKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };

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
      <Sidebar aria-label={t`Dashboard sections`} onKeyDown={onMenuKey}>
        <MenuButton ref={menuButton} type="button" $variant="secondary" aria-expanded={menuOpen} aria-controls="dashboard-sections" onClick={() => setMenuOpen(!menuOpen)}>
          <span>
            <Trans>Sections</Trans>
            {current && `: ${current.label}`}
          </span>
          <span aria-hidden="true">{menuOpen ? '▴' : '▾'}</span>
        </MenuButton>
        <Tabs id="dashboard-sections" ref={tabList} $open={menuOpen}>
          {tabs.map((tab) => {
            const active = tab.active ?? path === tab.path;
            return (
              <Tab key={tab.path} to={to(tab.path)} $active={active} aria-current={active ? 'page' : undefined}>
                {tab.label}
                {tab.path === paths.feed.getHref() && <NewCommentsBadge />}
              </Tab>
            );
          })}
        </Tabs>
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
