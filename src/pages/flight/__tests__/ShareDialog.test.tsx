import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShareLink } from '../../../../contract/sharing';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { ShareButton } from '../ShareDialog';

afterEach(() => jest.restoreAllMocks());

const URL_OF = 'https://logbook.example/shared/AbCdEfGhIjKlMnOpQrStUv';
const link = (flags: { includeNotes: boolean; includePhotos: boolean }): ShareLink => ({ token: 'AbCdEfGhIjKlMnOpQrStUv', url: URL_OF, createdAt: '2026-05-01T10:00:00.000Z', ...flags });

/** A server that keeps one link for flight 7, as the real one does: POST creates it or changes its flags, DELETE removes it. */
function shareServer() {
  let current: ShareLink | null = null;
  return mockApi({
    'GET /api/FlightDetail/7/share': () => ({ body: { share: current } }),
    'POST /api/FlightDetail/7/share': ({ body }) => {
      const created = current === null;
      current = link(body as { includeNotes: boolean; includePhotos: boolean });
      return { status: created ? 201 : 200, body: current };
    },
    'DELETE /api/FlightDetail/7/share': () => {
      current = null;
      return { status: 204 };
    },
  });
}

test('creates a link with the ticked flags, copies it, changes the flags on the same link and revokes it after a confirmation', async () => {
  const user = userEvent.setup();
  const api = shareServer();
  renderWithProviders(<ShareButton flightId={7} />);

  await user.click(screen.getByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share this flight' });
  const notes = await within(dialog).findByRole('checkbox', { name: 'Include notes' });
  const photos = within(dialog).getByRole('checkbox', { name: 'Include photos' });
  expect(notes).not.toBeChecked();
  expect(photos).not.toBeChecked();
  expect(within(dialog).queryByRole('textbox', { name: 'Share link' })).not.toBeInTheDocument();

  await user.click(notes);
  await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
  const field = await within(dialog).findByRole('textbox', { name: 'Share link' });
  expect(field).toHaveValue(URL_OF);
  expect(field).toHaveAttribute('readonly');
  expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ includeNotes: true, includePhotos: false }]);

  await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
  expect(await within(dialog).findByText('Copied')).toBeInTheDocument();
  await expect(navigator.clipboard.readText()).resolves.toBe(URL_OF);

  expect(within(dialog).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  await user.click(photos);
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ includeNotes: true, includePhotos: false }, { includeNotes: true, includePhotos: true }]));
  expect(await within(dialog).findByText('The link now shows what you ticked.')).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: 'Share link' })).toHaveValue(URL_OF);
  expect(within(dialog).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
  expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  await user.click(within(dialog).getByRole('button', { name: 'Yes, revoke' }));
  expect(await within(dialog).findByText('The link was revoked: it no longer opens this flight.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/FlightDetail/7/share']);
  expect(within(dialog).queryByRole('textbox', { name: 'Share link' })).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeInTheDocument();
});

test('an existing link shows at once with its flags; keeping it on the confirmation revokes nothing', async () => {
  const user = userEvent.setup();
  const api = mockApi({ 'GET /api/FlightDetail/7/share': { body: { share: link({ includeNotes: false, includePhotos: true }) } } });
  renderWithProviders(<ShareButton flightId={7} />);
  await user.click(screen.getByRole('button', { name: 'Share' }));
  expect(await screen.findByRole('textbox', { name: 'Share link' })).toHaveValue(URL_OF);
  expect(screen.getByRole('checkbox', { name: 'Include notes' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Include photos' })).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Revoke link' }));
  await user.click(screen.getByRole('button', { name: 'Keep the link' }));
  expect(screen.getByRole('textbox', { name: 'Share link' })).toHaveValue(URL_OF);
  expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a refused share shows the server message and no link', async () => {
  const user = userEvent.setup();
  mockApi({
    'GET /api/FlightDetail/7/share': { body: { share: null } },
    'POST /api/FlightDetail/7/share': { status: 400, body: { message: 'includeNotes must be true or false.' } },
  });
  renderWithProviders(<ShareButton flightId={7} />);
  await user.click(screen.getByRole('button', { name: 'Share' }));
  await user.click(await screen.findByRole('button', { name: 'Create link' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('includeNotes must be true or false.');
  expect(screen.queryByRole('textbox', { name: 'Share link' })).not.toBeInTheDocument();
});

test('without clipboard access the link is selected to copy by hand', async () => {
  const user = userEvent.setup();
  mockApi({ 'GET /api/FlightDetail/7/share': { body: { share: link({ includeNotes: false, includePhotos: false }) } } });
  renderWithProviders(<ShareButton flightId={7} />);
  jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
  await user.click(screen.getByRole('button', { name: 'Share' }));
  const field = (await screen.findByRole('textbox', { name: 'Share link' })) as HTMLInputElement;
  await user.click(screen.getByRole('button', { name: 'Copy' }));
  expect(await screen.findByText(/the link is selected/)).toBeInTheDocument();
  expect(screen.queryByText('Copied')).not.toBeInTheDocument();
  expect(field.value.slice(field.selectionStart!, field.selectionEnd!)).toBe(URL_OF);
});

test('the keyboard stays in the dialog: Tab from the last control goes to the first, Shift+Tab from the first to the last, Escape returns to Share', async () => {
  const user = userEvent.setup();
  mockApi({ 'GET /api/FlightDetail/7/share': { body: { share: link({ includeNotes: false, includePhotos: false }) } } });
  renderWithProviders(<ShareButton flightId={7} />);
  const opener = screen.getByRole('button', { name: 'Share' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Share this flight' });
  const notes = await within(dialog).findByRole('checkbox', { name: 'Include notes' });
  const close = within(dialog).getByRole('button', { name: 'Close' });
  expect(dialog).toContainElement(document.activeElement as HTMLElement);

  close.focus();
  await user.tab();
  expect(notes).toHaveFocus();
  await user.tab({ shift: true });
  expect(close).toHaveFocus();
  await user.tab({ shift: true });
  expect(within(dialog).getByRole('button', { name: 'Revoke link' })).toHaveFocus();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

test('the dialog also says who can see the flight and changes it', async () => {
  const user = userEvent.setup();
  const api = mockApi({
    'GET /api/FlightDetail/7/share': { body: { share: link({ includeNotes: false, includePhotos: false }) } },
    'PATCH /api/FlightDetail/7': ({ body }) => ({ body: { id: 7, visibility: (body as { visibility: string }).visibility } }),
  });
  renderWithProviders(<ShareButton flightId={7} visibility="link" />);
  await user.click(screen.getByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share this flight' });
  const who = await within(dialog).findByRole('combobox', { name: 'Who can see this flight' });
  expect(who).toHaveValue('link');
  await user.selectOptions(who, 'public');
  await waitFor(() => expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ visibility: 'public' }]));
});

test('lets the pilot choose whether others may download the track, saying when only a public flight can be', async () => {
  const user = userEvent.setup();
  let allowed: boolean | null = null;
  const api = mockApi({
    'GET /api/FlightDetail/7/share': { body: { share: null } },
    'GET /api/FlightDetail/7/track-download': () => ({ body: { allowed, pilotDefault: false, downloadable: false } }),
    'PUT /api/FlightDetail/7/track-download': ({ body }) => {
      allowed = (body as { allowed: boolean | null }).allowed;
      return { body: { allowed, pilotDefault: false, downloadable: false } };
    },
  });
  renderWithProviders(<ShareButton flightId={7} />);
  await user.click(screen.getByRole('button', { name: 'Share' }));
  const choice = await screen.findByRole('combobox', { name: 'Others may download the track (IGC, GPX)' });
  expect(choice).toHaveValue('default');
  expect(within(choice).getAllByRole('option').map((o) => o.textContent)).toEqual(['As in my profile: no', 'Yes', 'No']);
  expect(screen.queryByText("Only a public flight's track can be downloaded.")).not.toBeInTheDocument();
  await user.selectOptions(choice, 'allowed');
  await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ allowed: true }));
  expect(await screen.findByText("Only a public flight's track can be downloaded.")).toBeInTheDocument();
  expect(choice).toHaveValue('allowed');
});
