import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

const user = { id: 1, email: 'anna@example.com', username: 'anna', displayName: 'Anna', role: 'User', preferredLanguage: 'en', emailVerified: '2024-01-01T00:00:00Z', authProvider: 'local', profilePictureUrl: null };

afterEach(() => jest.restoreAllMocks());

function profileApi(extra: Parameters<typeof mockApi>[0] = {}) {
  let settings = { defaultVisibility: 'private', commentDigest: true, trackDownload: false };
  return mockApi({
    'GET /api/auth/check': { body: { user } },
    'GET /api/auth/profile': { body: { user } },
    'GET /api/profile/scoring': { body: { scoringRules: 'XContest', rescoring: null } },
    'GET /api/profile/public': { body: { enabled: false, url: 'https://logbook.example/pilots/anna' } },
    'GET /api/profile/community': () => ({ body: settings }),
    'PUT /api/profile/community': ({ body }) => {
      settings = { ...settings, ...(body as object) };
      return { body: settings };
    },
    'GET /api/FlightDetail/months': { body: [{ year: 2024, month: 6, count: 3, firstDay: '2024-06-01' }, { year: 2023, month: 5, count: 1, firstDay: '2023-05-01' }] },
    ...extra,
  });
}

test('the visibility of new flights and the daily digest are saved from the profile', async () => {
  const api = profileApi();
  renderApp({ route: '/profile' });
  const select = await screen.findByRole('combobox', { name: 'Who can see your new flights' });
  await waitFor(() => expect(select).toBeEnabled());
  expect(select).toHaveValue('private');
  const digest = screen.getByRole('switch', { name: 'Mail me once a day about what is new: comments on my flights, likes, followers and moderators’ decisions' });
  expect(digest).toBeChecked();

  await userEvent.selectOptions(select, 'public');
  expect(await screen.findByText('Community settings saved.')).toBeInTheDocument();
  await waitFor(() => expect(select).toHaveValue('public'));
  await userEvent.click(digest);
  await waitFor(() => expect(digest).not.toBeChecked());
  expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ defaultVisibility: 'public' }, { commentDigest: false }]);
});

test('"publish after I review" and the track download default are saved from the profile', async () => {
  const api = profileApi();
  renderApp({ route: '/profile' });
  const select = await screen.findByRole('combobox', { name: 'Who can see your new flights' });
  await waitFor(() => expect(select).toBeEnabled());
  expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Private: only me', 'Link: anyone with the link', 'Public: listed, comments and likes', 'Public after I review them']);
  await userEvent.selectOptions(select, 'review');
  expect(await screen.findByText('New flights stay private and wait on your overview until you publish them.')).toBeInTheDocument();
  const download = screen.getByRole('switch', { name: 'Let others download the tracks of my public flights (IGC, GPX)' });
  expect(download).not.toBeChecked();
  await userEvent.click(download);
  await waitFor(() => expect(download).toBeChecked());
  expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ defaultVisibility: 'review' }, { trackDownload: true }]);
});

test('making one year public says in the dialog how many flights change, and changes them only when confirmed', async () => {
  const api = profileApi({
    'GET /api/FlightDetail/visibility': ({ query }) => ({ body: { changed: query.get('year') === '2024' ? 3 : 4 } }),
    'PUT /api/FlightDetail/visibility': { body: { changed: 3 } },
  });
  renderApp({ route: '/profile' });
  const flights = await screen.findByRole('combobox', { name: 'Flights' });
  await screen.findByRole('option', { name: 'My flights of 2024' });
  await userEvent.selectOptions(flights, '2024');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Make them' }), 'public');
  await userEvent.click(screen.getByRole('button', { name: 'Change…' }));

  let dialog = await screen.findByRole('dialog', { name: 'Change who can see your flights' });
  expect(dialog).toHaveTextContent('3 flights become “Public: listed, comments and likes”.');
  // Cancel changes nothing.
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.calls.some((c) => c.method === 'PUT' && c.path === '/api/FlightDetail/visibility')).toBe(false);

  await userEvent.click(screen.getByRole('button', { name: 'Change…' }));
  dialog = await screen.findByRole('dialog', { name: 'Change who can see your flights' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
  expect(await screen.findByText('Flights changed: 3.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'PUT' && c.path === '/api/FlightDetail/visibility').map((c) => c.body)).toEqual([{ visibility: 'public', year: 2024 }]);
});

test('when nothing would change the dialog says so and offers no change', async () => {
  profileApi({ 'GET /api/FlightDetail/visibility': { body: { changed: 0 } } });
  renderApp({ route: '/profile' });
  await userEvent.click(await screen.findByRole('button', { name: 'Change…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change who can see your flights' });
  expect(dialog).toHaveTextContent('No flight changes: they are all “Private: only me” already.');
  expect(within(dialog).queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
