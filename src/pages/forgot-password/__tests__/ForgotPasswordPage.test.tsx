import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

afterEach(() => jest.restoreAllMocks());

test.each([200, 500])('Email Sent shows whatever the server answers (%i)', async (status) => {
  const api = mockApi({ 'POST /api/auth/forgot-password': { status, body: {} } });
  renderApp({ route: '/forgot-password' });
  await userEvent.type(await screen.findByLabelText('Email'), ' nobody@example.com ');
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
  expect(await screen.findByText('Email Sent')).toBeInTheDocument();
  expect(api.calls[0]!.body).toEqual({ email: 'nobody@example.com' });
});
