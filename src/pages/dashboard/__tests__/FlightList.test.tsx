import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import { FlightList } from '../FlightList';
import { flight } from '../../../testing/flight-fixtures';


const rows = () => screen.getAllByRole('row').slice(1);

describe('FlightList', () => {
  it('is one stop of the Tab key, a grid whose active descendant is the selected flight', async () => {
    renderWithProviders(<FlightList flights={[flight({ id: 1 }), flight({ id: 2 })]} selectedId={2} onSelect={jest.fn()} loading={false} />);
    await userEvent.tab();
    const grid = screen.getByRole('grid', { name: 'Flights' });
    expect(grid).toHaveFocus();
    const active = document.getElementById(grid.getAttribute('aria-activedescendant')!);
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(active).toHaveAttribute('data-flight-id', '2');
  });

  it('shows Date, Duration and Distance in the flight’s own time zone, with the keyboard hint', () => {
    renderWithProviders(<FlightList flights={[flight()]} selectedId={null} onSelect={jest.fn()} loading={false} />);
    const table = screen.getByRole('grid', { name: 'Flights' });
    expect(table).toHaveAccessibleDescription(expect.stringMatching(/arrow keys/));
    expect(screen.getByText(/arrow keys to move between flights/)).toBeVisible();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Duration', 'Distance']);
    const cells = within(rows()[0]!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Jul 14, 2025');
    expect(cells[0]).toHaveTextContent('10:05'); // 08:05 UTC in Zurich summer time, on the app's one 24-hour clock
    expect(cells[0]).not.toHaveTextContent(/AM|PM/);
    expect(cells[1]).toHaveTextContent('1:30');
    expect(cells[2]).toHaveTextContent('42.36 km');
  });

  it('says a search found nothing, not that the period is empty', () => {
    const { unmount } = renderWithProviders(<FlightList flights={[]} selectedId={null} onSelect={jest.fn()} loading={false} searching />);
    expect(screen.getByText('No flight matches the search.')).toBeVisible();
    expect(screen.queryByText(/No flights in this period/)).toBeNull();
    unmount();
    renderWithProviders(<FlightList flights={[]} selectedId={null} onSelect={jest.fn()} loading={false} />);
    expect(screen.getByText(/No flights in this period/)).toBeVisible();
  });

  it('shows - for missing values', () => {
    renderWithProviders(<FlightList flights={[flight({ flightTime: null, distance: null })]} selectedId={null} onSelect={jest.fn()} loading={false} />);
    const cells = within(rows()[0]!).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('-');
    expect(cells[2]).toHaveTextContent('-');
  });

  it('reads Processing... for pending and processing flights, and Processing Error for failed ones', () => {
    renderWithProviders(
      <FlightList flights={[flight({ id: 1, status: 'Pending' }), flight({ id: 2, status: 'Processing' }), flight({ id: 3, status: 'Failed' })]} selectedId={null} onSelect={jest.fn()} loading={false} />,
    );
    expect(within(rows()[0]!).getAllByRole('cell')[0]).toHaveTextContent('Processing...');
    expect(within(rows()[1]!).getAllByRole('cell')[0]).toHaveTextContent('Processing...');
    expect(within(rows()[2]!).getByText('Processing Error')).toBeInTheDocument();
    expect(rows()[0]).toHaveStyle({ opacity: '0.6' });
    expect(rows()[2]).not.toHaveStyle({ opacity: '0.6' });
  });

  it('styles marked flights red with their reason', () => {
    renderWithProviders(<FlightList flights={[flight({ id: 1, removalReason: 5 }), flight({ id: 2 })]} selectedId={null} onSelect={jest.fn()} loading={false} />);
    expect(within(rows()[0]!).getByText('Short Flight')).toBeInTheDocument();
    expect(rows()[0]).toHaveStyle({ color: '#c62828' });
    expect(rows()[1]).not.toHaveStyle({ color: '#c62828' });
  });

  it('selects a flight on click and marks the selected row', async () => {
    const onSelect = jest.fn();
    renderWithProviders(<FlightList flights={[flight({ id: 1 }), flight({ id: 2 })]} selectedId={2} onSelect={onSelect} loading={false} />);
    expect(rows()[1]).toHaveAttribute('aria-selected', 'true');
    expect(rows()[0]).toHaveAttribute('aria-selected', 'false');
    await userEvent.click(rows()[0]!);
    expect(onSelect).toHaveBeenCalledWith(1);
  });

  it('has empty, loading and error states', () => {
    const { unmount } = renderWithProviders(<FlightList flights={[]} selectedId={null} onSelect={jest.fn()} loading={false} />);
    expect(screen.getByText('No flights in this period. Upload IGC files to add some.')).toBeInTheDocument();
    unmount();
    const second = renderWithProviders(<FlightList flights={undefined} selectedId={null} onSelect={jest.fn()} loading />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    second.unmount();
    renderWithProviders(<FlightList flights={undefined} selectedId={null} onSelect={jest.fn()} loading={false} error="Month must be between 1 and 12." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Month must be between 1 and 12.');
  });
});
