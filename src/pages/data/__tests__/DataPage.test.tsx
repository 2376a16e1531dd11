import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSV_IMPORT_MAX_BYTES, type CsvImportAnswer } from '../../../../contract/exports';
import { flightsApi } from '../../../api/flights';
import { createStore } from '../../../app/store';
import { FakeXhr, installFakeXhr } from '../../../testing/fake-xhr';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, renderRoutes } from '../../../testing/render';
import DataPage from '../DataPage';

installFakeXhr();
afterEach(() => jest.restoreAllMocks());

const anna = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User' as const, preferredLanguage: 'en' as const, emailVerified: true, authProvider: 'local' as const };

function renderPage() {
  const store = createStore({ preloadedState: { auth: { user: anna, status: 'signedIn' } }, recordActions: false });
  return renderRoutes(
    [
      { path: '/en/data', element: <DataPage /> },
      { path: '/en/dashboard', element: <p>Logbook page</p> },
      { path: '/en/history', element: <p>History page</p> },
      { path: '/:lang/login', element: <p>Login page</p> },
    ],
    { initialEntries: ['/en/data'], store },
  );
}

const csv = (name = 'logfly.csv', text = 'Date;Heure;Duree\n') => new File([text], name, { type: 'text/csv' });
const fileInput = () => screen.getByLabelText('Logbook file (CSV or Logfly database)');
const importButton = () => screen.getByRole('button', { name: 'Import the file' });

async function importFile(file: File) {
  await userEvent.upload(fileInput(), file);
  await userEvent.click(importButton());
  await waitFor(() => expect(FakeXhr.last).not.toBeNull());
  return FakeXhr.last!;
}

const answer = (over: Partial<CsvImportAnswer> = {}): CsvImportAnswer => ({
  format: 'logfly',
  imported: 3,
  tracks: 0,
  duplicates: 1,
  merged: 0,
  refused: [
    { row: 4, message: 'The takeoff time is missing.' },
    { row: 7, message: 'The duration is not a duration: 25:99.' },
  ],
  skippedColumns: ['Balise', 'Photo'],
  ...over,
});

describe('Your data page', () => {
  it('is a tab of the dashboard at /data', async () => {
    mockApi({ 'GET /api/auth/check': { body: { user: anna } } });
    renderApp({ route: '/data' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your data' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your data' })).toHaveAttribute('aria-current', 'page');
  });

  it('downloads the logbook CSV and the IGC zip from the export URLs, as files', () => {
    renderPage();
    const logbook = screen.getByRole('link', { name: 'Download the logbook (CSV)' });
    expect(logbook).toHaveAttribute('href', '/api/export/flights.csv');
    expect(logbook).toHaveAttribute('download');
    const zip = screen.getByRole('link', { name: 'Download all IGC files (zip)' });
    expect(zip).toHaveAttribute('href', '/api/export/igc.zip');
    expect(zip).toHaveAttribute('download');
  });

  it('checks the session before a download starts, and saves the file when it is valid', async () => {
    const api = mockApi({ 'GET /api/auth/check': { body: { isAuthenticated: true } } });
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.getAttribute('href') ?? '');
    });
    renderPage();
    await userEvent.click(screen.getByRole('link', { name: 'Download all IGC files (zip)' }));
    await waitFor(() => expect(saved).toEqual(['/api/export/igc.zip']));
    expect(api.calls.map((c) => c.path)).toEqual(['/api/auth/check']);
    expect(screen.getByRole('heading', { level: 1, name: 'Your data' })).toBeInTheDocument();
  });

  it('goes to the login page instead of a failed download when the session has expired', async () => {
    mockApi({ 'GET /api/auth/check': { status: 401, body: { message: 'Please log in to continue.' } } });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage();
    await userEvent.click(screen.getByRole('link', { name: 'Download the logbook (CSV)' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it('sends the chosen CSV in the field file and shows the format, counts, refused rows and skipped columns', async () => {
    renderPage();
    expect(importButton()).toBeDisabled();
    const file = csv();
    const xhr = await importFile(file);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/import/csv');
    expect(xhr.body!.getAll('file')).toEqual([file]);
    xhr.respond(200, answer());
    const result = (await screen.findByText('Read as Logfly.')).closest('[role=status]')!;
    expect(result).toHaveTextContent('3 flights imported');
    expect(result).toHaveTextContent('1 row skipped: the flight is already in your logbook');
    expect(result).toHaveTextContent('2 rows refused');
    const refused = screen.getByRole('list', { name: 'Refused rows (numbered as in a spreadsheet, the header being row 1):' });
    expect(within(refused).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Row 4: The takeoff time is missing.', 'Row 7: The duration is not a duration: 25:99.']);
    expect(screen.getByText('Columns with no place in this logbook, not imported: Balise, Photo')).toBeInTheDocument();
    await userEvent.click(within(result as HTMLElement).getByRole('link', { name: 'Open the logbook' }));
    expect(await screen.findByText('Logbook page')).toBeInTheDocument();
  });

  it('names our own format, and lists only the first 50 refused rows of a long list', async () => {
    renderPage();
    const refused = Array.from({ length: 52 }, (_, i) => ({ row: i + 2, message: 'The date is missing.' }));
    (await importFile(csv('flights.csv'))).respond(200, answer({ format: 'flightlog', imported: 0, duplicates: 0, merged: 0, refused, skippedColumns: [] }));
    expect(await screen.findByText("Read as this logbook's CSV.")).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Refused rows (numbered as in a spreadsheet, the header being row 1):' })).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('… and 2 more rows.')).toBeInTheDocument();
    expect(screen.queryByText(/Columns with no place/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the logbook' })).not.toBeInTheDocument();
  });

  it("says which rows joined a flight with a track, and that Logfly's stored tracks are being analysed, with the way to Upload History", async () => {
    renderPage();
    (await importFile(csv('Logfly.db'))).respond(200, answer({ imported: 2, merged: 1, tracks: 2, refused: [], skippedColumns: [] }));
    const result = (await screen.findByText('Read as Logfly.')).closest('[role=status]') as HTMLElement;
    expect(result).toHaveTextContent('1 row joined its flight with a track already in your logbook (notes, wing and site added)');
    expect(result).toHaveTextContent('2 tracks from the file are being analysed: each joins its flight (Upload History lists them)');
    await userEvent.click(within(result).getByRole('link', { name: 'Upload History' }));
    expect(await screen.findByText('History page')).toBeInTheDocument();
  });

  it("shows the server's message when it does not know the file, and no result", async () => {
    renderPage();
    (await importFile(csv('photo.csv', 'not a logbook'))).respond(400, { message: 'This file is not a logbook CSV we know (ours, Logfly or flugbuech).' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a logbook CSV we know (ours, Logfly or flugbuech).');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(importButton()).toBeEnabled();
  });

  it('refuses a file over the size limit before sending it', async () => {
    renderPage();
    const big = csv('huge.csv');
    Object.defineProperty(big, 'size', { value: CSV_IMPORT_MAX_BYTES * 1.5 });
    await userEvent.upload(fileInput(), big);
    expect(screen.getByRole('alert')).toHaveTextContent('huge.csv is 15.00 MB; a CSV import takes up to 10 MB.');
    expect(fileInput()).toHaveAccessibleDescription(/Up to 10 MB\. huge\.csv is/);
    expect(importButton()).toBeDisabled();
    await userEvent.click(importButton());
    expect(FakeXhr.count).toBe(0);
    // Another, smaller file can be sent.
    await userEvent.upload(fileInput(), csv());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(importButton()).toBeEnabled();
  });

  it('refreshes the logbook views after flights were imported', async () => {
    const { calls } = mockApi({ 'GET /api/FlightDetail/months': { body: [] } });
    const { store } = renderPage();
    await store.dispatch(flightsApi.endpoints.months.initiate());
    const monthCalls = () => calls.filter((c) => c.path === '/api/FlightDetail/months').length;
    expect(monthCalls()).toBe(1);
    (await importFile(csv())).respond(200, answer());
    await waitFor(() => expect(monthCalls()).toBe(2));
  });

  it('sends the pilot to the login page when the session has expired', async () => {
    renderPage();
    (await importFile(csv())).respond(401, { message: 'Not signed in' });
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });
});
