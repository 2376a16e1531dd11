import { isMarked } from '../../../../contract/rules';
import { isInProgress, isTypingTarget, periodTotals, selectionAfterDelete, steppedSelection } from '../flight-rules';

const list = [{ id: 1 }, { id: 2 }, { id: 3 }];

describe('flight list rules', () => {
  it('steps through the list and wraps at both ends', () => {
    expect(steppedSelection(list, 1, 1)).toBe(2);
    expect(steppedSelection(list, 3, 1)).toBe(1);
    expect(steppedSelection(list, 1, -1)).toBe(3);
    expect(steppedSelection(list, null, 1)).toBe(1);
    expect(steppedSelection(list, null, -1)).toBe(3);
    expect(steppedSelection([], null, 1)).toBeNull();
  });

  it('selects the next flight after a deletion, else the previous, else none', () => {
    expect(selectionAfterDelete(list, 2)).toBe(3);
    expect(selectionAfterDelete(list, 3)).toBe(2);
    expect(selectionAfterDelete([{ id: 3 }], 3)).toBeNull();
  });

  it('knows processing and marked flights', () => {
    expect(isInProgress({ status: 'Pending' })).toBe(true);
    expect(isInProgress({ status: 'Processing' })).toBe(true);
    expect(isInProgress({ status: 'Completed' })).toBe(false);
    expect(isMarked({ removalReason: 0 })).toBe(false);
    expect(isMarked({ removalReason: null })).toBe(false);
    expect(isMarked({ removalReason: 5 })).toBe(true);
  });

  it('treats fields as typing targets', () => {
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
  });
});

describe('period totals', () => {
  const row = (over: Partial<Parameters<typeof periodTotals>[0] extends readonly (infer R)[] | undefined ? R : never>) => ({ status: 'Completed', flightTime: 3600, distance: 10, removalReason: null, removalDate: null, ...over });

  it('adds the flights, their time in the air and distance; marked, failed and missing values count nothing', () => {
    expect(periodTotals([row({}), row({ flightTime: 1800, distance: 2.5 }), row({ removalReason: 10 }), row({ status: 'Failed' }), row({ flightTime: null, distance: null })])).toEqual({ flights: 3, flightTime: 5400, distance: 12.5 });
  });

  it('is zero for no list', () => {
    expect(periodTotals(undefined)).toEqual({ flights: 0, flightTime: 0, distance: 0 });
  });
});
