import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { FollowSettingsSection } from '../FollowSettingsSection';

afterEach(() => jest.restoreAllMocks());

test('both settings start off and each switch saves only its own setting', async () => {
  const u = userEvent.setup();
  let settings = { findableByName: false, acceptsFollowers: false };
  const api = mockApi({
    'GET /api/profile/follow-settings': () => ({ body: settings }),
    'PUT /api/profile/follow-settings': ({ body }) => ((settings = { ...settings, ...(body as object) }), { body: settings }),
  });
  const onToast = jest.fn();
  renderWithProviders(<FollowSettingsSection onToast={onToast} />);
  const find = await screen.findByRole('switch', { name: 'Others can find me by name' });
  const follow = screen.getByRole('switch', { name: 'Others can follow me' });
  expect(find).not.toBeChecked();
  expect(follow).not.toBeChecked();
  expect(find).toHaveAccessibleDescription('Your name then shows in the pilot search, for visitors too. Your email is never shown.');
  await u.click(follow);
  expect(await screen.findByRole('switch', { name: 'Others can follow me', checked: true })).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Others can find me by name' })).not.toBeChecked();
  expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ acceptsFollowers: true }]);
  expect(onToast).toHaveBeenCalledWith({ tone: 'success', text: 'Follow settings saved.' });
  expect(screen.getByRole('link', { name: 'Find pilots and see your followers' })).toHaveAttribute('href', '/pilots');
});

test('a refused change says why', async () => {
  const u = userEvent.setup();
  mockApi({
    'GET /api/profile/follow-settings': { body: { findableByName: false, acceptsFollowers: false } },
    'PUT /api/profile/follow-settings': { status: 400, body: { message: 'findableByName must be true or false.' } },
  });
  const onToast = jest.fn();
  renderWithProviders(<FollowSettingsSection onToast={onToast} />);
  await u.click(await screen.findByRole('switch', { name: 'Others can find me by name' }));
  await screen.findByRole('switch', { name: 'Others can find me by name' });
  await new Promise((r) => setTimeout(r, 0));
  expect(onToast).toHaveBeenCalledWith({ tone: 'error', text: 'findableByName must be true or false.' });
});
