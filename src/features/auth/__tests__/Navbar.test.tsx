import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyStatistics, mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

const pilot = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User', preferredLanguage: 'en', emailVerified: true, authProvider: 'local' };

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});

test('signed out: logo to home, Rankings, the public thermal map, Login and Register; no Dashboard or Logout', async () => {
  mockApi({});
  renderApp({ route: '/fr' });
  const header = await screen.findByRole('banner');
  expect(within(header).getByRole('link', { name: 'Flight Logbook home' })).toHaveAttribute('href', '/fr');
  const main = within(header).getByRole('navigation', { name: 'Main' });
  expect(within(main).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Rankings', '/fr/rankings'],
    ['Thermal map', '/fr/thermals/public'],
  ]);
  expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/fr/login');
  expect(within(header).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/fr/register');
  expect(within(header).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  expect(within(header).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
});

test('signed in: Dashboard link and Logout, which signs out and goes to the login page', async () => {
  const api = mockApi({ ...emptyStatistics, 'GET /api/auth/check': { body: { user: pilot } }, 'POST /api/auth/logout': { body: { message: 'Logged out.' } }, 'GET /api/config': { body: {} } });
  const { router, store } = renderApp({ route: '/es/statistics' });
  expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/es/dashboard');
  const main = screen.getByRole('navigation', { name: 'Main' });
  expect(within(main).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Dashboard', '/es/dashboard'],
    ['Rankings', '/es/rankings'],
    ['Compare', '/es/compare'],
  ]);
  expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/es/login'));
  expect(store.getState().auth.user).toBeNull();
  expect(api.calls.some((c) => c.path === '/api/auth/logout' && c.method === 'POST')).toBe(true);
});

test('the theme switch says what it will do, marks the root and remembers the choice', async () => {
  mockApi({});
  renderApp({ route: '/' });
  const toggle = await screen.findByRole('switch', { name: 'Switch to dark mode' });
  expect(toggle).toHaveAttribute('title', 'Switch to dark mode');
  await userEvent.click(toggle);
  expect(screen.getByRole('switch', { name: 'Switch to light mode' })).toBeInTheDocument();
  expect(document.documentElement).toHaveClass('dark');
  expect(localStorage.getItem('theme')).toBe('dark');
});

test('the phone menu button says whether the menu is open, and Escape folds it back onto the button', async () => {
  mockApi({});
  renderApp({ route: '/' });
  // jsdom reads no media query, so the button keeps its wide-screen display: none and no accessible name.
  await screen.findByRole('navigation', { name: 'Main' });
  const button = screen.getAllByRole('button', { hidden: true }).find((b) => b.textContent === 'Menu')!;
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveAttribute('aria-controls', 'site-menu');
  expect(document.getElementById('site-menu')).toContainElement(screen.getByRole('navigation', { name: 'Main' }));
  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Rankings' }));
  // Following a link from the menu folds it: the next page opens with the bar closed.
  await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  await userEvent.click(button);
  screen.getByRole('link', { name: 'Login' }).focus();
  await userEvent.keyboard('{Escape}');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveFocus();
});
