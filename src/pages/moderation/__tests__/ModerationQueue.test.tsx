import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModerationReports } from '../../../../contract/community';
import { emptyStatistics, mockApi } from '../../../testing/mock-api';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { ModerationQueue } from '../ModerationQueue';

afterEach(() => jest.restoreAllMocks());

type Report = ModerationReports['reports'][number];
const report = (id: number, over: Partial<Report['comment']> = {}): Report => ({
  id,
  reason: 'Advertising',
  createdAt: '2025-07-14T12:00:00.000Z',
  reporter: 'Ben',
  comment: { id: `c${id}`, body: '<b>buy</b> cheap wings', author: 'Carl', authorBlocked: false, hidden: false, flightToken: 'Tok', createdAt: '2025-07-14T10:00:00.000Z', ...over },
});

/** The server's queue: each action answers the new queue, as the real one does. */
function queueServer() {
  let reports = [report(1), report(2, { author: 'Dora', body: 'rude words' })];
  const act = (id: number, action: string) => {
    if (action === 'delete') reports = reports.filter((r) => r.id !== id);
    else if (action === 'restore') reports = reports.filter((r) => r.id !== id);
    else reports = reports.map((r) => (r.id === id ? { ...r, comment: { ...r.comment, hidden: true, authorBlocked: r.comment.authorBlocked || action === 'block' } } : r));
    return { body: { reports } };
  };
  return mockApi({
    'GET /api/debug/reports': () => ({ body: { reports } }),
    'POST /api/debug/reports/1/hide': () => act(1, 'hide'),
    'POST /api/debug/reports/1/restore': () => act(1, 'restore'),
    'POST /api/debug/reports/2/delete': () => act(2, 'delete'),
    'POST /api/debug/reports/1/block': () => act(1, 'block'),
  });
}

test('lists reported comments as plain text with reporter, reason and the flight; hide, then restore', async () => {
  const user = userEvent.setup();
  const api = queueServer();
  renderWithProviders(<ModerationQueue />);
  const first = await screen.findByRole('listitem', { name: 'Report 1' });
  expect(within(first).getByText('<b>buy</b> cheap wings')).toBeInTheDocument();
  expect(document.querySelector('blockquote b')).toBeNull();
  expect(first).toHaveTextContent('Reported by Ben: “Advertising”');
  expect(within(first).getByRole('link', { name: 'Open the flight' })).toHaveAttribute('href', '/shared/Tok');

  await user.click(within(first).getByRole('button', { name: 'Hide' }));
  expect(await screen.findByText('The comment is hidden.')).toBeInTheDocument();
  expect(screen.getByRole('listitem', { name: 'Report 1' })).toHaveTextContent('hidden');
  await user.click(within(screen.getByRole('listitem', { name: 'Report 1' })).getByRole('button', { name: 'Restore' }));
  await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Report 1' })).toBeNull());
  expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/debug/reports/1/hide', '/api/debug/reports/1/restore']);
});

test('delete and block ask first in the dialog; Cancel does nothing', async () => {
  const user = userEvent.setup();
  const api = queueServer();
  renderWithProviders(<ModerationQueue />);
  const second = await screen.findByRole('listitem', { name: 'Report 2' });
  await user.click(within(second).getByRole('button', { name: 'Delete' }));
  let dialog = screen.getByRole('dialog', { name: 'Delete the comment?' });
  expect(dialog).toHaveTextContent('The comment by Dora and its reports are deleted for good.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  await user.click(within(second).getByRole('button', { name: 'Delete' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete the comment?' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Report 2' })).toBeNull());

  await user.click(within(screen.getByRole('listitem', { name: 'Report 1' })).getByRole('button', { name: 'Block the author' }));
  dialog = screen.getByRole('dialog', { name: 'Block the author from commenting?' });
  await user.click(within(dialog).getByRole('button', { name: 'Block' }));
  expect(await screen.findByText('The comment is hidden and its author can no longer comment.')).toBeInTheDocument();
  const first = screen.getByRole('listitem', { name: 'Report 1' });
  expect(first).toHaveTextContent('author blocked');
  expect(within(first).queryByRole('button', { name: 'Block the author' })).toBeNull();
});

test('an empty queue says so; a refused action shows the server message', async () => {
  mockApi({ 'GET /api/debug/reports': { body: { reports: [] } } });
  renderWithProviders(<ModerationQueue />);
  expect(await screen.findByText('No reported comments.')).toBeInTheDocument();
  jest.restoreAllMocks();
  const user = userEvent.setup();
  mockApi({ 'GET /api/debug/reports': { body: { reports: [report(3)] } }, 'POST /api/debug/reports/3/hide': { status: 404, body: { message: 'This report does not exist.' } } });
  renderWithProviders(<ModerationQueue />);
  await user.click(within(await screen.findByRole('listitem', { name: 'Report 3' })).getByRole('button', { name: 'Hide' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This report does not exist.');
});

const admin = { id: 9, email: 'admin@example.com', username: 'admin', displayName: null, role: 'Admin', preferredLanguage: 'en', emailVerified: true, authProvider: 'local' };

test('the queue is an admin page of its own, reached from the navigation, and works from the keyboard', async () => {
  const user = userEvent.setup();
  mockApi({ ...emptyStatistics, 'GET /api/auth/check': { body: { user: admin } }, 'GET /api/debug/reports': { body: { reports: [report(1)] } }, 'POST /api/debug/reports/1/hide': { body: { reports: [report(1, { hidden: true })] } } });
  renderApp({ route: '/moderation' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' }, { timeout: 20_000 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Moderation' })).toHaveAttribute('aria-current', 'page');
  const item = await screen.findByRole('listitem', { name: 'Report 1' });
  within(item).getByRole('button', { name: 'Hide' }).focus();
  await user.keyboard('{Enter}');
  // The outcome takes the focus: the button pressed is gone (Restore took its place).
  const outcome = await screen.findByText('The comment is hidden.');
  expect(outcome).toHaveFocus();
  expect(within(screen.getByRole('listitem', { name: 'Report 1' })).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
});

test('a pilot has no Moderation tab and is refused on the page', async () => {
  mockApi({ ...emptyStatistics, 'GET /api/auth/check': { body: { user: { ...admin, role: 'User' } } }, 'GET /api/debug/reports': { status: 403, body: { message: 'Admins only.' } } });
  renderApp({ route: '/moderation' });
  expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toHaveTextContent('Admins only.');
  expect(screen.queryByRole('link', { name: 'Moderation' })).toBeNull();
});
