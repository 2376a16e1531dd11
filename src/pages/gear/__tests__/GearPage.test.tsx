import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GearCheck, GearItem, GearList } from '../../../../contract/gear';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import GearPage from '../GearPage';

afterEach(() => jest.restoreAllMocks());

const repack = (over: Partial<GearCheck> = {}): GearCheck => ({
  id: 11,
  itemId: 5,
  gliderId: null,
  name: 'Repack',
  intervalMonths: 6,
  intervalHours: null,
  lastDone: '2024-01-10',
  dueOn: '2024-07-10',
  secondsSince: 0,
  secondsLeft: null,
  state: 'overdue',
  records: [{ id: 21, doneOn: '2024-01-10', doneBy: 'Para-Loft', notes: 'Pins fine', reportType: 'pdf', reportName: 'repack.pdf' }],
  ...over,
});
const reserve = (over: Partial<GearItem> = {}): GearItem => ({
  id: 5,
  kind: 'reserve',
  name: 'Companion SQR 120',
  maker: 'Companion',
  serial: 'SQR-1',
  inUseFrom: '2023-05-01',
  inUseUntil: null,
  notes: null,
  flightCount: 12,
  totalSeconds: 15 * 3600,
  checks: [repack()],
  ...over,
});
const list = (over: Partial<GearList> = {}): GearList => ({
  items: [reserve()],
  wings: [{ id: 3, name: 'Ozone Swift 6', flightCount: 40, totalSeconds: 50 * 3600, checks: [repack({ id: 12, itemId: null, gliderId: 3, name: 'Line check', intervalMonths: null, intervalHours: 50, dueOn: null, secondsLeft: 3 * 3600, state: 'soon', lastDone: null, records: [] })] }],
  ...over,
});

describe('Gear page', () => {
  it('shows each item and wing with its checks, due in words, and the history with its report', async () => {
    mockApi({ 'GET /api/gear': { body: list() } });
    renderWithProviders(<GearPage />);
    const item = await screen.findByRole('article', { name: 'Companion SQR 120' });
    expect(within(item).getByText('Reserve · Companion · SQR-1')).toBeInTheDocument();
    expect(within(item).getByText(/In use since May 1, 2023 · 12 flights · 15:00 h/)).toBeInTheDocument();
    expect(within(item).getByText('Overdue')).toBeInTheDocument();
    expect(within(item).getByText(/Every 6 months · due on Jul 10, 2024/)).toBeInTheDocument();
    expect(within(item).getByText('Last done Jan 10, 2024')).toBeInTheDocument();
    await userEvent.click(within(item).getByText('1 check done'));
    expect(within(item).getByRole('link', { name: 'Report repack.pdf' })).toHaveAttribute('href', '/api/gear/records/21/report');
    const wing = screen.getByRole('article', { name: 'Ozone Swift 6' });
    expect(within(wing).getByText('Due soon')).toBeInTheDocument();
    expect(within(wing).getByText(/every 50 flight hours · 3:00 h of flying left/)).toBeInTheDocument();
    expect(within(wing).getByText('No check recorded yet')).toBeInTheDocument();
  });

  it('adds an item through its form and shows the server’s sentence when it refuses', async () => {
    let refuse = true;
    const { calls } = mockApi({
      'GET /api/gear': { body: list({ items: [], wings: [] }) },
      'POST /api/gear': ({ body }) => (refuse ? { status: 400, body: { message: 'In use until must not be before in use from.' } } : { status: 201, body: reserve(body as Partial<GearItem>) }),
    });
    renderWithProviders(<GearPage />);
    expect(await screen.findByText(/No gear yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add gear' }));
    const dialog = screen.getByRole('dialog', { name: 'Add gear' });
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await userEvent.selectOptions(within(dialog).getByLabelText('Kind'), 'Harness');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Woody Valley GTO');
    await userEvent.type(within(dialog).getByLabelText('In use from'), '2024-05-01');
    await userEvent.type(within(dialog).getByLabelText('In use until'), '2024-04-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add gear' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('In use until must not be before in use from.');
    refuse = false;
    await userEvent.clear(within(dialog).getByLabelText('In use until'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add gear' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ kind: 'harness', name: 'Woody Valley GTO', maker: null, serial: null, inUseFrom: '2024-05-01', inUseUntil: null, notes: null });
  });

  it('adds a check to a wing in months and hours', async () => {
    const { calls } = mockApi({ 'GET /api/gear': { body: list() }, 'POST /api/gear/checks': ({ body }) => ({ status: 201, body: repack(body as Partial<GearCheck>) }) });
    renderWithProviders(<GearPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add check to Ozone Swift 6' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a check' });
    await userEvent.type(within(dialog).getByLabelText('Check'), 'Trim check');
    await userEvent.type(within(dialog).getByLabelText('Every … months'), '24');
    await userEvent.type(within(dialog).getByLabelText('Every … flight hours'), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add check' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ gliderId: 3, name: 'Trim check', intervalMonths: 24, intervalHours: 100 });
  });
});

describe('Check done form', () => {
  // Sending the file itself (multipart through RTK Query's fetch) is not reproducible in jsdom: the
  // server tests (server/test/gear.test.ts) and the journey (e2e/career-gear-tandem.test.ts) cover it.
  it('records the check done, who did it, and offers a report of the accepted kinds', async () => {
    const { calls } = mockApi({
      'GET /api/gear': { body: list() },
      'POST /api/gear/checks/11/records': { status: 201, body: repack({ records: [{ id: 30, doneOn: '2024-08-01', doneBy: 'Hans', notes: null, reportType: null, reportName: null }] }) },
    });
    renderWithProviders(<GearPage />);
    const item = await screen.findByRole('article', { name: 'Companion SQR 120' });
    await userEvent.click(within(item).getByRole('button', { name: 'Check done…' }));
    const dialog = screen.getByRole('dialog', { name: 'Repack done' });
    const date = within(dialog).getByLabelText('Date');
    expect(date).toHaveFocus();
    await userEvent.clear(date);
    await userEvent.type(date, '2024-08-01');
    await userEvent.type(within(dialog).getByLabelText('Done by (optional)'), 'Hans');
    const report = within(dialog).getByLabelText('Report (optional)');
    expect(report).toHaveAccessibleDescription('A PDF or a photo (JPEG, PNG or WebP) of at most 10 MB, seen only by you.');
    expect(report).toHaveAttribute('accept', 'application/pdf,image/jpeg,image/png,image/webp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save check done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ doneOn: '2024-08-01', doneBy: 'Hans', notes: null });
  });

  it('keeps the form open with the server’s sentence for a date in the future', async () => {
    mockApi({ 'GET /api/gear': { body: list() }, 'POST /api/gear/checks/11/records': { status: 400, body: { message: 'The date cannot be in the future.' } } });
    renderWithProviders(<GearPage />);
    const item = await screen.findByRole('article', { name: 'Companion SQR 120' });
    await userEvent.click(within(item).getByRole('button', { name: 'Check done…' }));
    const dialog = screen.getByRole('dialog', { name: 'Repack done' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save check done' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The date cannot be in the future.');
  });
});
