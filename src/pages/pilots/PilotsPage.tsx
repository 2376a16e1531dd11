import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PILOT_SEARCH_MIN, type PilotListItem } from '../../../contract/follows';
import { errorMessage } from '../../api/base';
import { useRemoveFollowerMutation, useSetFollowMutation } from '../../api/community';
import { useFollowersQuery, useFollowSettingsQuery, useSearchPilotsQuery } from '../../api/follows';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section, Sections } from '../../components/layout';
import { Alert, Button, Hint, Input, Label, Spinner } from '../../components/ui';
import { FailureAlert } from '../../components/FailureAlert';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  justify-content: space-between;
  overflow-wrap: anywhere;
`;

const Buttons = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** Waits until typing pauses, so the search asks once per word, not once per letter. */
function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** `/pilots`: find pilots by name and follow them; your followers, with Follow back (docs/community.md). */
export default function PilotsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Pilots`);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div>
      <h1>
        <Trans>Pilots</Trans>
      </h1>
      <FailureAlert failure={failure} />
      <Sections>
        <SearchSection onFailure={setFailure} />
        <FollowersSection onFailure={setFailure} />
      </Sections>
    </div>
  );
}

type OnFailure = (message: string | null) => void;

/** Follow / Unfollow for one pilot of a list; the lists read their state again (tag `Follows`). */
function FollowButton({ pilot, followBack = false, onFailure }: { pilot: PilotListItem; followBack?: boolean; onFailure: OnFailure }) {
  const { t } = useLingui();
  const [setFollow, saving] = useSetFollowMutation();
  const name = pilot.name;
  if (!pilot.following && !pilot.acceptsFollowers) {
    return <Hint>{t`Does not accept followers`}</Hint>;
  }
  const onClick = async () => {
    onFailure(null);
    try {
      await setFollow({ username: pilot.username, follow: !pilot.following }).unwrap();
    } catch (error) {
      onFailure(errorMessage(error, t`Failed to change whom you follow`));
    }
  };
  const label = pilot.following ? t`Unfollow ${name}` : followBack ? t`Follow ${name} back` : t`Follow ${name}`;
  return (
    <Button type="button" $variant={pilot.following ? 'secondary' : undefined} aria-pressed={pilot.following} aria-label={label} disabled={saving.isLoading} onClick={() => void onClick()}>
      {pilot.following ? <Trans>Unfollow</Trans> : followBack ? <Trans>Follow back</Trans> : <Trans>Follow</Trans>}
    </Button>
  );
}

function PilotName({ pilot }: { pilot: PilotListItem }) {
  const to = useLocalePath();
  return pilot.publicPage ? <Link to={to(paths.publicPilot.getHref(pilot.username))}>{pilot.name}</Link> : <strong>{pilot.name}</strong>;
}

function SearchSection({ onFailure }: { onFailure: OnFailure }) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  const q = useSettled(text.trim());
  const ready = q.length >= PILOT_SEARCH_MIN;
  const search = useSearchPilotsQuery(q, { skip: !ready });
  const pilots = ready ? search.data?.pilots : undefined;
  return (
    <Section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Find pilots</Trans>
      </h2>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <Label>
          <Trans context="person">Name</Trans>
          <Input type="search" value={text} autoComplete="off" aria-describedby={`${id}-hint`} onChange={(e) => setText(e.target.value)} />
        </Label>
      </form>
      <Hint as="p" id={`${id}-hint`} style={{ display: 'block' }}>
        <Trans>Only pilots who let others find them by name are listed.</Trans>
      </Hint>
      <div aria-live="polite">
        {ready && search.isFetching && !pilots && <Spinner aria-label={t`Searching`} />}
        {ready && search.isError && (
          <Alert $tone="error" role="alert">
            {errorMessage(search.error, t`Failed to search for pilots`)}
          </Alert>
        )}
        {pilots && pilots.length === 0 && (
          <p>
            <Trans>No pilot found by that name.</Trans>
          </p>
        )}
        {pilots && pilots.length > 0 && (
          <List aria-label={t`Pilots found`}>
            {pilots.map((p) => (
              <Item key={p.username}>
                <PilotName pilot={p} />
                <FollowButton pilot={p} onFailure={onFailure} />
              </Item>
            ))}
          </List>
        )}
      </div>
    </Section>
  );
}

function FollowersSection({ onFailure }: { onFailure: OnFailure }) {
  const { t } = useLingui();
  const id = useId();
  const to = useLocalePath();
  const followers = useFollowersQuery();
  const settings = useFollowSettingsQuery();
  const [remove, removing] = useRemoveFollowerMutation();
  const onRemove = async (username: string) => {
    onFailure(null);
    try {
      await remove(username).unwrap();
    } catch (error) {
      onFailure(errorMessage(error, t`Failed to remove the follower`));
    }
  };
  const list = followers.data?.followers;
  return (
    <Section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Your followers</Trans>
      </h2>
      {settings.data && !settings.data.acceptsFollowers && (
        <Hint as="p" style={{ display: 'block' }}>
          <Trans>
            Nobody new can follow you: turn on “Others can follow me” in your <Link to={to(paths.profile.getHref())}>profile</Link>.
          </Trans>
        </Hint>
      )}
      {followers.isLoading && <Spinner aria-label={t`Loading`} />}
      {followers.isError && (
        <Alert $tone="error" role="alert">
          {errorMessage(followers.error, t`Failed to load your followers`)}
        </Alert>
      )}
      {list && list.length === 0 && (
        <p>
          <Trans>Nobody follows you yet.</Trans>
        </p>
      )}
      {list && list.length > 0 && (
        <List aria-label={t`Your followers`}>
          {list.map((p) => {
            const name = p.name;
            return (
              <Item key={p.username}>
                <PilotName pilot={p} />
                <Buttons>
                  <FollowButton pilot={p} followBack onFailure={onFailure} />
                  <Button type="button" $variant="secondary" aria-label={t`Remove ${name} from your followers`} disabled={removing.isLoading} onClick={() => void onRemove(p.username)}>
                    <Trans>Remove</Trans>
                  </Button>
                </Buttons>
              </Item>
            );
          })}
        </List>
      )}
    </Section>
  );
}
