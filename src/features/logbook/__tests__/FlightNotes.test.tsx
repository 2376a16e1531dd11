import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flight } from '../../../testing/flight-fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { FlightNotes } from '../FlightNotes';

afterEach(() => jest.restoreAllMocks());

const patched = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((c) => c.method === 'PATCH' && c.path === '/api/FlightDetail/7').map((c) => c.body);

describe('Flight notes', () => {
  it('saves what was typed, line breaks included, and says so', async () => {
    const { calls } = mockApi({ 'PATCH /api/FlightDetail/7': ({ body }) => ({ body: flight({ id: 7, ...(body as object) }) }) });
    renderWithProviders(<FlightNotes flightId={7} notes={null} />);
    const box = screen.getByLabelText('Notes');
    await userEvent.type(box, 'Strong wind{Enter}<b>not bold</b>');
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes');
    await userEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('All changes saved'));
    expect(patched(calls)).toEqual([{ notes: 'Strong wind\n<b>not bold</b>' }]);
    expect(document.querySelector('b')).toBeNull();
  });

  it('keeps the words when the editor goes away before saving', async () => {
    const { calls } = mockApi({ 'PATCH /api/FlightDetail/7': { body: flight({ id: 7 }) } });
    const { unmount } = renderWithProviders(<FlightNotes flightId={7} notes="Old" />);
    await userEvent.type(screen.getByLabelText('Notes'), ' and new');
    unmount();
    await waitFor(() => expect(patched(calls)).toEqual([{ notes: 'Old and new' }]));
  });

  it('shows the server message when saving fails and keeps the text', async () => {
    mockApi({ 'PATCH /api/FlightDetail/7': { status: 400, body: { message: 'Notes must be at most 10000 characters.' } } });
    renderWithProviders(<FlightNotes flightId={7} notes={null} />);
    await userEvent.type(screen.getByLabelText('Notes'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Not saved: Notes must be at most 10000 characters.'));
    expect(screen.getByLabelText('Notes')).toHaveValue('x');
  });

  it('saves by itself after a pause in typing', async () => {
    const { calls } = mockApi({ 'PATCH /api/FlightDetail/7': { body: flight({ id: 7 }) } });
    renderWithProviders(<FlightNotes flightId={7} notes={null} />);
    await userEvent.type(screen.getByLabelText('Notes'), 'Thermal');
    await waitFor(() => expect(patched(calls)).toEqual([{ notes: 'Thermal' }]), { timeout: 3000 });
  });
});
