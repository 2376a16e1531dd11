import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

async function fill(values: { email?: string; username?: string; password?: string; confirm?: string }) {
  if (values.email) await userEvent.type(await screen.findByLabelText('Email'), values.email);
  if (values.username) await userEvent.type(screen.getByLabelText('Username'), values.username);
  if (values.password) await userEvent.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await userEvent.type(screen.getByLabelText('Confirm password'), values.confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
}

test('every field is required', async () => {
  const api = mockApi({});
  renderApp({ route: '/register' });
  await screen.findByLabelText('Email');
  await fill({ email: 'anna@example.com', username: 'anna', password: 'abc' });
  expect(screen.getByRole('alert')).toHaveTextContent('All fields are required.');
  expect(api.calls).toHaveLength(0);
  // Filling the missing field takes the message away; it does not stay beside a complete form.
  await userEvent.type(screen.getByLabelText('Confirm password'), 'abc');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('passwords must match', async () => {
  mockApi({});
  renderApp({ route: '/register' });
  await fill({ email: 'anna@example.com', username: 'anna', password: 'abc', confirm: 'abd' });
  expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
});

test.each([
  ['abc', 'Weak'],
  ['abcdefgh', 'Weak'],
  ['Abcdefgh', 'Medium'],
  ['Abcdefg1', 'Medium'],
  ['Abcdef1!', 'Strong'],
])('the strength of %s reads %s', async (password, word) => {
  mockApi({});
  renderApp({ route: '/register' });
  await userEvent.type(await screen.findByLabelText('Password'), password);
  expect(screen.getByTestId('password-strength')).toHaveTextContent(`Password strength: ${word}`);
});

test('a weak password is still accepted; fields are trimmed; success then login after 3 seconds', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const api = mockApi({ 'POST /api/auth/register': { body: { message: 'ok' } } });
  const { router } = renderApp({ route: '/it/register' });
  {
    await userEvent.type(await screen.findByLabelText('Password'), 'abcdef');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Password strength: Weak');
    await userEvent.clear(screen.getByLabelText('Password'));
  }
  await fill({ email: '  anna@example.com ', username: ' anna ', password: 'abcdef', confirm: 'abcdef' });
  expect(await screen.findByText('Registration successful! Please check your email for verification instructions.')).toBeInTheDocument();
  expect(api.calls[0]!.body).toEqual({ email: 'anna@example.com', username: 'anna', password: 'abcdef' });
  act(() => jest.advanceTimersByTime(2900));
  expect(router.state.location.pathname).toBe('/it/register');
  await act(async () => jest.advanceTimersByTime(200));
  expect(router.state.location.pathname).toBe('/it/login');
});

test('a password under 6 characters shows the server\'s rule on the field and is not sent', async () => {
  const api = mockApi({ 'POST /api/auth/register': { status: 400, body: { message: 'Password must be at least 6 characters.' } } });
  renderApp({ route: '/register' });
  await fill({ email: 'anna@example.com', username: 'anna', password: 'abc12', confirm: 'abc12' });
  const password = screen.getByLabelText('Password');
  expect(password).toHaveAccessibleDescription('Password must be at least 6 characters.');
  expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(api.calls).toHaveLength(0);
  await userEvent.type(password, '3');
  expect(password).not.toHaveAccessibleDescription();
  expect(screen.queryByText('Password must be at least 6 characters.')).not.toBeInTheDocument();
});

test('a refusal shows the server message, else "Registration failed."', async () => {
  let answer = { status: 409, body: { message: 'An account with this email already exists.' } as object };
  mockApi({ 'POST /api/auth/register': () => answer });
  renderApp({ route: '/register' });
  await fill({ email: 'anna@example.com', username: 'anna', password: 'abcdef', confirm: 'abcdef' });
  expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  answer = { status: 500, body: {} };
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(await screen.findByText('Registration failed.')).toBeInTheDocument();
});
