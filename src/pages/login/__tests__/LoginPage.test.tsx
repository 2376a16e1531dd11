import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

const pilot = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User', preferredLanguage: 'en', emailVerified: true, authProvider: 'local' };

afterEach(() => jest.restoreAllMocks());

test('a wrong password shows the server message and stays on the login page', async () => {
  const api = mockApi({
    'GET /api/config': { body: { devLogin: false, googleLogin: true, tiles: {} } },
    'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password.' } },
  });
  const { router } = renderApp({ route: '/login' });
  await userEvent.type(await screen.findByLabelText('Email'), '  anna@example.com ');
  await userEvent.type(screen.getByLabelText('Password'), 'wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
  expect(router.state.location.pathname).toBe('/login');
  const login = api.calls.find((c) => c.path === '/api/auth/login')!;
  expect(login.body).toEqual({ email: 'anna@example.com', password: 'wrong' });
});

test('a failure without a message shows the common error text', async () => {
  mockApi({ 'GET /api/config': { body: { devLogin: false } }, 'POST /api/auth/login': { status: 500, body: {} } });
  renderApp({ route: '/login' });
  await userEvent.type(await screen.findByLabelText('Email'), 'anna@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred\. Please try again\.$/);
});

test('both fields are required before anything is sent', async () => {
  const api = mockApi({ 'GET /api/config': { body: { devLogin: false } } });
  renderApp({ route: '/login' });
  await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email and password.');
  expect(api.calls.some((c) => c.path === '/api/auth/login')).toBe(false);
});

test('a successful login sends the XSRF header and goes to the dashboard', async () => {
  document.cookie = 'XSRF-TOKEN=tok123; path=/';
  const api = mockApi({
    'GET /api/config': { body: { devLogin: false } },
    'POST /api/auth/login': { body: { user: pilot } },
    'GET /api/auth/check': { body: { user: pilot } },
  });
  // Only where the pilot lands is checked: the dashboard itself is not loaded (src/testing/render.tsx).
  const { router, store } = renderApp({ route: '/fr/login', onlyOpenedPage: true });
  await userEvent.type(await screen.findByLabelText('Email'), 'anna@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/fr/dashboard'));
  expect(store.getState().auth.user?.email).toBe('anna@example.com');
  expect(api.calls.find((c) => c.path === '/api/auth/login')!.headers.get('X-XSRF-TOKEN')).toBe('tok123');
});

test('the verified flag shows the email-verified notice; dev login only with the flag', async () => {
  mockApi({ 'GET /api/config': { body: { devLogin: false } } });
  renderApp({ route: '/login?verified=true' });
  expect(await screen.findByText('Your email has been verified. You can now log in.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Developer login' })).not.toBeInTheDocument();
  // Google is not configured on this server: no button that could only fail.
  expect(screen.queryByRole('link', { name: 'Login with Google' })).not.toBeInTheDocument();
});

test('a second click on a verification link says the address is verified, not that the link is invalid', async () => {
  mockApi({ 'GET /api/config': { body: { devLogin: false } } });
  renderApp({ route: '/login?verified=already' });
  expect(await screen.findByText('Your email address is already verified. You can log in.')).toBeInTheDocument();
  expect(screen.queryByText(/invalid or has expired/)).not.toBeInTheDocument();
});

test('offers Google sign-in only when the server has it configured', async () => {
  mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: true } } });
  renderApp({ route: '/login' });
  expect(await screen.findByRole('link', { name: 'Login with Google' })).toHaveAttribute('href', '/api/auth/google-login');
});

test('dev login appears with the development flag and reports its failure', async () => {
  mockApi({ 'GET /api/config': { body: { devLogin: true } }, 'POST /api/auth/dev-login': { status: 500, body: {} } });
  renderApp({ route: '/login' });
  await userEvent.click(await screen.findByRole('button', { name: 'Developer login' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Developer login failed');
});

test("after login the pilot's stored language is used, unless the address names one", async () => {
  const { i18n } = await import('@lingui/core');
  mockApi({
    'GET /api/config': { body: { devLogin: false } },
    'POST /api/auth/login': { body: { user: { ...pilot, preferredLanguage: 'cs' } } },
    'GET /api/auth/check': { body: { user: { ...pilot, preferredLanguage: 'cs' } } },
  });
  const { router } = renderApp({ route: '/login', onlyOpenedPage: true });
  await userEvent.type(await screen.findByLabelText('Email'), 'anna@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  expect(i18n.locale).toBe('cs');
});

test('a sign-in error passed back in the address is shown', async () => {
  mockApi({ 'GET /api/config': { body: { devLogin: false } } });
  renderApp({ route: '/login?error=Google%20sign-in%20failed.%20Please%20try%20again.' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in failed. Please try again.');
});
