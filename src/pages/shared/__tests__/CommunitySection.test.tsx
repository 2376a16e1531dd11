import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment } from '../../../../contract/community';
import { createStore } from '../../../app/store';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { CommunitySection } from '../CommunitySection';

afterEach(() => jest.restoreAllMocks());

const anna = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User' as const, preferredLanguage: 'en' as const, emailVerified: true, authProvider: 'local' as const };
const comment = (over: Partial<Comment>): Comment => ({ id: 'c1', author: { name: 'Ben', username: null }, body: 'Nice', createdAt: '2025-07-14T10:00:00.000Z', editedAt: null, mine: false, canDelete: false, ...over });

/** A server holding one flight's comments and likes, as the real one answers them. */
function serverRoutes() {
  let comments: Comment[] = [comment({ body: '<b>not bold</b>\nsecond line' })];
  let liked = false;
  const likes = () => ({ count: liked ? 2 : 1, likedByYou: liked, pilots: liked ? [{ name: 'Ben', username: null }, { name: 'anna', username: 'anna' }] : [{ name: 'Ben', username: null }], blockedByPilot: false });
  return {
    'GET /api/public/flights/Tok/comments': () => ({ body: { comments, blockedByPilot: false } }),
    'POST /api/public/flights/Tok/comments': ({ body }) => {
      const added = comment({ id: 'c2', author: { name: 'anna', username: 'anna' }, body: (body as { body: string }).body, mine: true, canDelete: true });
      comments = [...comments, added];
      return { status: 201, body: added };
    },
    'PUT /api/comments/c2': ({ body }) => {
      comments = comments.map((c) => (c.id === 'c2' ? { ...c, body: (body as { body: string }).body, editedAt: '2025-07-14T11:00:00.000Z' } : c));
      return { body: comments.find((c) => c.id === 'c2')! };
    },
    'DELETE /api/comments/c2': () => {
      comments = comments.filter((c) => c.id !== 'c2');
      return { status: 204 };
    },
    'GET /api/public/flights/Tok/likes': () => ({ body: likes() }),
    'PUT /api/public/flights/Tok/like': () => ((liked = true), { body: likes() }),
    'DELETE /api/public/flights/Tok/like': () => ((liked = false), { body: likes() }),
  } satisfies Parameters<typeof mockApi>[0];
}
const server = () => mockApi(serverRoutes());

test('shows comments as plain text and who liked; a visitor is asked to sign in', async () => {
  server();
  renderWithProviders(<CommunitySection token="Tok" />);
  expect(await screen.findByText(/<b>not bold<\/b>/)).toBeInTheDocument();
  expect(document.querySelector('b')).toBeNull();
  expect(await screen.findByText('1 like')).toBeInTheDocument();
  expect(screen.getByText('Sign in to like and comment.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Like' })).toBeNull();
});

test('a signed-in pilot likes, unlikes, comments and deletes their own comment', async () => {
  const user = userEvent.setup();
  server();
  const store = createStore({ preloadedState: { auth: { user: anna, status: 'signedIn' } }, recordActions: false });
  renderWithProviders(<CommunitySection token="Tok" />, { store });
  await user.click(await screen.findByRole('button', { name: 'Like' }));
  expect(await screen.findByText('2 likes')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Unlike' }));
  expect(await screen.findByText('1 like')).toBeInTheDocument();

  await user.type(screen.getByLabelText('Your comment'), 'Thanks for the line!');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  const mine = (await screen.findByText('Thanks for the line!')).closest('li')!;
  expect(screen.getByLabelText('Your comment')).toHaveValue('');
  await user.click(within(mine).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByText('Thanks for the line!')).toBeNull());
});

test('a pilot edits their own comment in place (Escape cancels), marked edited; no Edit on others’ comments', async () => {
  const user = userEvent.setup();
  const { calls } = server();
  const store = createStore({ preloadedState: { auth: { user: anna, status: 'signedIn' } }, recordActions: false });
  renderWithProviders(<CommunitySection token="Tok" />, { store });
  const theirs = (await screen.findByText(/not bold/)).closest('li')!;
  expect(within(theirs).queryByRole('button', { name: 'Edit' })).toBeNull();
  await user.type(screen.getByLabelText('Your comment'), 'Good climb');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  // The same list item throughout (React keeps it by the comment's id).
  const li = (await screen.findByText('Good climb')).closest('li')!;
  const mine = () => li;

  await user.click(within(mine()).getByRole('button', { name: 'Edit' }));
  const box = within(mine()).getByLabelText('Edit your comment');
  expect(box).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(within(mine()).queryByLabelText('Edit your comment')).toBeNull();
  expect(within(mine()).getByRole('button', { name: 'Edit' })).toHaveFocus();

  await user.click(within(mine()).getByRole('button', { name: 'Edit' }));
  await user.clear(within(mine()).getByLabelText('Edit your comment'));
  expect(within(mine()).getByRole('button', { name: 'Save' })).toBeDisabled();
  await user.type(within(mine()).getByLabelText('Edit your comment'), 'Great climb');
  await user.click(within(mine()).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Great climb')).toBeInTheDocument();
  expect(mine()).toHaveTextContent('edited');
  expect(screen.queryByText('Good climb')).toBeNull();
  await waitFor(() => expect(within(mine()).getByRole('button', { name: 'Edit' })).toHaveFocus());
  expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([['/api/comments/c2', { body: 'Great climb' }]]);
});

test('a signed-in pilot reports a comment with a reason and blocks its author, each after the dialog', async () => {
  const user = userEvent.setup();
  const reports: unknown[] = [];
  const { calls } = mockApi({
    ...serverRoutes(),
    'POST /api/comments/c1/report': ({ body }) => (reports.push(body), { status: 204 }),
    'PUT /api/comments/c1/block-author': { body: { blocked: true } },
  });
  const store = createStore({ preloadedState: { auth: { user: anna, status: 'signedIn' } }, recordActions: false });
  renderWithProviders(<CommunitySection token="Tok" />, { store });
  const theirs = (await screen.findByText(/not bold/)).closest('li')!;

  await user.click(within(theirs).getByRole('button', { name: 'Report the comment by Ben' }));
  const dialog = screen.getByRole('dialog', { name: 'Report a comment' });
  const send = within(dialog).getByRole('button', { name: 'Send report' });
  expect(send).toBeDisabled();
  await user.type(within(dialog).getByLabelText('Reason'), 'Advertising');
  await user.click(send);
  expect(await screen.findByText('Thank you: the administrators will look at the comment.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(reports).toEqual([{ reason: 'Advertising' }]);

  await user.click(within(theirs).getByRole('button', { name: 'Block Ben' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Block Ben?' })).getByRole('button', { name: 'Block' }));
  expect(await screen.findByText('Ben is blocked.')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/comments/c1/block-author']);
});

test('a refused report keeps the dialog open with the server’s reason', async () => {
  const user = userEvent.setup();
  mockApi({ ...serverRoutes(), 'POST /api/comments/c1/report': { status: 429, body: { message: 'Too many reports: try again in 12 minutes.' } } });
  const store = createStore({ preloadedState: { auth: { user: anna, status: 'signedIn' } }, recordActions: false });
  renderWithProviders(<CommunitySection token="Tok" />, { store });
  await user.click(await screen.findByRole('button', { name: 'Report the comment by Ben' }));
  const dialog = screen.getByRole('dialog', { name: 'Report a comment' });
  await user.type(within(dialog).getByLabelText('Reason'), 'Spam');
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many reports: try again in 12 minutes.');
});

test('a pilot blocked by the flight’s pilot is told so instead of a comment box or a like button', async () => {
  mockApi({
    'GET /api/public/flights/Tok/comments': { body: { comments: [comment({})], blockedByPilot: true } },
    'GET /api/public/flights/Tok/likes': { body: { count: 0, likedByYou: false, pilots: [], blockedByPilot: true } },
  });
  renderWithProviders(<CommunitySection token="Tok" />, { store: createStore({ preloadedState: { auth: { user: anna, status: 'signedIn' } }, recordActions: false }) });
  expect(await screen.findByText("You can't comment on this pilot's flights.")).toBeInTheDocument();
  expect(screen.getByText('Nice')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Like' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
});
