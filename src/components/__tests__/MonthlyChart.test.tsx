import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { chartMonths, monthNames, MonthlyChart, YEAR_PALETTE, yearColours } from '../MonthlyChart';

const item = (year: number, month: number, hours: number) => ({ year, month, totalHours: hours * 3600 });

test('twelve months, one bar per year in every month, zero where a year has no flights', () => {
  const months = chartMonths([item(2023, 7, 2), item(2024, 7, 5), item(2024, 3, 1)]);
  expect(months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  expect(months[6]!.bars.map((b) => [b.year, b.seconds])).toEqual([
    [2023, 7200],
    [2024, 18000],
  ]);
  expect(months[2]!.bars.map((b) => b.seconds)).toEqual([0, 3600]);
  expect(months[0]!.bars.map((b) => b.seconds)).toEqual([0, 0]);
});

test('the six-colour palette is cycled per year, oldest first', () => {
  const years = [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023];
  const colours = yearColours(years.reverse().map((y) => item(y, 1, 1)));
  expect(colours.map((c) => c.year)).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023]);
  expect(new Set(YEAR_PALETTE).size).toBe(6);
  expect(colours.map((c) => c.colour)).toEqual([...YEAR_PALETTE, YEAR_PALETTE[0], YEAR_PALETTE[1]]);
});

test('month names follow the language', () => {
  expect(monthNames('en')[0]).toBe('Jan');
  expect(monthNames('de', 'long')[2]).toBe('März');
});

test('draws a labelled bar only for months with hours, the Flight Hours axis and a tooltip', () => {
  renderWithProviders(<MonthlyChart items={[item(2023, 7, 2.5), item(2024, 7, 5), item(2024, 8, 1)]} />);
  expect(screen.getByText('Flight Hours')).toBeInTheDocument();
  expect(screen.getAllByText('Jan').length).toBeGreaterThan(0);
  expect(screen.getAllByText('Dec').length).toBeGreaterThan(0);
  expect(screen.getByTestId('bar-2023-7')).toHaveAttribute('fill', YEAR_PALETTE[0]);
  expect(screen.getByTestId('bar-2024-7')).toHaveAttribute('fill', YEAR_PALETTE[1]);
  expect(screen.queryByTestId('bar-2023-8')).not.toBeInTheDocument();
  // Taller bar for more hours.
  expect(Number(screen.getByTestId('bar-2024-7').getAttribute('height'))).toBeGreaterThan(Number(screen.getByTestId('bar-2023-7').getAttribute('height')));
  fireEvent.mouseMove(screen.getByTestId('bar-2023-7'));
  expect(screen.getByRole('tooltip')).toHaveTextContent('July 2023: 2:30 h');
  fireEvent.mouseLeave(screen.getByTestId('bar-2023-7'));
  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'Years' })).toHaveTextContent('20232024');
});
