import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { COMMENT_MAX } from '../../../contract/community';
import { errorMessage } from '../../api/base';
import { useAddCommentMutation, useDeleteCommentMutation, useFlightCommentsQuery, useFlightLikesQuery, useSetLikeMutation } from '../../api/community';
import { useAppSelector } from '../../app/hooks';
import { Section } from '../../components/layout';
import { Alert, Button, Hint, Row } from '../../components/ui';
import { selectUser } from '../../features/auth/authSlice';
import { localDateTime } from '../../format/format';

const List = styled.ol`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  display: grid;
  gap: 10px;
`;

// Comments are plain text: React renders them as text, line breaks kept, never as HTML.
const Body = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  margin: 4px 0 0;
`;

const Meta = styled.span`
  color: ${(p) => p.theme.muted};
  font-size: 0.9em;
`;

const Box = styled.textarea`
  width: 100%;
  min-height: 80px;
  box-sizing: border-box;
  font: inherit;
`;

/** Likes and comments of a public flight: anyone reads them; a signed-in pilot likes, comments and deletes their own. */
export function CommunitySection({ token }: { token: string }) {
  const { t, i18n } = useLingui();
  const user = useAppSelector(selectUser);
  const comments = useFlightCommentsQuery(token);
  const likes = useFlightLikesQuery(token);
  const [add, adding] = useAddCommentMutation();
  const [remove] = useDeleteCommentMutation();
  const [setLike, liking] = useSetLikeMutation();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>, fallback: string) => {
    setFailure(null);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure(errorMessage(error, fallback));
      return false;
    }
  };

  const onSend = async () => {
    if (await run(() => add({ token, body: text }).unwrap(), t`Failed to send the comment`)) {
      setText('');
      void comments.refetch();
    }
  };

  const onLike = async () => {
    if (await run(() => setLike({ token, liked: !likes.data?.likedByYou }).unwrap(), t`Failed to save the like`)) void likes.refetch();
  };

  const onDelete = async (id: string) => {
    if (await run(() => remove(id).unwrap(), t`Failed to delete the comment`)) void comments.refetch();
  };

  const count = likes.data?.count ?? 0;
  return (
    <Section aria-labelledby="shared-community">
      <h2 id="shared-community">
        <Trans>Comments</Trans>
      </h2>
      <Row style={{ marginBottom: 12 }}>
        {user ? (
          <Button type="button" $variant="secondary" aria-pressed={!!likes.data?.likedByYou} disabled={liking.isLoading} onClick={() => void onLike()}>
            {likes.data?.likedByYou ? <Trans>Unlike</Trans> : <Trans>Like</Trans>}
          </Button>
        ) : null}
        <span>
          <Plural value={count} one="# like" other="# likes" />
        </span>
        {likes.data && likes.data.pilots.length > 0 && <Meta>{likes.data.pilots.map((p) => p.name).join(', ')}</Meta>}
      </Row>
      {comments.data && comments.data.comments.length > 0 ? (
        <List>
          {comments.data.comments.map((c) => (
            <li key={c.id}>
              <strong>{c.author.name}</strong> <Meta>{localDateTime(c.createdAt, i18n.locale, null)}</Meta>
              <Body>{c.body}</Body>
              {c.canDelete && (
                <Button type="button" $variant="secondary" onClick={() => void onDelete(c.id)}>
                  <Trans>Delete</Trans>
                </Button>
              )}
            </li>
          ))}
        </List>
      ) : (
        comments.data && (
          <Hint>
            <Trans>No comments yet.</Trans>
          </Hint>
        )
      )}
      {failure && (
        <Alert $tone="error" role="alert">
          {failure}
        </Alert>
      )}
      {user ? (
        <>
          <label htmlFor="comment-text">
            <Trans>Your comment</Trans>
          </label>
          <Box id="comment-text" maxLength={COMMENT_MAX} value={text} onChange={(e) => setText(e.target.value)} />
          <Row style={{ justifyContent: 'flex-end' }}>
            <Button type="button" disabled={adding.isLoading || text.trim() === ''} onClick={() => void onSend()}>
              <Trans>Send</Trans>
            </Button>
          </Row>
        </>
      ) : (
        <Hint>
          <Trans>Sign in to like and comment.</Trans>
        </Hint>
      )}
    </Section>
  );
}
