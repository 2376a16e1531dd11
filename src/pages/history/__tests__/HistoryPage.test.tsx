import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UploadTask } from '../../../../contract/uploads';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import HistoryPage from '../HistoryPage';
import { achievementsApi } from '../../../api/achievements';
import { statisticsApi } from '../../../api/statistics';
import { HISTORY_POLL_MS, isRemoved } from '../history-rules';
import { HISTORY_IDLE_POLL_MS } from '../../../features/upload/upload-rules';

// The OpenLayers map needs a canvas; the browser journeys draw it. Here it only shows its points.
jest.mock('../../../components/map/FlightPathMap', () => ({
  FlightPathMap: ({ points, label }: { points?: unknown[]; label: string }) => <div role="img" aria-label={label} data-points={points?.length ?? 0} />,
}));

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const file = (id: number, flights: UploadTask['igcFiles'][number]['flightDetails'], extra: Partial<UploadTask['igcFiles'][number]> = {}) => ({
  id,
  originalFilename: `track-${id}.igc`,
  fileSize: 2048,
  status: 'Completed',
  reason: null,
  flightDetails: flights,
  ...extra,
});

const completedTask: UploadTask = {
  id: 1,
  uploadDate: '2024-07-14T10:00:00Z',
  filename: 'season.zip',
  fileSize: 3 * 1024 * 1024 + 512 * 1024,
  status: 'Completed',
  errorMessage: null,
  estimatedFlightCount: 3,
  processedFlightCount: 2,
  duplicateFlightCount: 1,
  fileCount: 2,
  filesDone: 2,
  failedFileCount: 0,
  failures: [],
  ledger: { stored: 1, merged: 0, duplicate: 1, notFlight: 0, notTrack: 0, unreadable: 0, waiting: 0 },
  igcFiles: [
    file(10, [
      { id: 100, isRemoved: false, removalReason: null },
      { id: 101, isRemoved: true, removalReason: 7 },
    ]),
    file(11, [], { status: 'Duplicate', reason: 'This file is already in your logbook.', fileSize: 0 }),
  ],
};

const processingTask: UploadTask = {
  id: 2,
  uploadDate: '2024-07-15T10:00:00Z',
  filename: 'big.tar.gz',
  fileSize: 900,
  status: 'Processing',
  errorMessage: null,
  estimatedFlightCount: 40,
  processedFlightCount: 13,
  duplicateFlightCount: 2,
  fileCount: 0,
  filesDone: 0,
  failedFileCount: 0,
  failures: [],
  ledger: { stored: 0, merged: 0, duplicate: 0, notFlight: 0, notTrack: 0, unreadable: 0, waiting: 0 },
  igcFiles: [],
};

/** The list comes without files (withFiles=false); each task's files come a page at a time. */
const summary = (task: UploadTask): UploadTask => ({ ...task, fileCount: task.igcFiles.length || task.fileCount, igcFiles: [] });
const filesOf = (task: UploadTask) => ({ body: { total: task.igcFiles.length, offset: 0, files: task.igcFiles } });

test('each task: filename, date, size, badge, processed count, and its files open with their flights and reasons', async () => {
  const api = mockApi({ 'GET /api/uploadtasks': { body: [summary(completedTask)] }, 'GET /api/uploadtasks/1/files': filesOf(completedTask) });
  renderWithProviders(<HistoryPage />);
  const task = await screen.findByRole('article', { name: 'season.zip' });
  expect(within(task).getByTestId('task-status')).toHaveTextContent('Completed');
  expect(within(task).getByText('3.50 MB')).toBeInTheDocument();
  expect(within(task).getByText(/Jul 14, 2024/)).toBeInTheDocument();
  expect(within(task).getByText('Processed 2 flights, 1 duplicate')).toBeInTheDocument();
  expect(within(task).getByText('2 extracted files')).toBeInTheDocument();
  expect(within(task).queryByRole('progressbar')).not.toBeInTheDocument();
  expect(api.calls.find((c) => c.path === '/api/uploadtasks')?.query.get('withFiles')).toBe('false');

  // A pilot who uploaded a few files sees what became of each without a click.
  const table = await within(task).findByRole('table', { name: 'Files of season.zip' });
  expect(within(task).queryByRole('button', { name: /files/ })).not.toBeInTheDocument();
  expect(within(task).queryByRole('navigation')).not.toBeInTheDocument();
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Filename', 'Size', 'Status', 'Reason', 'Flights']);
  const [, first, second] = within(table).getAllByRole('row');
  expect(first).toHaveTextContent('track-10.igc');
  expect(first).toHaveTextContent('2.00 KB');
  expect(second).toHaveTextContent('Duplicate');
  expect(second).toHaveTextContent('This file is already in your logbook.');
  expect(within(second!).getAllByRole('cell')[1]).toHaveTextContent('-');
  expect(within(within(first!).getAllByRole('cell')[4]!).getAllByRole('button')).toHaveLength(2);

  const active = within(task).getByRole('button', { name: 'Flight 100, active: view details' });
  expect(active).toHaveTextContent('✓');
  const removed = within(task).getByRole('button', { name: 'Flight 101, removed: view details' });
  expect(removed).toHaveTextContent('✗');
  expect(removed).toHaveTextContent('(Gondola Ride)');
});

test("a whole career's archive: what became of every file adds up, and the list downloads as CSV", async () => {
  const life: UploadTask = {
    ...completedTask,
    id: 7,
    filename: 'sd-card.zip',
    fileCount: 12,
    ledger: { stored: 5, merged: 1, duplicate: 2, notFlight: 1, notTrack: 2, unreadable: 1, waiting: 0 },
    igcFiles: [],
  };
  const api = mockApi({ 'GET /api/uploadtasks': { body: [life] }, 'GET /api/auth/check': { body: { isAuthenticated: true } } });
  const saved: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.getAttribute('href') ?? '');
  });
  renderWithProviders(<HistoryPage />);
  const task = await screen.findByRole('article', { name: 'sd-card.zip' });
  expect(within(task).getByText('12 files received:')).toBeInTheDocument();
  const counts = within(within(task).getByRole('list', { name: 'What became of the files' })).getAllByRole('listitem').map((li) => li.textContent);
  expect(counts).toEqual(['5 stored as flights', '1 merged into a flight', '2 already in the logbook', '1 not a flight', '2 not track files', '1 unreadable']);
  // The outcomes the pilot reads add up to the files received.
  expect(counts.reduce((sum, c) => sum + Number(/^\d+/.exec(c ?? '')![0]), 0)).toBe(12);
  const download = within(task).getByRole('link', { name: 'Download the list (CSV)' });
  expect(download).toHaveAttribute('href', '/api/uploadtasks/7/ledger.csv');
  await userEvent.click(download);
  await waitFor(() => expect(saved).toEqual(['/api/uploadtasks/7/ledger.csv']));
  expect(api.calls.map((c) => c.path)).toContain('/api/auth/check');
});

test('twenty files show open, twenty-one wait behind Show files', async () => {
  const files = (n: number) => Array.from({ length: n }, (_, i) => file(500 + i, []));
  const twenty: UploadTask = { ...completedTask, id: 20, filename: 'twenty.zip', igcFiles: files(20) };
  const more: UploadTask = { ...completedTask, id: 21, filename: 'more.zip', igcFiles: files(21) };
  const api = mockApi({ 'GET /api/uploadtasks': { body: [summary(twenty), summary(more)] }, 'GET /api/uploadtasks/20/files': filesOf(twenty), 'GET /api/uploadtasks/21/files': filesOf(more) });
  renderWithProviders(<HistoryPage />);
  const open = await screen.findByRole('article', { name: 'twenty.zip' });
  expect(within(await within(open).findByRole('table')).getAllByRole('row')).toHaveLength(21);
  const closed = screen.getByRole('article', { name: 'more.zip' });
  expect(within(closed).queryByRole('table')).not.toBeInTheDocument();
  expect(api.calls.some((c) => c.path === '/api/uploadtasks/21/files')).toBe(false);
  await userEvent.click(within(closed).getByRole('button', { name: 'Show files' }));
  expect(within(await within(closed).findByRole('table')).getAllByRole('row')).toHaveLength(22);
});

test('a task of thousands of files shows them a page at a time', async () => {
  const big: UploadTask = { ...completedTask, id: 9, filename: 'life.zip', fileCount: 250, igcFiles: [] };
  const api = mockApi({
    'GET /api/uploadtasks': { body: [big] },
    'GET /api/uploadtasks/9/files': ({ query }) => {
      const offset = Number(query.get('offset'));
      const count = Math.min(Number(query.get('limit')), 250 - offset);
      return { body: { total: 250, offset, files: Array.from({ length: count }, (_, i) => file(1000 + offset + i, [])) } };
    },
  });
  renderWithProviders(<HistoryPage />);
  const task = await screen.findByRole('article', { name: 'life.zip' });
  expect(within(task).getByText('250 extracted files')).toBeInTheDocument();
  expect(within(task).queryByRole('table')).not.toBeInTheDocument();
  const show = within(task).getByRole('button', { name: 'Show files' });
  expect(show).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(show);
  const table = await within(task).findByRole('table', { name: 'Files of life.zip' });
  expect(within(task).getByRole('button', { name: 'Hide files' })).toHaveAttribute('aria-expanded', 'true');
  expect(within(table).getAllByRole('row')).toHaveLength(101);
  const pages = within(task).getByRole('navigation', { name: 'Pages of files of life.zip' });
  expect(pages).toHaveTextContent('Files 1–100 of 250');
  expect(within(pages).getByRole('button', { name: 'Previous files' })).toBeDisabled();
  await userEvent.click(within(pages).getByRole('button', { name: 'Next files' }));
  await userEvent.click(await within(pages).findByRole('button', { name: 'Next files' }));
  await within(pages).findByText('Files 201–250 of 250');
  expect(within(table).getAllByRole('row')).toHaveLength(51);
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('track-1200.igc');
  expect(within(pages).getByRole('button', { name: 'Next files' })).toBeDisabled();
  expect(api.calls.filter((c) => c.path === '/api/uploadtasks/9/files').map((c) => c.query.get('offset'))).toEqual(['0', '100', '200']);
});

test('a processing task shows its progress bar, percentage and duplicates; a failed one its error', async () => {
  mockApi({ 'GET /api/uploadtasks': { body: [processingTask, { ...completedTask, id: 3, filename: 'bad.zip', status: 'Failed', errorMessage: 'The archive is damaged.', fileCount: 0, igcFiles: [] }, { ...completedTask, id: 4, filename: 'odd.zip', status: 'Queued', fileCount: 0, igcFiles: [] }] } });
  renderWithProviders(<HistoryPage />);
  const task = await screen.findByRole('article', { name: 'big.tar.gz' });
  expect(within(task).getByText('Processing')).toBeInTheDocument();
  expect(within(task).getByText('900 B')).toBeInTheDocument();
  const bar = within(task).getByRole('progressbar', { name: 'Processing progress' });
  expect(bar).toHaveAttribute('aria-valuenow', '33');
  expect(within(task).getByText('33%')).toBeInTheDocument();
  expect(within(task).getByText(/13 of 40 flights processed/)).toHaveTextContent('2 duplicates');
  expect(within(task).getByText('0 extracted files')).toBeInTheDocument();
  expect(within(screen.getByRole('article', { name: 'bad.zip' })).getByText('The archive is damaged.')).toBeInTheDocument();
  expect(within(screen.getByRole('article', { name: 'bad.zip' })).getByText('Failed')).toBeInTheDocument();
  // Unknown statuses are shown as they come.
  expect(within(screen.getByRole('article', { name: 'odd.zip' })).getByText('Queued')).toBeInTheDocument();
});

test('the empty state, and Refresh loads again', async () => {
  let answer: UploadTask[] = [];
  const api = mockApi({ 'GET /api/uploadtasks': () => ({ body: answer }) });
  renderWithProviders(<HistoryPage />);
  expect(await screen.findByText(/No uploads yet/)).toBeInTheDocument();
  answer = [summary(completedTask)];
  await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  expect(await screen.findByRole('article', { name: 'season.zip' })).toBeInTheDocument();
  expect(api.calls.filter((c) => c.path === '/api/uploadtasks')).toHaveLength(2);
});

test('polls every 5 s while a task is processing: updates merge in, new tasks appear, polling stops when done', async () => {
  jest.useFakeTimers();
  let answer: UploadTask[] = [processingTask];
  const api = mockApi({ 'GET /api/uploadtasks': () => ({ body: answer }), 'GET /api/uploadtasks/2/files': { body: { total: 1, offset: 0, files: [file(20, [{ id: 200, isRemoved: false, removalReason: null }])] } } });
  renderWithProviders(<HistoryPage />);
  await act(() => jest.advanceTimersByTimeAsync(50));
  expect(screen.getByText('33%')).toBeInTheDocument();
  const gets = () => api.calls.filter((c) => c.path === '/api/uploadtasks').length;
  expect(gets()).toBe(1);

  answer = [{ ...processingTask, processedFlightCount: 30 }];
  await act(() => jest.advanceTimersByTimeAsync(HISTORY_POLL_MS - 100));
  expect(gets()).toBe(1);
  await act(() => jest.advanceTimersByTimeAsync(200));
  expect(gets()).toBe(2);
  expect(screen.getByText('75%')).toBeInTheDocument();

  answer = [{ ...processingTask, id: 5, filename: 'new.igc' }, { ...processingTask, status: 'Completed', processedFlightCount: 38, fileCount: 1 }];
  await act(() => jest.advanceTimersByTimeAsync(HISTORY_POLL_MS));
  expect(screen.getByRole('article', { name: 'new.igc' })).toBeInTheDocument();
  const finished = screen.getByRole('article', { name: 'big.tar.gz' });
  expect(within(finished).getByText('Processed 38 flights, 2 duplicates')).toBeInTheDocument();
  await act(() => jest.advanceTimersByTimeAsync(50));
  expect(within(finished).getByRole('button', { name: 'Flight 200, active: view details' })).toBeInTheDocument();

  answer = answer.map((t) => ({ ...t, status: 'Completed' }));
  await act(() => jest.advanceTimersByTimeAsync(HISTORY_POLL_MS));
  const after = gets();
  // Then only the slower idle asking (an upload made elsewhere).
  await act(() => jest.advanceTimersByTimeAsync(HISTORY_IDLE_POLL_MS - 200));
  expect(gets()).toBe(after);
});

test('when a task finishes, the logbook views reload (statistics, notifications)', async () => {
  jest.useFakeTimers();
  let answer: UploadTask[] = [processingTask];
  const api = mockApi({
    'GET /api/uploadtasks': () => ({ body: answer }),
    'GET /api/statistics/overall': { body: {} },
    'GET /api/achievements/notifications': { body: [] },
  });
  const { store } = renderWithProviders(<HistoryPage />);
  store.dispatch(statisticsApi.endpoints.overallStatistics.initiate());
  store.dispatch(achievementsApi.endpoints.notifications.initiate());
  await act(() => jest.advanceTimersByTimeAsync(50));
  const count = (path: string) => api.calls.filter((c) => c.path === path).length;
  expect(count('/api/statistics/overall')).toBe(1);
  await act(() => jest.advanceTimersByTimeAsync(HISTORY_POLL_MS));
  expect(count('/api/statistics/overall')).toBe(1);
  answer = [{ ...processingTask, status: 'Completed' }];
  await act(() => jest.advanceTimersByTimeAsync(HISTORY_POLL_MS));
  expect(count('/api/statistics/overall')).toBe(2);
  expect(count('/api/achievements/notifications')).toBe(2);
});

test('while nothing is processing it asks only every 10 s, so an upload made in another tab appears without a reload', async () => {
  jest.useFakeTimers();
  let answer: UploadTask[] = [completedTask];
  const api = mockApi({ 'GET /api/uploadtasks': () => ({ body: answer }) });
  renderWithProviders(<HistoryPage />);
  await act(() => jest.advanceTimersByTimeAsync(HISTORY_IDLE_POLL_MS - 100));
  expect(api.calls.filter((c) => c.path === '/api/uploadtasks')).toHaveLength(1);
  answer = [{ ...completedTask, id: 9, filename: 'from-the-phone.igc' }, completedTask];
  await act(() => jest.advanceTimersByTimeAsync(200));
  expect(api.calls.filter((c) => c.path === '/api/uploadtasks')).toHaveLength(2);
  expect(screen.getByRole('article', { name: 'from-the-phone.igc' })).toBeInTheDocument();
});

test('a failed load is only logged', async () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  mockApi({ 'GET /api/uploadtasks': { status: 500, body: { message: 'down' } } });
  renderWithProviders(<HistoryPage />);
  await waitFor(() => expect(log).toHaveBeenCalled());
  expect(screen.queryByText('down')).not.toBeInTheDocument();
});

test('removed means a non-zero reason with a removal date', () => {
  expect(isRemoved({ removalReason: 2, removalDate: '2024-01-01T00:00:00Z' })).toBe(true);
  expect(isRemoved({ removalReason: 'GondolaRide', removalDate: '2024-01-01T00:00:00Z' })).toBe(true);
  expect(isRemoved({ removalReason: 2, removalDate: null })).toBe(false);
  expect(isRemoved({ removalReason: 0, removalDate: '2024-01-01T00:00:00Z' })).toBe(false);
  expect(isRemoved({ removalReason: null, removalDate: '2024-01-01T00:00:00Z' })).toBe(false);
});

test('a finished task with a failed file is not a plain Completed: it says how many failed and why', async () => {
  const partly: UploadTask = {
    ...completedTask,
    failedFileCount: 1,
    failures: [{ reason: 'No B records: the file holds no track.', count: 1, firstFiles: ['track-12.igc'] }],
    igcFiles: [completedTask.igcFiles[0]!, file(12, [], { status: 'Failed', reason: 'No B records: the file holds no track.' })],
  };
  mockApi({ 'GET /api/uploadtasks': { body: [summary(partly)] }, 'GET /api/uploadtasks/1/files': filesOf(partly) });
  renderWithProviders(<HistoryPage />);
  const task = await screen.findByRole('article', { name: 'season.zip' });
  await waitFor(() => expect(within(task).getByTestId('task-status')).toHaveTextContent('Completed, 1 file failed'));
  expect(within(within(task).getByRole('list', { name: 'Files that failed' })).getByRole('listitem')).toHaveTextContent('track-12.igc: No B records: the file holds no track.');
});

test('an archive of hundreds of files says how many failed and why, grouped by reason, without loading its files', async () => {
  const big: UploadTask = {
    ...completedTask,
    id: 30,
    filename: 'decade.zip',
    fileCount: 640,
    filesDone: 640,
    failedFileCount: 57,
    failures: [
      { reason: 'No B records: the file holds no track.', count: 55, firstFiles: ['a.igc', 'b.igc', 'c.igc'] },
      { reason: 'The file is not an IGC file.', count: 2, firstFiles: ['notes.igc', 'x.igc'] },
    ],
    igcFiles: [],
  };
  const api = mockApi({ 'GET /api/uploadtasks': { body: [big] } });
  renderWithProviders(<HistoryPage />);
  const task = await screen.findByRole('article', { name: 'decade.zip' });
  expect(within(task).getByTestId('task-status')).toHaveTextContent('Completed, 57 files failed');
  const groups = within(within(task).getByRole('list', { name: 'Files that failed' })).getAllByRole('listitem');
  expect(groups.map((g) => g.textContent)).toEqual([
    'No B records: the file holds no track. (55 files: a.igc, b.igc, c.igc, 52 more)',
    'The file is not an IGC file. (2 files: notes.igc, x.igc)',
  ]);
  expect(api.calls.some((c) => c.path.startsWith('/api/uploadtasks/30'))).toBe(false);
});

test('a processing task says how many of its files are done', async () => {
  mockApi({ 'GET /api/uploadtasks': { body: [{ ...processingTask, fileCount: 40, filesDone: 12 }] } });
  renderWithProviders(<HistoryPage />);
  const task = await screen.findByRole('article', { name: 'big.tar.gz' });
  expect(within(task).getByText(/12 of 40 files done/)).toHaveTextContent('12 of 40 files done · 13 of 40 flights processed · 2 duplicates');
});

test('a new upload shows when the page opens again, without Refresh', async () => {
  let answer: UploadTask[] = [];
  mockApi({ 'GET /api/uploadtasks': () => ({ body: answer }), 'GET /api/uploadtasks/1/files': filesOf(completedTask) });
  const first = renderWithProviders(<HistoryPage />);
  await screen.findByText(/No uploads yet/);
  first.unmount();
  answer = [summary(completedTask)];
  renderWithProviders(<HistoryPage />, { store: first.store });
  expect(await screen.findByRole('article', { name: 'season.zip' })).toBeInTheDocument();
});
