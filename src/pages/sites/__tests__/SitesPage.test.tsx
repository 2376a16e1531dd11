import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Site } from '../../../../contract/sites';
import { createPointsMap } from '../../../components/map/points-map';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import SitesPage from '../SitesPage';

jest.mock('../../../components/map/points-map', () => ({ createPointsMap: jest.fn() }));
const controller = { setTileUrl: jest.fn(), setPoints: jest.fn(), onClick: jest.fn(), dispose: jest.fn() };
(createPointsMap as jest.Mock).mockImplementation(() => controller);

afterEach(() => jest.restoreAllMocks());

const site = (over: Partial<Site> = {}): Site => ({
  id: 1,
  name: 'Interlaken',
  latitude: 46.68,
  longitude: 7.86,
  named: false,
  flightCount: 5,
  landingCount: 1,
  totalSeconds: 6 * 3600 + 15 * 60,
  lastVisit: '2024-08-20T10:00:00Z',
  timeZone: 'Europe/Zurich',
  ...over,
});
const sites = [site(), site({ id: 2, name: 'Amisbühl', named: true, flightCount: 2, landingCount: 0, totalSeconds: 3600 })];

describe('Sites page', () => {
  it('lists the sites with their visits and draws them on the map', async () => {
    mockApi({ 'GET /api/sites': { body: sites } });
    renderWithProviders(<SitesPage />);
    const list = await screen.findByRole('list', { name: 'Your sites' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Interlaken');
    expect(items[0]).toHaveTextContent('Named after the nearest town');
    expect(items[0]).toHaveTextContent('5 launches · 1 landing · 6:15 h · last visit Aug 20, 2024');
    expect(items[1]).not.toHaveTextContent('Named after the nearest town');
    await waitFor(() => expect(controller.setPoints).toHaveBeenLastCalledWith(sites, null, expect.any(Boolean)));
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Show on map Amisbühl' }));
    expect(controller.setPoints).toHaveBeenLastCalledWith(sites, 2, false);
  });

  it('tells two sites of the same town apart on their cards and in their buttons', async () => {
    const malvern = [
      site({ id: 4, name: 'Great Malvern', latitude: 52.1047, longitude: -2.3361, flightCount: 7, landingCount: 0 }),
      site({ id: 5, name: 'Great Malvern', latitude: 52.0912, longitude: -2.3452, flightCount: 0, landingCount: 3 }),
      site({ id: 6, name: 'Worcestershire Beacon', named: true, flightCount: 1, landingCount: 0 }),
    ];
    mockApi({ 'GET /api/sites': { body: malvern } });
    renderWithProviders(<SitesPage />);
    const list = await screen.findByRole('list', { name: 'Your sites' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).queryByTestId('site-distinction')?.textContent ?? null)).toEqual(['launch', 'landing', null]);
    expect(within(items[0]!).getByRole('button', { name: 'Show on map Great Malvern launch' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Rename Great Malvern (landing)' })).toBeInTheDocument();
    expect(within(items[2]!).getByRole('button', { name: 'Rename Worcestershire Beacon' })).toBeInTheDocument();
  });

  it('renames a site inline; an empty name is refused without a call', async () => {
    const { calls } = mockApi({ 'GET /api/sites': { body: sites }, 'PUT /api/sites/1': { body: site({ name: 'Beatenberg', named: true }) } });
    renderWithProviders(<SitesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Interlaken' }));
    const input = screen.getByLabelText('New name');
    expect(input).toHaveFocus();
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Site name is required.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.type(input, 'Beatenberg{Enter}');
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Beatenberg' }));
    await waitFor(() => expect(screen.queryByLabelText('New name')).not.toBeInTheDocument());
  });

  it('merges a site into the one the pilot chooses', async () => {
    const { calls } = mockApi({ 'GET /api/sites': { body: sites }, 'POST /api/sites/1/merge': { body: {} } });
    renderWithProviders(<SitesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Merge Interlaken into another site' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge Interlaken' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge sites' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the site to merge into.');
    await userEvent.selectOptions(within(dialog).getByLabelText('Merge into'), 'Amisbühl');
    expect(dialog).toHaveTextContent('The launches and landings at Interlaken move to Amisbühl, and Interlaken is removed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge sites' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ intoSiteId: 2 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Sites page: finding a site', () => {
  const many = [
    site({ id: 1, name: 'Naters', flightCount: 2, lastVisit: '2024-05-01T10:00:00Z' }),
    site({ id: 2, name: 'Amden', flightCount: 9, lastVisit: '2023-05-01T10:00:00Z' }),
    site({ id: 3, name: 'Niesen', flightCount: 4, lastVisit: '2024-09-01T10:00:00Z' }),
  ];

  it('sorts by most flights, name or last visit, searches by name, and "Show on map" brings the map into view', async () => {
    mockApi({ 'GET /api/sites': { body: many } });
    const scrollIntoView = jest.spyOn(Element.prototype, 'scrollIntoView');
    renderWithProviders(<SitesPage />);
    await screen.findByRole('list', { name: 'Your sites' });
    const list = () => within(screen.getByRole('list', { name: 'Your sites' })).getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(list().map((text) => many.find((s) => text.includes(s.name))!.name)).toEqual(['Amden', 'Niesen', 'Naters']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
    expect(list().map((text) => many.find((s) => text.includes(s.name))!.name)).toEqual(['Amden', 'Naters', 'Niesen']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'recent');
    expect(list().map((text) => many.find((s) => text.includes(s.name))!.name)).toEqual(['Niesen', 'Naters', 'Amden']);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sites' }), 'n');
    expect(list()).toHaveLength(3);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sites' }), 'ie');
    expect(list().map((text) => many.find((s) => text.includes(s.name))!.name)).toEqual(['Niesen']);
    await userEvent.click(screen.getAllByRole('button', { name: /Show on map/ })[0]!);
    expect(scrollIntoView).toHaveBeenCalled();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search sites' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sites' }), 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No site matches “zzz”.');
  });
});
