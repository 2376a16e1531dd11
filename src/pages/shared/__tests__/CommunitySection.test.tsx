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
function server() {
  let comments: Comment[] = [comment({ body: '<b>not bold</b>\nsecond line' })];
  let liked = false;
  const likes = () => ({ count: liked ? 2 : 1, likedByYou: liked, pilots: liked ? [{ name: 'Ben', username: null }, { name: 'anna', username: 'anna' }] : [{ name: 'Ben', username: null }] });
  return mockApi({
    'GET /api/public/flights/Tok/comments': () => ({ body: { comments } }),
    'POST /api/public/flights/Tok/comments': ({ body }) => {
      const added = comment({ id: 'c2', author: { name: 'anna', username: 'anna' }, body: (body as { body: string }).body, mine: true, canDelete: true });
      comments = [...comments, added];
      return { status: 201, body: added };
    },
    'DELETE /api/comments/c2': () => {
      comments = comments.filter((c) => c.id !== 'c2');
      return { status: 204 };
    },
    'GET /api/public/flights/Tok/likes': () => ({ body: likes() }),
    'PUT /api/public/flights/Tok/like': () => ((liked = true), { body: likes() }),
    'DELETE /api/public/flights/Tok/like': () => ((liked = false), { body: likes() }),
  });
}

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
