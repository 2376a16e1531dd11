import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../api/base';
import { useFollowStateQuery, useSetFollowMutation } from '../../api/community';
import { useAppSelector } from '../../app/hooks';
import { Alert, Button, Row } from '../../components/ui';
import { selectUser } from '../../features/auth/authSlice';

/** The pilot page's follower counts and, for another signed-in pilot, Follow / Unfollow (docs/community.md). */
export function FollowBar({ username, followers, following }: { username: string; followers: number; following: number }) {
  const { t } = useLingui();
  const user = useAppSelector(selectUser);
  const canFollow = !!user && user.username.toLowerCase() !== username.toLowerCase();
  const state = useFollowStateQuery(username, { skip: !canFollow });
  const [setFollow, saving] = useSetFollowMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const isFollowing = !!state.data?.following;

  const onClick = async () => {
    setFailure(null);
    try {
      await setFollow({ username, follow: !isFollowing }).unwrap();
    } catch (error) {
      setFailure(errorMessage(error, t`Failed to change whom you follow`));
    }
  };

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
        {canFollow && state.data && (
          <Button type="button" $variant={isFollowing ? 'secondary' : undefined} aria-pressed={isFollowing} disabled={saving.isLoading} onClick={() => void onClick()}>
            {isFollowing ? <Trans>Unfollow</Trans> : <Trans>Follow</Trans>}
          </Button>
        )}
      </Row>
      {failure && (
        <Alert $tone="error" role="alert">
          {failure}
        </Alert>
      )}
    </>
  );
}
