import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Passenger } from '../../../../contract/tandem';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { PassengerSection } from '../PassengerSection';

afterEach(() => jest.restoreAllMocks());

const anna = (over: Partial<Passenger> = {}): Passenger => ({ name: 'Anna Gast', contact: '+41 79 000 00 00', note: 'First flight', showPilotName: false, pageUrl: null, ...over });

describe('Passenger form', () => {
  it('adds a passenger with a private contact and the choice to be named', async () => {
    let saved: Passenger | null = null;
    const { calls } = mockApi({
      'GET /api/FlightDetail/7/passenger': () => ({ body: { passenger: saved } }),
      'PUT /api/FlightDetail/7/passenger': ({ body }) => {
        saved = anna(body as Partial<Passenger>);
        return { body: { passenger: saved } };
      },
    });
    renderWithProviders(<PassengerSection flightId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passenger' }));
    const form = screen.getByRole('form', { name: 'Passenger' });
    expect(within(form).getByLabelText("Passenger's name")).toHaveFocus();
    expect(within(form).getByLabelText('Contact (optional)')).toHaveAccessibleDescription('Only you see it.');
    await userEvent.type(within(form).getByLabelText("Passenger's name"), 'Anna Gast');
    await userEvent.type(within(form).getByLabelText('Contact (optional)'), '+41 79 000 00 00');
    await userEvent.click(within(form).getByRole('checkbox', { name: "Show my name on the passenger's page" }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save passenger' }));
    expect(await screen.findByText('Anna Gast')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Anna Gast', contact: '+41 79 000 00 00', note: null, showPilotName: true });
  });

  it('shows the server’s sentence when it refuses the passenger', async () => {
    mockApi({ 'GET /api/FlightDetail/7/passenger': { body: { passenger: null } }, 'PUT /api/FlightDetail/7/passenger': { status: 400, body: { message: 'Name is required.' } } });
    renderWithProviders(<PassengerSection flightId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passenger' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save passenger' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required.');
  });

  it('makes the passenger’s page link and stops sharing it', async () => {
    let passenger = anna();
    const { calls } = mockApi({
      'GET /api/FlightDetail/7/passenger': () => ({ body: { passenger } }),
      'POST /api/FlightDetail/7/passenger/link': () => {
        passenger = anna({ pageUrl: 'https://logbook.example/passenger/AbC' });
        return { body: { passenger } };
      },
      'DELETE /api/FlightDetail/7/passenger/link': () => {
        passenger = anna();
        return { body: { passenger } };
      },
    });
    renderWithProviders(<PassengerSection flightId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make a page for the passenger' }));
    expect(await screen.findByRole('textbox', { name: 'Passenger page link' })).toHaveValue('https://logbook.example/passenger/AbC');
    expect(screen.getByText("The passenger's page shows this flight's map and height profile, nothing else.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Passenger page link' })).not.toBeInTheDocument());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /api/FlightDetail/7/passenger/link');
  });
});
