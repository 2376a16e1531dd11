import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MonthSummary } from '../../../../contract/flights';
import { renderWithProviders } from '../../../testing/render';
import { MonthFilter, type MonthFilterProps } from '../MonthFilter';

const m = (year: number, month: number, count: number): MonthSummary => ({ year, month, count, firstDay: `${year}-${String(month).padStart(2, '0')}-03` });
const months = [m(2025, 8, 2), m(2025, 3, 5), m(2024, 6, 1)];

function setup(props: Partial<MonthFilterProps> = {}) {
  const handlers = { onChange: jest.fn(), onMarkedOnlyChange: jest.fn(), onDeleteAllMarked: jest.fn() };
  renderWithProviders(<MonthFilter months={months} period={{ year: 2025, month: 8 }} markedOnly={false} markedCount={0} currentYear={2025} {...handlers} {...props} />);
  return handlers;
}

describe('MonthFilter', () => {
  it('offers All Years and the years newest first', () => {
    setup();
    const options = within(screen.getByRole('combobox', { name: 'Year' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All Years', '2025', '2024']);
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('2025');
  });

  it('shows the months of the year ascending with their counts, and how many', () => {
    setup();
    const buttons = within(screen.getByRole('group', { name: 'Months' })).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Mar5', 'Aug2']);
    expect(buttons[1]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('2 months')).toBeInTheDocument();
  });

  it('selects a month, a whole year, another year on its default month, or all years', async () => {
    const { onChange } = setup();
    await userEvent.click(screen.getByRole('button', { name: /Mar/ }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 2025, month: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Show All Months' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 2025, month: null });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2024');
    expect(onChange).toHaveBeenLastCalledWith({ year: 2024, month: 6 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), 'all');
    expect(onChange).toHaveBeenLastCalledWith({ year: null, month: null });
  });

  it('opens the current year on its latest month and a past year on its earliest', async () => {
    const { onChange } = setup({ months: [m(2025, 3, 1), m(2025, 8, 1), m(2024, 2, 1), m(2024, 11, 1)], period: { year: 2024, month: 2 } });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2025');
    expect(onChange).toHaveBeenLastCalledWith({ year: 2025, month: 8 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2024');
    expect(onChange).toHaveBeenLastCalledWith({ year: 2024, month: 2 });
  });

  it('lists every month with its year under All Years, and offers Show All', () => {
    setup({ period: { year: null, month: null } });
    const buttons = within(screen.getByRole('group', { name: 'Months' })).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Mar 20255', 'Aug 20252', 'Jun 20241']);
    expect(screen.getByRole('button', { name: 'Show All' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('3 months')).toBeInTheDocument();
  });

  it('shows the marked toggle only when marked flights exist', async () => {
    setup();
    expect(screen.queryByRole('button', { name: /Marked for Review/ })).not.toBeInTheDocument();
  });

  it('in marked mode disables the year, hides the months and offers Delete All Marked', async () => {
    const { onMarkedOnlyChange } = setup({ markedCount: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Marked for Review (3)' }));
    expect(onMarkedOnlyChange).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('button', { name: 'Delete All Marked' })).not.toBeInTheDocument();
  });

  it('in marked mode the year is disabled and the month buttons are hidden', async () => {
    const { onMarkedOnlyChange, onDeleteAllMarked } = setup({ markedCount: 3, markedOnly: true });
    expect(screen.getByRole('combobox', { name: 'Year' })).toBeDisabled();
    expect(screen.queryByRole('group', { name: 'Months' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show All Months' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marked for Review (3)' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Delete All Marked' }));
    expect(onDeleteAllMarked).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Marked for Review (3)' }));
    expect(onMarkedOnlyChange).toHaveBeenCalledWith(false);
  });

  it('disables Delete All Marked while it runs', () => {
    setup({ markedCount: 3, markedOnly: true, deletingAllMarked: true });
    expect(screen.getByRole('button', { name: 'Delete All Marked' })).toBeDisabled();
  });
});
