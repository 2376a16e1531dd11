import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
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
    /* Scrolls away on a phone: pinned, an open menu would hide the top of every page. */
    position: static;
    flex-wrap: wrap;
    gap: 8px 10px;
    padding: 8px 12px;
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

/** The main links; on a phone they stand one under the other in the menu. */
const Links = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 16px;
  @media (max-width: 600px) {
    flex-direction: column;
    align-items: flex-start;
    gap: 14px;
    padding: 6px 0;
  }
`;

/**
 * On a phone the bar is the logo, the bell and this button; the rest opens under it. In the German
 * header the links, language, theme and Logout took three rows of a 390 px screen (docs/app.md).
 */
const MenuButton = styled(Button)`
  display: none;
  white-space: nowrap;
  @media (max-width: 600px) {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
`;

/** Part of the bar on a wide screen (its children sit in the bar's row); a panel under it on a phone. */
const Menu = styled.div<{ $open: boolean }>`
  display: contents;
  @media (max-width: 600px) {
    display: ${(p) => (p.$open ? 'flex' : 'none')};
    flex-basis: 100%;
    flex-wrap: wrap;
    align-items: center;
    gap: 12px;
    padding: 8px 0 4px;
    border-top: 1px solid ${(p) => p.theme.border};
    /* Wide enough for the longest language name (Slovenščina was cut off). */
    select { max-width: 170px; }
    > nav { flex-basis: 100%; }
  }
`;

const MenuIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

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
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // A link followed from the menu closes it: the next page opens with the bar folded.
  useEffect(() => setMenuOpen(false), [pathname]);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  const onLogout = async () => {
    await logout()
      .unwrap()
      .catch((error) => console.warn('Logout failed', error));
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
    navigate(to(paths.login.getHref()));
  };

  return (
    <Bar onKeyDown={closeOnEscape}>
      <Brand to={to(paths.home.getHref())} aria-label={t`Flight Logbook home`}>
        <Logo />
        <span>Flight Logbook</span>
      </Brand>
      {user && <NotificationBell />}
      <MenuButton ref={menuButton} $variant="secondary" type="button" aria-expanded={menuOpen} aria-controls="site-menu" onClick={() => setMenuOpen((open) => !open)}>
        <MenuIcon />
        <Trans>Menu</Trans>
      </MenuButton>
      <Menu id="site-menu" $open={menuOpen}>
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
      </Menu>
    </Bar>
  );
}
