import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { COMMENT_MAX, type Comment } from '../../../contract/community';
import { useAddCommentMutation, useDeleteCommentMutation, useEditCommentMutation, useFlightCommentsQuery, useFlightLikesQuery, useSetLikeMutation } from '../../api/community';
import { useAppSelector } from '../../app/hooks';
import { Section } from '../../components/layout';
import { Alert, Button, Hint, Row, VisuallyHidden } from '../../components/ui';
import { selectUser } from '../../features/auth/authSlice';
import { BlockPilotDialog, type BlockTarget } from '../../features/community/BlockPilotDialog';
import { ReportCommentDialog } from '../../features/community/ReportCommentDialog';
import { TextBox } from '../../features/community/TextBox';
import { localDateTime } from '../../format/format';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';

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

const Actions = styled(Row)`
  margin-top: 6px;
  gap: 8px;
`;

/** Likes and comments of a public flight: anyone reads them; a signed-in pilot likes, comments, and edits and deletes their own. */
export function CommunitySection({ token }: { token: string }) {
  const { t, i18n } = useLingui();
  const user = useAppSelector(selectUser);
  const comments = useFlightCommentsQuery(token);
  const likes = useFlightLikesQuery(token);
  const [add, adding] = useAddCommentMutation();
  const [remove] = useDeleteCommentMutation();
  const [edit, saving] = useEditCommentMutation();
  const [editing, setEditing] = useState<{ id: string; body: string } | null>(null);
  // After Save or Cancel the focus goes back to the comment's Edit button.
  const [returnFocusTo, setReturnFocusTo] = useState<string | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (returnFocusTo && !editing) {
      editButtons.current.get(returnFocusTo)?.focus();
      setReturnFocusTo(null);
    }
  }, [returnFocusTo, editing]);
  const [setLike, liking] = useSetLikeMutation();
  const [text, setText] = useState('');
  const { failure, run: runAction } = useActionFailure();
  const [notice, setNotice] = useState<string | null>(null);
  const [reporting, setReporting] = useState<Comment | null>(null);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);

  const run = (action: () => Promise<unknown>, fallback: string) => {
    setNotice(null);
    return runAction(action, fallback);
  };

  const onSend = async () => {
    if (await run(() => add({ token, body: text }).unwrap(), t`Failed to send the comment`)) setText('');
  };

  const onLike = async () => {
    await run(() => setLike({ token, liked: !likes.data?.likedByYou }).unwrap(), t`Failed to save the like`);
  };

  const onDelete = async (id: string) => {
    await run(() => remove(id).unwrap(), t`Failed to delete the comment`);
  };

  const stopEditing = () => {
    if (editing) setReturnFocusTo(editing.id);
    setEditing(null);
  };

  const onSaveEdit = async () => {
    if (!editing) return;
    if (await run(() => edit({ id: editing.id, body: editing.body }).unwrap(), t`Failed to save the comment`)) stopEditing();
  };

  const count = likes.data?.count ?? 0;
  // The flight's pilot blocked this pilot: say so instead of offering what the server refuses (docs/community.md, "Blocking").
  const blockedByPilot = !!user && (comments.data?.blockedByPilot ?? likes.data?.blockedByPilot ?? false);
  return (
    <Section aria-labelledby="shared-community">
      <h2 id="shared-community">
        <Trans>Comments</Trans>
      </h2>
      <Row style={{ marginBottom: 12 }}>
        {user && !blockedByPilot ? (
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
          {comments.data.comments.map((c) => {
            const author = c.author.name;
            return (
              <li key={c.id}>
                <strong>{c.author.name}</strong> <Meta>{localDateTime(c.createdAt, i18n.locale, null)}</Meta>
                {c.editedAt && (
                  <Meta>
                    {' · '}
                    <Trans>edited</Trans>
                  </Meta>
                )}
                {editing?.id === c.id ? (
                  <>
                    <label htmlFor={`comment-edit-${c.id}`}>
                      <VisuallyHidden>
                        <Trans>Edit your comment</Trans>
                      </VisuallyHidden>
                    </label>
                    {/* Opened by the pilot's own click on Edit: the focus follows into the text. */}
                    <TextBox id={`comment-edit-${c.id}`} autoFocus maxLength={COMMENT_MAX} value={editing.body} onChange={(e) => setEditing({ id: c.id, body: e.target.value })} onKeyDown={(e) => e.key === 'Escape' && stopEditing()} />
                    <Actions>
                      <Button type="button" disabled={saving.isLoading || editing.body.trim() === ''} onClick={() => void onSaveEdit()}>
                        <Trans>Save</Trans>
                      </Button>
                      <Button type="button" $variant="secondary" onClick={stopEditing}>
                        <Trans>Cancel</Trans>
                      </Button>
                    </Actions>
                  </>
                ) : (
                  <Body>{c.body}</Body>
                )}
                <Actions>
                  {c.mine && editing?.id !== c.id && (
                    <Button
                      type="button"
                      $variant="secondary"
                      ref={(el) => {
                        if (el) editButtons.current.set(c.id, el);
                        else editButtons.current.delete(c.id);
                      }}
                      onClick={() => setEditing({ id: c.id, body: c.body })}
                    >
                      <Trans>Edit</Trans>
                    </Button>
                  )}
                  {c.canDelete && (
                    <Button type="button" $variant="secondary" onClick={() => void onDelete(c.id)}>
                      <Trans>Delete</Trans>
                    </Button>
                  )}
                  {user && !c.mine && (
                    <>
                      <Button type="button" $variant="secondary" aria-haspopup="dialog" aria-label={t`Report the comment by ${author}`} onClick={() => setReporting(c)}>
                        <Trans>Report</Trans>
                      </Button>
                      <Button type="button" $variant="secondary" aria-haspopup="dialog" aria-label={t`Block ${author}`} onClick={() => setBlocking({ name: author, commentId: c.id })}>
                        <Trans>Block</Trans>
                      </Button>
                    </>
                  )}
                </Actions>
              </li>
            );
          })}
        </List>
      ) : (
        comments.data && (
          <Hint>
            <Trans>No comments yet.</Trans>
          </Hint>
        )
      )}
      <FailureAlert failure={failure} />
      <div role="status">{notice && <Alert $tone="success">{notice}</Alert>}</div>
      {reporting && (
        <ReportCommentDialog
          commentId={reporting.id}
          author={reporting.author.name}
          onClose={() => setReporting(null)}
          onDone={() => {
            setReporting(null);
            setNotice(t`Thank you: the administrators will look at the comment.`);
          }}
        />
      )}
      {blocking && (
        <BlockPilotDialog
          target={blocking}
          onClose={() => setBlocking(null)}
          onDone={() => {
            const name = blocking.name;
            setNotice(t`${name} is blocked.`);
            setBlocking(null);
          }}
        />
      )}
      {blockedByPilot ? (
        <Hint>
          <Trans>You can't comment on this pilot's flights.</Trans>
        </Hint>
      ) : user ? (
        <>
          <label htmlFor="comment-text">
            <Trans>Your comment</Trans>
          </label>
          <TextBox id="comment-text" maxLength={COMMENT_MAX} value={text} onChange={(e) => setText(e.target.value)} />
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
