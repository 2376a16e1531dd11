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
