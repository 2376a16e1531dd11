import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import type { FlightSummary } from '../../../../contract/flights';
import { renderWithProviders } from '../../../testing/render';
import { flight } from '../../../testing/flight-fixtures';
import { FlightList } from '../FlightList';
import { removalReasonLabel } from '../../../format/removal-reasons';

// Counts row renders: every marked row asks for its reason's label once per render.
jest.mock('../../../format/removal-reasons', () => {
  const actual = jest.requireActual('../../../format/removal-reasons');
  return { ...actual, removalReasonLabel: jest.fn(actual.removalReasonLabel) };
});

const many = (n: number, over = {}) => Array.from({ length: n }, (_, i) => flight({ id: i + 1, startTime: new Date(Date.UTC(2015, 0, 1) + i * 86_400_000).toISOString(), ...over }));
const drawn = () => screen.getAllByRole('row').filter((r) => r.hasAttribute('data-flight-id'));

/** The list inside the app's providers, with its selection (and onSelect) changed from the test. */
function renderList(flights: FlightSummary[], selectedId: number | null) {
  const control: { set?: (id: number | null) => void } = {};
  function Host() {
    const [selected, setSelected] = useState(selectedId);
    control.set = setSelected;
    // A new onSelect on every render, as a page that does not memoise it passes.
    return <FlightList flights={flights} selectedId={selected} onSelect={(id) => setSelected(id)} loading={false} />;
  }
  renderWithProviders(<Host />);
  return async (id: number | null) => act(async () => control.set!(id));
}

// jsdom has no layout and scrolls nothing: here a tall list scrolls, and scrollTo moves scrollTop and tells the list.
const scrollTops = new WeakMap<Element, number>();
beforeAll(() => {
  Object.defineProperty(Element.prototype, 'scrollTop', { configurable: true, get: function (this: Element) { return scrollTops.get(this) ?? 0; } });
  Object.defineProperty(Element.prototype, 'scrollHeight', { configurable: true, get: () => 10_000_000 });
  Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => 620 });
  Element.prototype.scrollTo = function scrollTo(this: Element, options?: ScrollToOptions | number) {
    scrollTops.set(this, typeof options === 'object' ? (options.top ?? 0) : 0);
    setTimeout(() => this.dispatchEvent(new Event('scroll')));
  } as Element['scrollTo'];
});

describe('FlightList with many flights', () => {
  it('draws only a window of rows and tells assistive technology how many there are', () => {
    renderWithProviders(<FlightList flights={many(10_000)} selectedId={null} onSelect={jest.fn()} loading={false} />);
    const table = screen.getByRole('grid', { name: 'Flights' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    const rows = drawn();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(rows[0]).toHaveAttribute('data-flight-id', '1');
  });

  it('scrolls the selected flight into view, far down the list', async () => {
    const select = renderList(many(10_000), null);
    expect(screen.queryByRole('row', { selected: true })).not.toBeInTheDocument();
    await select(7_500);
    const selected = await screen.findByRole('row', { selected: true });
    expect(selected).toHaveAttribute('data-flight-id', '7500');
    expect(selected).toHaveAttribute('aria-rowindex', '7501');
    expect(drawn().length).toBeLessThan(60);
    // Wrapping to the first flight scrolls back to the top.
    await select(1);
    expect(await screen.findByRole('row', { selected: true })).toHaveAttribute('aria-rowindex', '2');
  });

  it('draws again only the two rows whose selection changed', async () => {
    const select = renderList(many(200, { removalReason: 5 }), 3);
    const label = removalReasonLabel as jest.Mock;
    label.mockClear();
    await select(4);
    expect(label).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('row', { selected: true })).toHaveAttribute('data-flight-id', '4');
  });
});
