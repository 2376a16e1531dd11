import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TrainingLog, TrainingRequest } from '../../../../contract/training';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, renderWithProviders } from '../../../testing/render';
import TrainingPage from '../TrainingPage';
import '../VerifyTrainingPage';

afterEach(() => jest.restoreAllMocks());

const exercises = {
  exercises: [
    { id: 1, key: 'ground-handling', name: 'Ground handling', retired: false },
    { id: 4, key: 'big-ears', name: 'Big ears', retired: false },
    { id: 20, key: null, name: 'Wingover', retired: true },
  ],
};
const flight = { id: 7, startTime: '2026-05-01T10:00:00.000Z', endTime: '2026-05-01T11:00:00.000Z', timeZone: 'UTC', place: 'Kobala', flightTime: 3600 };
const log = (over: Partial<TrainingLog> = {}): TrainingLog => ({
  entries: [
    { id: 3, instructor: 'Ines Instructor', signedAt: '2026-05-02T09:00:00.000Z', comment: 'Clean big ears', flights: [flight], exercises: [{ id: 4, key: 'big-ears', name: 'Big ears' }], hash: 'a'.repeat(64), intact: true, changes: [] },
  ],
  intact: true,
  brokenEntryId: null,
  requests: [{ id: 5, status: 'declined', person: 'Ines Instructor', createdAt: '2026-05-03T09:00:00.000Z', note: null, comment: 'Not yet: too fast', flights: [], exercises: [{ id: 1, key: 'ground-handling', name: 'Ground handling' }] }],
  verificationCode: 'ABCD-EFGH-JKLM',
  ...over,
});
const summary = { id: 7, startTime: '2026-05-01T10:00:00.000Z', timeZone: 'UTC', siteName: 'Kobala', takeoffLocation: null };

function student(roles: string[] = [], answers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/roles/mine': { body: { roles } },
    'GET /api/training/log': { body: log() },
    'GET /api/training/exercises': { body: exercises },
    'GET /api/FlightDetail': { body: [summary] },
    ...answers,
  });
}

test('a student sees the signed entries, the verification code, the declined request, and asks an instructor to sign', async () => {
  const user = userEvent.setup();
  const { calls } = student([], { 'POST /api/training/requests': { status: 201, body: { id: 9 } } });
  renderWithProviders(<TrainingPage />);
  const entry = await screen.findByRole('listitem', { name: 'Entry signed by Ines Instructor' });
  expect(within(entry).getByText(/Big ears/)).toBeInTheDocument();
  expect(within(entry).getByText('Comment: Clean big ears')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Your log is intact');
  expect(screen.getByText('ABCD-EFGH-JKLM')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Public verification page' })).toHaveAttribute('href', '/training/verify/ABCD-EFGH-JKLM');
  expect(screen.getByRole('link', { name: 'Download the signed log (PDF)' })).toHaveAttribute('href', '/api/training/log.pdf');
  expect(screen.getByText('Declined by Ines Instructor: Not yet: too fast')).toBeInTheDocument();
  // Instructors' sections stay hidden.
  expect(screen.queryByRole('heading', { name: 'Requests to you as instructor' })).toBeNull();

  const send = screen.getByRole('button', { name: 'Send the request' });
  expect(send).toBeDisabled();
  await user.type(screen.getByLabelText('Instructor’s email or username'), 'ines@example.com');
  const exerciseBoxes = within(screen.getByRole('group', { name: 'Exercises' }));
  expect(exerciseBoxes.queryByLabelText('Wingover')).toBeNull();
  await user.click(exerciseBoxes.getByLabelText('Big ears'));
  await user.click(within(screen.getByRole('group', { name: 'Flights (your latest 30)' })).getByLabelText(/Kobala/));
  await user.click(send);
  expect(await screen.findByText('Request sent. The instructor sees it in their training log.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ instructor: 'ines@example.com', flightIds: [7], exerciseIds: [4] });
});

test('a changed log says from which entry, and why', async () => {
  student([], {
    'GET /api/training/log': { body: log({ intact: false, brokenEntryId: 3, entries: [{ ...log().entries[0]!, intact: false, changes: ['flight-times'] }] }) },
  });
  renderWithProviders(<TrainingPage />);
  expect(await screen.findByText('Your log has changed since it was signed, from entry 1 on.')).toBeInTheDocument();
  expect(screen.getByText('(changed: a signed flight’s times were changed)')).toBeInTheDocument();
});

test('a student with nothing signed yet is told so and offered no PDF', async () => {
  student([], { 'GET /api/training/log': { body: log({ entries: [], verificationCode: null }) } });
  renderWithProviders(<TrainingPage />);
  expect(await screen.findByText('No signed entries yet. Ask an instructor below to sign flights and exercises.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Download the signed log (PDF)' })).toBeNull();
});

test('an instructor signs one request, declines another with a comment, and retires an exercise', async () => {
  const user = userEvent.setup();
  const request = (id: number, person: string): TrainingRequest => ({ id, status: 'pending', person, createdAt: '2026-05-03T09:00:00.000Z', note: 'Please', comment: null, flights: [flight], exercises: [{ id: 4, key: 'big-ears', name: 'Big ears' }] });
  const { calls } = student(['instructor'], {
    'GET /api/training/requests': { body: { requests: [request(11, 'Žana'), request(12, 'Tom')] } },
    'POST /api/training/requests/11/sign': { status: 204 },
    'POST /api/training/requests/12/decline': { status: 400, body: { message: 'Say why you decline.' } },
    'DELETE /api/training/exercises/4': { status: 204 },
  });
  renderWithProviders(<TrainingPage />);
  const zana = await screen.findByRole('listitem', { name: 'Request from Žana' });
  await user.type(within(zana).getByLabelText('Comment'), 'Well done');
  await user.click(within(zana).getByRole('button', { name: 'Sign' }));
  await waitFor(() => expect(calls.find((c) => c.path === '/api/training/requests/11/sign')?.body).toEqual({ comment: 'Well done' }));
  const tom = screen.getByRole('listitem', { name: 'Request from Tom' });
  await user.click(within(tom).getByRole('button', { name: 'Decline' }));
  expect(await within(tom).findByRole('alert')).toHaveTextContent('Say why you decline.');

  await user.click(screen.getByRole('button', { name: 'Retire Big ears' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/training/exercises/4')).toBe(true));
});

test('the public verification page shows whether a log is intact, without flights', async () => {
  mockApi({
    'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } },
    'GET /api/public/training/ABCD-EFGH-JKLM': {
      body: { student: 'Žana Študentka', intact: false, entries: [{ number: 1, instructor: 'Ines Instructor', signedAt: '2026-05-02T09:00:00.000Z', exercises: [{ id: 4, key: 'big-ears', name: 'Big ears' }], intact: false }] },
    },
  });
  renderApp({ route: '/training/verify/ABCD-EFGH-JKLM' });
  expect(await screen.findByRole('heading', { name: 'Training log of Žana Študentka' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Changed: at least one entry no longer matches');
  const rows = within(screen.getByRole('table', { name: 'Signed entries' })).getAllByRole('row');
  expect(within(rows[1]!).getByText('Big ears')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('changed')).toBeInTheDocument();
});

test('an unknown verification code says so', async () => {
  mockApi({
    'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } },
    'GET /api/public/training/NOPE': { status: 404, body: { message: 'No training log has this verification code.' } },
  });
  renderApp({ route: '/training/verify/NOPE' });
  expect(await screen.findByRole('alert')).toHaveTextContent('No training log has this verification code.');
});
