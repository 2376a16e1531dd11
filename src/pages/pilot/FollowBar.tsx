import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useBlockPilotMutation, useFollowStateQuery, useSetFollowMutation } from '../../api/community';
import { useAppSelector } from '../../app/hooks';
import { Button, Row } from '../../components/ui';
import { selectUser } from '../../features/auth/authSlice';
import { BlockPilotDialog } from '../../features/community/BlockPilotDialog';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';

/** The pilot page's follower counts and, for another signed-in pilot, Follow / Unfollow (docs/community.md). */
export function FollowBar({ username, name, followers, following }: { username: string; name: string; followers: number; following: number }) {
  const { t } = useLingui();
  const user = useAppSelector(selectUser);
  const canFollow = !!user && user.username.toLowerCase() !== username.toLowerCase();
  const state = useFollowStateQuery(username, { skip: !canFollow });
  const [setFollow, saving] = useSetFollowMutation();
  const { failure, run } = useActionFailure();
  const isFollowing = !!state.data?.following;
  const [unblock, unblocking] = useBlockPilotMutation();
  const [confirmBlock, setConfirmBlock] = useState(false);

  const onUnblock = () => run(() => unblock({ username, blocked: false }).unwrap(), t`Failed to unblock the pilot`);
  const onClick = () => run(() => setFollow({ username, follow: !isFollowing }).unwrap(), t`Failed to change whom you follow`);

  return (
    <>
      <Row style={{ marginBottom: 16 }}>
        <span>
          <Plural value={followers} one="# follower" other="# followers" />
        </span>
        <span>·</span>
        <span>
          <Trans>{following} following</Trans>
        </span>
        {/* Follow only a pilot who accepts followers; Unfollow always (docs/community.md, "Following"). */}
        {canFollow && state.data && (isFollowing || (state.data.acceptsFollowers && !state.data.blocked)) && (
          <Button type="button" $variant={isFollowing ? 'secondary' : undefined} aria-pressed={isFollowing} disabled={saving.isLoading} onClick={() => void onClick()}>
            {isFollowing ? <Trans>Unfollow</Trans> : <Trans>Follow</Trans>}
          </Button>
        )}
        {canFollow && state.data &&
          (state.data.blocked ? (
            <Button type="button" $variant="secondary" disabled={unblocking.isLoading} onClick={() => void onUnblock()}>
              <Trans>Unblock</Trans>
            </Button>
          ) : (
            <Button type="button" $variant="secondary" aria-haspopup="dialog" onClick={() => setConfirmBlock(true)}>
              <Trans>Block</Trans>
            </Button>
          ))}
      </Row>
      <FailureAlert failure={failure} />
      {confirmBlock && <BlockPilotDialog target={{ name, username }} onClose={() => setConfirmBlock(false)} onDone={() => setConfirmBlock(false)} />}
    </>
  );
}
