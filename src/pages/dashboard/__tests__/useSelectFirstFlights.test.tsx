import { renderHook } from '@testing-library/react';
import { useSelectFirstFlights } from '../useSelectFirstFlights';

type Flight = { id: number; startTime: string | null };
const older: Flight = { id: 7, startTime: '2024-07-14T09:00:00Z' };
const newest: Flight = { id: 9, startTime: '2024-08-02T11:30:00Z' };

function render(initial: { logbookEmpty: boolean | undefined; flights: Flight[] | undefined; selected?: number | null }) {
  const select = jest.fn();
  const hook = renderHook((p: typeof initial) => useSelectFirstFlights(p.logbookEmpty, p.flights, p.selected ?? null, select), { initialProps: initial });
  return { select, rerender: hook.rerender };
}

describe('the first flights of an empty logbook', () => {
  it('selects the newest flight once an upload brings the first ones', () => {
    const { select, rerender } = render({ logbookEmpty: true, flights: [] });
    expect(select).not.toHaveBeenCalled();
    rerender({ logbookEmpty: false, flights: [older, newest] });
    expect(select).toHaveBeenCalledTimes(1);
    expect(select).toHaveBeenCalledWith(9);
    // Later lists (another month, a second upload) leave the choice to the pilot.
    rerender({ logbookEmpty: false, flights: [older] });
    rerender({ logbookEmpty: false, flights: [newest, older] });
    expect(select).toHaveBeenCalledTimes(1);
  });

  it('leaves a returning pilot\'s dashboard as it is', () => {
    const { select, rerender } = render({ logbookEmpty: undefined, flights: undefined });
    rerender({ logbookEmpty: false, flights: [older, newest] });
    expect(select).not.toHaveBeenCalled();
  });

  it('keeps a flight the pilot already selected', () => {
    const { select, rerender } = render({ logbookEmpty: true, flights: [] });
    rerender({ logbookEmpty: false, flights: [older, newest], selected: 7 });
    expect(select).not.toHaveBeenCalled();
  });
});
