import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Glider } from '../../../../contract/gliders';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import GlidersPage from '../GlidersPage';

afterEach(() => jest.restoreAllMocks());

const wing = (over: Partial<Glider> = {}): Glider => ({
  id: 3,
  name: 'Ozone Rush 6 MS',
  manufacturer: 'Ozone',
  model: 'Rush 6',
  size: 'MS',
  gliderClass: 'EN B',
  inUseFrom: '2022-03-01',
  inUseUntil: null,
  notes: null,
  lastCheck: '2023-01-10',
  checkIntervalMonths: 24,
  checkIntervalHours: null,
  isDefault: true,
  aircraftCategory: null,
  flightCount: 12,
  totalSeconds: 15 * 3600 + 20 * 60,
  lastFlown: '2024-08-20T10:00:00Z',
  secondsSinceCheck: 9 * 3600,
  monthsSinceCheck: 25,
  checkDue: true,
  ...over,
});

describe('Gliders page', () => {
  it('shows each wing with its hours, last flight and a check due in words', async () => {
    mockApi({ 'GET /api/gliders': { body: [wing(), wing({ id: 4, name: 'Gin Bolero 7 S', isDefault: false, checkDue: false, lastCheck: null, monthsSinceCheck: null, flightCount: 0, totalSeconds: 0, secondsSinceCheck: 0, lastFlown: null })] } });
    renderWithProviders(<GlidersPage />);
    const rush = await screen.findByRole('article', { name: 'Ozone Rush 6 MS' });
    expect(within(rush).getByText('15:20')).toBeInTheDocument();
    expect(within(rush).getByRole('status')).toHaveTextContent('⚠ Check due');
    expect(within(rush).getByText('Default')).toBeInTheDocument();
    expect(within(rush).getByText(/9:00 h · 25 months/)).toBeInTheDocument();
    const bolero = screen.getByRole('article', { name: 'Gin Bolero 7 S' });
    expect(bolero).not.toHaveTextContent('Check due');
    expect(within(bolero).getByText('Never')).toBeInTheDocument();
    expect(within(bolero).getByText('No check recorded (0:00 h)')).toBeInTheDocument();
  });

  it('adds a wing through the dialog, showing the rules it breaks first', async () => {
    const { calls } = mockApi({ 'GET /api/gliders': { body: [] }, 'POST /api/gliders': ({ body }) => ({ status: 201, body: wing(body as Partial<Glider>) }) });
    renderWithProviders(<GlidersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add glider' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a glider' });
    expect(within(dialog).getByLabelText('Manufacturer')).toHaveFocus();
    await userEvent.type(within(dialog).getByLabelText('Check every … months'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add glider' }));
    expect(within(dialog).getByLabelText('Manufacturer')).toHaveAccessibleDescription('Manufacturer is required.');
    expect(within(dialog).getByLabelText('Model')).toHaveAccessibleDescription('Model is required.');
    expect(within(dialog).getByLabelText('Check every … months')).toHaveAccessibleDescription('Check interval must be 1 to 120 months.');
    // The class is asked, never silently EN B.
    expect(within(dialog).getByLabelText('Class')).toHaveAccessibleDescription("Choose the wing's class.");
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Manufacturer'), 'Ozone');
    // A fixed field's message goes at once; the others stay until they are fixed.
    expect(within(dialog).getByLabelText('Manufacturer')).not.toHaveAccessibleDescription();
    expect(within(dialog).getByLabelText('Model')).toHaveAccessibleDescription('Model is required.');
    await userEvent.type(within(dialog).getByLabelText('Model'), 'Rush 6');
    await userEvent.clear(within(dialog).getByLabelText('Check every … months'));
    await userEvent.type(within(dialog).getByLabelText('Check every … months'), '24');
    await userEvent.selectOptions(within(dialog).getByLabelText('Class'), 'EN C');
    // The aircraft follows the recordings unless the pilot says (docs/aircraft-category.md).
    expect(within(dialog).getByLabelText('Aircraft')).toHaveValue('');
    await userEvent.selectOptions(within(dialog).getByLabelText('Aircraft'), 'hang_glider');
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add glider' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      manufacturer: 'Ozone',
      model: 'Rush 6',
      size: null,
      gliderClass: 'EN C',
      aircraftCategory: 'hang_glider',
      inUseFrom: null,
      inUseUntil: null,
      lastCheck: null,
      checkIntervalMonths: 24,
      checkIntervalHours: null,
      notes: null,
      isDefault: true,
    });
  });

  it('deletes a wing after saying what happens to its flights', async () => {
    const { calls } = mockApi({ 'GET /api/gliders': { body: [wing()] }, 'DELETE /api/gliders/3': { status: 204, body: null } });
    renderWithProviders(<GlidersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Ozone Rush 6 MS' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Ozone Rush 6 MS?' });
    expect(dialog).toHaveTextContent('Its 12 flights keep the glider type from their IGC files and lose the link to this wing.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete glider' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/gliders/3')).toBe(true));
  });

  it('makes another wing the default with its fields unchanged', async () => {
    const { calls } = mockApi({ 'GET /api/gliders': { body: [wing({ isDefault: false })] }, 'PUT /api/gliders/3': { body: wing() } });
    renderWithProviders(<GlidersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make default Ozone Rush 6 MS' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ manufacturer: 'Ozone', model: 'Rush 6', size: 'MS', lastCheck: '2023-01-10', checkIntervalMonths: 24, isDefault: true }));
  });

  it('offers the flights that name a wing but are not linked to it, and links them in one click', async () => {
    let linked = false;
    const { calls } = mockApi({
      'GET /api/gliders': { body: [wing()] },
      'GET /api/gliders/3/matching-flights': () => ({ body: linked ? { count: 0, leaving: 0 } : { count: 7, leaving: 2 } }),
      'POST /api/gliders/3/link-matching': () => ((linked = true), { body: { changed: 9 } }),
    });
    renderWithProviders(<GlidersPage />);
    const offer = await screen.findByRole('status', { name: 'Ozone Rush 6 MS' });
    expect(offer).toHaveTextContent('7 flights name this wing in their IGC files but are not linked to it.');
    expect(offer).toHaveTextContent('2 flights on it are outside its dates or name another wing.');
    await userEvent.click(within(offer).getByRole('button', { name: 'Link these flights' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/gliders/3/link-matching')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Ozone Rush 6 MS' })).not.toBeInTheDocument());
  });

  it('sets the wing of every flight of a period, and says how many changed', async () => {
    const { calls } = mockApi({
      'GET /api/gliders': { body: [wing(), wing({ id: 4, name: 'Gin Bolero 7 S', isDefault: false })] },
      'GET /api/gliders/3/matching-flights': { body: { count: 0, leaving: 0 } },
      'GET /api/gliders/4/matching-flights': { body: { count: 0, leaving: 0 } },
      'PUT /api/gliders/4/flights': { body: { changed: 5 } },
    });
    renderWithProviders(<GlidersPage />);
    const form = await screen.findByRole('form', { name: 'Set the wing of a period' });
    await userEvent.click(within(form).getByRole('button', { name: 'Set wing' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a wing and both dates.');
    await userEvent.selectOptions(within(form).getByLabelText('Wing'), 'Gin Bolero 7 S');
    await userEvent.type(within(form).getByLabelText('From'), '2021-03-01');
    await userEvent.type(within(form).getByLabelText('To'), '2021-10-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Set wing' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ from: '2021-03-01', to: '2021-10-31' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('5 flights now have this wing.');
  });
});
