import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyStatistics, mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

const unverified = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User', preferredLanguage: 'en', emailVerified: false, authProvider: 'local' };
const BANNER = /Your email address is not verified yet/;

afterEach(() => jest.restoreAllMocks());

test('an unverified pilot sees the banner; Resend mails again and says so; the banner can be dismissed', async () => {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  const api = mockApi({ ...emptyStatistics, 'GET /api/auth/check': { body: { user: unverified } }, 'POST /api/auth/resend-verification': { body: { message: 'ok' } } });
  renderApp({ route: '/statistics' });
  expect(await screen.findByText(BANNER)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
  await waitFor(() => expect(alert).toHaveBeenCalledWith('Verification email sent. Please check your inbox.'));
  expect(api.calls.find((c) => c.path === '/api/auth/resend-verification')!.body).toEqual({ email: 'anna@example.com' });
  await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
});

test('a failed resend says to try later', async () => {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  mockApi({ ...emptyStatistics, 'GET /api/auth/check': { body: { user: unverified } }, 'POST /api/auth/resend-verification': { status: 429, body: { message: 'Too many' } } });
  renderApp({ route: '/statistics' });
  await userEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
  await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to resend verification email. Please try again later.'));
});

test('a verified pilot sees no banner', async () => {
  mockApi({ ...emptyStatistics, 'GET /api/auth/check': { body: { user: { ...unverified, emailVerified: true } } } });
  renderApp({ route: '/statistics' });
  expect(await screen.findByRole('link', { name: 'Overview' })).toBeInTheDocument();
  expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
});

test('the sections sit behind a menu button that says where the pilot is; it opens, takes the focus in, and Escape gives it back', async () => {
  mockApi({ ...emptyStatistics, 'GET /api/auth/check': { body: { user: { ...unverified, emailVerified: true } } } });
  renderApp({ route: '/statistics' });
  await screen.findByRole('link', { name: 'Overview' });
  // The button shows at phone width only (a media query jsdom does not apply): here it is found by what it controls.
  const menu = document.querySelector<HTMLButtonElement>('button[aria-controls="dashboard-sections"]')!;
  expect(menu).toHaveTextContent('Sections: Statistics');
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('link', { name: 'Statistics' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(menu).toHaveFocus();
  await userEvent.click(menu);
  await userEvent.click(screen.getByRole('link', { name: 'History' }));
  await waitFor(() => expect(menu).toHaveTextContent('Sections: History'));
  await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
});

test('a skip link is the first stop of the Tab key and moves the focus to the main content', async () => {
  mockApi({ ...emptyStatistics, 'GET /api/auth/check': { body: { user: { ...unverified, emailVerified: true } } } });
  renderApp({ route: '/statistics' });
  await screen.findByRole('link', { name: 'Overview' });
  await userEvent.tab();
  const skip = screen.getByRole('link', { name: 'Skip to content' });
  expect(skip).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(screen.getByRole('main')).toHaveFocus();
});
