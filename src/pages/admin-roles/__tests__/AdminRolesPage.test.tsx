import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import AdminRolesPage from '../AdminRolesPage';

afterEach(() => jest.restoreAllMocks());

test('an admin grants a role by email, sees who holds one and takes it back; a refusal is shown', async () => {
  const user = userEvent.setup();
  const { calls } = mockApi({
    'GET /api/admin/roles': { body: { holders: [{ email: 'ines@example.com', username: 'ines', displayName: 'Ines', roles: ['instructor'] }] } },
    'PUT /api/admin/roles': ({ body }) => ((body as { email: string }).email === 'nobody@example.com' ? { status: 404, body: { message: 'No pilot with the email nobody@example.com.' } } : { status: 204 }),
  });
  renderWithProviders(<AdminRolesPage />);
  expect(await screen.findByText(/Ines \(ines@example.com\) · Instructor/)).toBeInTheDocument();

  await user.type(screen.getByLabelText('Pilot’s email'), 'sofia@example.com');
  await user.selectOptions(screen.getByLabelText('Role'), 'Safety officer');
  await user.click(screen.getByRole('button', { name: 'Grant' }));
  await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ email: 'sofia@example.com', role: 'safety-officer', granted: true }));
  await waitFor(() => expect(screen.getByLabelText('Pilot’s email')).toHaveValue(''));

  await user.click(screen.getByRole('button', { name: 'Take back Instructor from ines@example.com' }));
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ email: 'ines@example.com', role: 'instructor', granted: false }));

  await user.type(screen.getByLabelText('Pilot’s email'), 'nobody@example.com');
  await user.click(screen.getByRole('button', { name: 'Grant' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('No pilot with the email nobody@example.com.');
});
