import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

afterEach(() => jest.restoreAllMocks());

async function submit(password: string, confirm = password) {
  await userEvent.type(await screen.findByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

test('without a code the link is invalid', async () => {
  mockApi({});
  renderApp({ route: '/reset-password' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired reset link.');
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
});

test('passwords must match and score at least 3', async () => {
  const api = mockApi({});
  renderApp({ route: '/reset-password?code=abc' });
  await submit('Abcdefg1', 'Abcdefg2');
  expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
  await userEvent.clear(screen.getByLabelText('New password'));
  await userEvent.clear(screen.getByLabelText('Confirm new password'));
  await submit('abcdefgh');
  expect(screen.getByRole('alert')).toHaveTextContent('Password is too weak. Please choose a stronger password.');
  expect(api.calls).toHaveLength(0);
});

test('a good password is sent with the code; failures show the server message or the default', async () => {
  let answer = { status: 400, body: { message: 'Invalid or expired reset link.' } as object };
  const api = mockApi({ 'POST /api/auth/reset-password': () => answer });
  renderApp({ route: '/reset-password?code=c0de' });
  await submit('Abcdefg1');
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired reset link.');
  expect(api.calls[0]!.body).toEqual({ code: 'c0de', newPassword: 'Abcdefg1' });
  answer = { status: 500, body: {} };
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
  expect(await screen.findByText('Failed to reset password. Please try again.')).toBeInTheDocument();
  answer = { status: 200, body: { message: 'ok' } };
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
  expect(await screen.findByText('Your password has been reset. You can now log in with your new password.')).toBeInTheDocument();
});
