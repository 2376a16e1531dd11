import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useLogoutMutation } from '../../api/auth';
import { api } from '../../api/base';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths, useLocalePath } from '../../app/paths';
import { signedOut } from './authSlice';
import { LanguageSwitcher } from '../language/LanguageSwitcher';
import { NotificationBell } from '../notifications/NotificationBell';
import { Logo } from '../../components/Logo';
import { ThemeToggle } from '../theme/ThemeToggle';
import { Button } from '../../components/ui';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 100;
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 10px 20px;
  @media (max-width: 600px) {
    /* Scrolls away on a phone: pinned, its two rows hid the top of every page. */
    position: static;
    flex-wrap: wrap;
    gap: 8px 10px;
    padding: 8px 12px;
    /* Wide enough for the longest language name (Slovenščina was cut off). */
    select { max-width: 150px; }
  }
  background: ${(p) => p.theme.surface};
  border-bottom: 1px solid ${(p) => p.theme.border};
`;

const Brand = styled(Link)`
  display: flex;
  align-items: center;
  gap: 10px;
  font-weight: 700;
  font-size: 18px;
  color: ${(p) => p.theme.text};
  text-decoration: none;
  margin-right: auto;
  @media (max-width: 600px) {
    span { display: none; }
  }
`;

const NavLink = styled(Link)`
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
`;

/** "Logout" stays one word on one line at 390 px (issue 40). */
const LogoutButton = styled(Button)`
  white-space: nowrap;
`;

/** The main links; on a phone they wrap under the logo with the rest of the bar. */
const Links = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 16px;
  @media (max-width: 600px) {
    gap: 6px 12px;
  }
`;

/**
 * docs/product.md §2 Navbar: logo to home; the main links (Dashboard, Rankings and Compare when signed in;
 * Rankings and the public thermal map for a visitor); language switcher and theme; Logout when signed in,
 * else Login and Register.
 */
export function Navbar() {
  const { t } = useLingui();
  const user = useAppSelector((s) => s.auth.user);
  const to = useLocalePath();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [logout] = useLogoutMutation();

  const onLogout = async () => {
    await logout()
      .unwrap()
      .catch((error) => console.warn('Logout failed', error));
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
    navigate(to(paths.login.getHref()));
  };

  return (
    <Bar>
      <Brand to={to(paths.home.getHref())} aria-label={t`Flight Logbook home`}>
        <Logo />
        <span>Flight Logbook</span>
      </Brand>
      <Links aria-label={t`Main`}>
        {user && (
          <NavLink to={to(paths.dashboard.getHref())}>
            <Trans>Dashboard</Trans>
          </NavLink>
        )}
        <NavLink to={to(paths.rankings.getHref())}>
          <Trans>Rankings</Trans>
        </NavLink>
        {user ? (
          <NavLink to={to(paths.compare.path)}>
            <Trans>Compare</Trans>
          </NavLink>
        ) : (
          <NavLink to={to(paths.publicThermals.getHref())}>
            <Trans>Thermal map</Trans>
          </NavLink>
        )}
      </Links>
      {user && <NotificationBell />}
      <LanguageSwitcher />
      <ThemeToggle />
      {user ? (
        <LogoutButton $variant="secondary" type="button" onClick={onLogout}>
          <Trans>Logout</Trans>
        </LogoutButton>
      ) : (
        <>
          <NavLink to={to(paths.login.getHref())}>
            <Trans>Login</Trans>
          </NavLink>
          <NavLink to={to(paths.register.getHref())}>
            <Trans>Register</Trans>
          </NavLink>
        </>
      )}
    </Bar>
  );
}
