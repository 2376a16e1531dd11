import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type MockAnswer } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

const local = { id: 1, email: 'anna@example.com', username: 'anna', displayName: 'Anna', role: 'User', preferredLanguage: 'en', emailVerified: '2024-01-01T00:00:00Z', authProvider: 'local', profilePictureUrl: null as string | null };
const google = { ...local, authProvider: 'google', profilePictureUrl: 'https://example.com/anna.png' };

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

function open(user: typeof local, extra: Record<string, MockAnswer> = {}) {
  const api = mockApi({ 'GET /api/auth/check': { body: { user } }, 'GET /api/auth/profile': { body: { user } }, ...extra });
  return { api, ...renderApp({ route: '/profile' }) };
}

test('a local pilot edits username, email and display name; the toast confirms and the profile reloads', async () => {
  const { api } = open(local, { 'PUT /api/auth/profile': { body: { message: 'Profile updated successfully', user: { ...local, username: 'anna2' } } } });
  const username = await screen.findByLabelText('Username');
  await userEvent.clear(username);
  await userEvent.type(username, ' anna2 ');
  await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Profile updated successfully');
  expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ username: 'anna2', email: 'anna@example.com', displayName: 'Anna' });
  await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/auth/profile' && c.method === 'GET')).toHaveLength(2));
});

test('limits: username 50, email 100, display name 100 characters, username required', async () => {
  open(local);
  expect(await screen.findByLabelText('Username')).toHaveAttribute('maxLength', '50');
  expect(screen.getByLabelText('Email')).toHaveAttribute('maxLength', '100');
  expect(screen.getByLabelText('Display name')).toHaveAttribute('maxLength', '100');
  await userEvent.clear(screen.getByLabelText('Username'));
  expect(screen.getByText('Username is required.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
});

test('a failed update shows the server message in a red toast that goes after 5 seconds', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  open(local, { 'PUT /api/auth/profile': { status: 409, body: { message: 'This username is taken.' } } });
  await userEvent.click(await screen.findByRole('button', { name: 'Update Profile' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This username is taken.');
  act(() => jest.advanceTimersByTime(5100));
  expect(screen.queryByText('This username is taken.')).not.toBeInTheDocument();
});

test('an external account cannot change email or password; its picture is shown', async () => {
  open(google);
  expect(await screen.findByLabelText('Email')).toBeDisabled();
  expect(screen.getByText('Email cannot be changed for google authentication')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', 'https://example.com/anna.png');
  expect(screen.getByText('Your profile picture is managed by your authentication provider.')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Change Password' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Confirm with your password')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Delete Account' })).toBeEnabled();
});

test('change password: all three required, minimum 6, mismatch blocks; success clears the fields', async () => {
  const { api } = open(local, { 'POST /api/auth/change-password': { body: { message: 'Password changed successfully' } } });
  const button = await screen.findByRole('button', { name: 'Change Password' });
  expect(button).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Current password'), 'old-secret');
  await userEvent.type(screen.getByLabelText('New password'), 'abc');
  expect(screen.getByText('New password must be at least 6 characters.')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('New password'), 'def');
  await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcdeX');
  expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
  expect(button).toBeDisabled();
  await userEvent.clear(screen.getByLabelText('Confirm new password'));
  await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcdef');
  await userEvent.click(button);
  expect(await screen.findByRole('status')).toHaveTextContent('Password changed successfully');
  expect(api.calls.find((c) => c.path === '/api/auth/change-password')!.body).toEqual({ currentPassword: 'old-secret', newPassword: 'abcdef' });
  expect(screen.getByLabelText('Current password')).toHaveValue('');
  expect(screen.getByLabelText('New password')).toHaveValue('');
});

test('a wrong current password shows the server message', async () => {
  open(local, { 'POST /api/auth/change-password': { status: 400, body: { message: 'The current password is wrong.' } } });
  await userEvent.type(await screen.findByLabelText('Current password'), 'nope');
  await userEvent.type(screen.getByLabelText('New password'), 'abcdef');
  await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcdef');
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The current password is wrong.');
});

test('delete account: password required, the modal needs the checkbox, backdrop closes it; success goes home after 2 s', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const { api, router } = open(local, { 'DELETE /api/auth/profile': { body: { message: 'Account deleted successfully' } } });
  const remove = await screen.findByRole('button', { name: 'Delete Account' });
  expect(remove).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Confirm with your password'), 'secret1');
  await userEvent.click(remove);
  let dialog = screen.getByRole('dialog', { name: 'Delete Account' });
  expect(dialog).toHaveTextContent('Are you sure you want to delete your account? This action cannot be undone and all your data will be permanently deleted.');
  await userEvent.click(screen.getByTestId('modal-backdrop'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await userEvent.click(remove);
  dialog = screen.getByRole('dialog');
  const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
  expect(confirm).toBeDisabled();
  await userEvent.click(within(dialog).getByLabelText('I understand that this action cannot be undone'));
  await userEvent.click(confirm);
  expect(await screen.findByRole('status')).toHaveTextContent('Account deleted successfully');
  expect(api.calls.find((c) => c.method === 'DELETE')!.body).toEqual({ password: 'secret1' });
  await act(async () => jest.advanceTimersByTime(2100));
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
});

test('a wrong deletion password shows "Failed to delete account" or the server message', async () => {
  open(local, { 'DELETE /api/auth/profile': { status: 400, body: {} } });
  await userEvent.type(await screen.findByLabelText('Confirm with your password'), 'wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
  await userEvent.click(screen.getByLabelText('I understand that this action cannot be undone'));
  await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete account');
});

test('a profile that cannot load toasts and goes to login', async () => {
  mockApi({ 'GET /api/auth/check': { body: { user: local } }, 'GET /api/auth/profile': { status: 500, body: {} }, 'GET /api/config': { body: {} } });
  const { router } = renderApp({ route: '/profile' });
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
});

test('the load failure toast is seen on the login page the pilot lands on, for 5 seconds, and not again on going back', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  mockApi({ 'GET /api/auth/check': { body: { user: local } }, 'GET /api/auth/profile': { status: 500, body: {} }, 'GET /api/config': { body: {} } });
  const { router } = renderApp({ route: '/profile' });
  expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to load profile');
  act(() => jest.advanceTimersByTime(5100));
  expect(screen.queryByText('Failed to load profile')).not.toBeInTheDocument();
  await act(() => router.navigate('/'));
  await act(() => router.navigate(-1));
  expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  expect(screen.queryByText('Failed to load profile')).not.toBeInTheDocument();
});
