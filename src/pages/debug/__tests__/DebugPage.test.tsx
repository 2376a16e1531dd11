import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import DebugPage from '../DebugPage';
import { parseFlightId } from '../debug-rules';

afterEach(() => jest.restoreAllMocks());

const stats = {
  flights: { total: 120, pending: 3, processing: 1, completed: 110, failed: 6, valid: 100, removed: 20, withFeatures: 108, withCoordinates: 109 },
  profiles: { total: 14 },
  processing: { completionRate: 91.67, featureExtractionRate: 98.18, coordinateExtractionRate: 99.09 },
};
const withStats = (routes: Parameters<typeof mockApi>[0] = {}) => mockApi({ 'GET /api/debug/statistics': { body: stats }, 'GET /api/debug/reports': { body: { reports: [] } }, ...routes });
const pair = (list: HTMLElement, label: string) => within(list).getByText(label).nextElementSibling?.textContent;

test('statistics: flights, profiles and processing rates; Refresh loads again', async () => {
  const api = withStats();
  renderWithProviders(<DebugPage />);
  const flights = await screen.findByLabelText('Flights', { selector: 'dl' });
  expect(pair(flights, 'Total')).toBe('120');
  expect(pair(flights, 'Pending')).toBe('3');
  expect(pair(flights, 'Failed')).toBe('6');
  expect(pair(flights, 'Removed')).toBe('20');
  expect(pair(flights, 'With features')).toBe('108');
  expect(pair(flights, 'With coordinates')).toBe('109');
  expect(pair(screen.getByLabelText('Profiles', { selector: 'dl' }), 'Total')).toBe('14');
  const rates = screen.getByLabelText('Processing rates');
  expect(pair(rates, 'Completion rate')).toBe('91.67%');
  expect(pair(rates, 'Feature extraction rate')).toBe('98.18%');
  await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/debug/statistics')).toHaveLength(2));
  // No placeholder card promising tools that do not exist.
  expect(screen.queryByRole('heading', { name: 'Additional Tools' })).not.toBeInTheDocument();
  expect(screen.queryByText(/will appear here/)).not.toBeInTheDocument();
});

test('a statistics failure shows the server message, else the default', async () => {
  withStats({ 'GET /api/debug/statistics': { status: 500, body: {} } });
  renderWithProviders(<DebugPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load statistics.');
});

test('a non-admin sees the server refusal and no tools', async () => {
  withStats({ 'GET /api/debug/statistics': { status: 403, body: { message: 'This area is for administrators only.' } } });
  renderWithProviders(<DebugPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('This area is for administrators only.');
  expect(screen.queryByRole('button', { name: 'Revalidate Flight' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send Welcome Email' })).not.toBeInTheDocument();
});

test('the flight id must be a whole number of at least 1', async () => {
  withStats();
  renderWithProviders(<DebugPage />);
  const input = await screen.findByLabelText('Flight ID');
  const button = screen.getByRole('button', { name: 'Revalidate Flight' });
  expect(button).toBeDisabled();
  expect(screen.queryByText('Please enter a valid flight ID.')).not.toBeInTheDocument();
  await userEvent.type(input, '0');
  expect(screen.getByText('Please enter a valid flight ID.')).toBeInTheDocument();
  expect(button).toBeDisabled();
  await userEvent.clear(input);
  await userEvent.type(input, '12');
  expect(screen.queryByText('Please enter a valid flight ID.')).not.toBeInTheDocument();
  expect(button).toBeEnabled();
  expect(['1', ' 7 ', '0012'].map(parseFlightId)).toEqual([1, 7, 12]);
  expect(['', '0', '-3', '1.5', 'abc', '1e3', '99999999999999999999'].map(parseFlightId)).toEqual([null, null, null, null, null, null, null]);
});

test('revalidating one flight sends its id and shows the reason change readably', async () => {
  const api = withStats({ 'POST /api/debug/revalidate-flight': { body: { flightId: 12, oldRemovalReason: 0, newRemovalReason: 7, message: 'Flight revalidated: its removal reason changed.' } } });
  renderWithProviders(<DebugPage />);
  await userEvent.type(await screen.findByLabelText('Flight ID'), '12');
  await userEvent.click(screen.getByRole('button', { name: 'Revalidate Flight' }));
  expect(await screen.findByTestId('revalidate-one-result')).toHaveTextContent('Flight 12: None → Gondola Ride');
  expect(screen.getByRole('status')).toHaveTextContent('Flight revalidated: its removal reason changed.');
  expect(api.calls.find((c) => c.path === '/api/debug/revalidate-flight')!.body).toEqual({ flightId: 12 });
  // The statistics reload after a change to flights.
  await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/debug/statistics')).toHaveLength(2));
});

test('failures show the server message, else the default text', async () => {
  withStats({
    'POST /api/debug/revalidate-flight': { status: 404, body: { message: 'Flight 99 not found.' } },
    'POST /api/debug/revalidate-all-flights': { status: 500, body: {} },
    'POST /api/debug/reset-completed-flights-without-features': { status: 500, body: {} },
    'POST /api/debug/reset-all-calculations': { status: 500, body: {} },
    'POST /api/debug/send-welcome-email': { status: 502, body: {} },
  });
  renderWithProviders(<DebugPage />);
  await userEvent.type(await screen.findByLabelText('Flight ID'), '99');
  await userEvent.click(screen.getByRole('button', { name: 'Revalidate Flight' }));
  expect(await screen.findByText('Flight 99 not found.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Revalidate All Flights' }));
  expect(await screen.findByText('Failed to revalidate flights.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Reset Completed Flights Without Features' }));
  expect(await screen.findByText('Failed to reset flights.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Reset All Calculations' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Reset all calculations?' })).getByRole('button', { name: 'Reset All Calculations' }));
  expect(await screen.findByText('Failed to reset calculations.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email' }));
  expect(await screen.findByText('Failed to send email.')).toBeInTheDocument();
});

test('success: the default texts when the server sends no message, and the results readably', async () => {
  const api = withStats({
    'POST /api/debug/send-password-reset-email': { body: {} },
    'POST /api/debug/send-email-change': { body: { message: 'Test email sent to chief@example.com.' } },
    'POST /api/debug/revalidate-all-flights': { body: { processedCount: 40, changedCount: 1, changes: [{ flightId: 5, oldRemovalReason: 0, newRemovalReason: 5 }] } },
    'POST /api/debug/reset-completed-flights-without-features': { body: { processedCount: 1, resetFlights: [{ flightId: 9, startTime: '2024-07-14T09:00:00Z', oldStatus: 'Completed', newStatus: 'Pending' }] } },
    'POST /api/debug/reset-all-calculations': { body: { details: { flightsReset: 40, featuresDeleted: 38, coordinatesDeleted: 38, featureGeometriesDeleted: 38, featurePropertiesDeleted: 0 } } },
  });
  const confirm = jest.spyOn(window, 'confirm');
  renderWithProviders(<DebugPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Send Password Reset Email' }));
  expect(await screen.findByText('Email sent successfully!')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Send Email Change Email' }));
  expect(await screen.findByText('Test email sent to chief@example.com.')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Revalidate All Flights' }));
  expect(await screen.findByText('All flights revalidated successfully!')).toBeInTheDocument();
  expect(screen.getByText('Processed: 40 · Changed: 1')).toBeInTheDocument();
  const changes = screen.getByRole('table', { name: 'Changed flights' });
  expect(within(changes).getAllByRole('row')[1]).toHaveTextContent('5NoneShort Flight');

  await userEvent.click(screen.getByRole('button', { name: 'Reset Completed Flights Without Features' }));
  expect(await screen.findByText('Flights reset successfully!')).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'Reset flights' })).getAllByRole('row')[1]).toHaveTextContent(/^9Jul 14, 2024, 09:00 UTCCompletedPending$/);

  // Reset All asks first in the app's own dialog (Cancel has the focus); cancelling sends nothing.
  await userEvent.click(screen.getByRole('button', { name: 'Reset All Calculations' }));
  const ask = screen.getByRole('dialog', { name: 'Reset all calculations?' });
  expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.calls.some((c) => c.path === '/api/debug/reset-all-calculations')).toBe(false);
  await userEvent.click(screen.getByRole('button', { name: 'Reset All Calculations' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Reset all calculations?' })).getByRole('button', { name: 'Reset All Calculations' }));
  expect(await screen.findByText('All flight calculations reset successfully!')).toBeInTheDocument();
  expect(pair(screen.getByLabelText('Reset details'), 'Flights reset')).toBe('40');
  expect(pair(screen.getByLabelText('Reset details'), 'Features deleted')).toBe('38');
  expect(confirm).not.toHaveBeenCalled();
});
