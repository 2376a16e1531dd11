import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CLUB_PLACES_MAX, type Club } from '../../../contract/clubs';
import { errorMessage } from '../../api/base';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section } from '../../components/layout';
import { NotFoundPage } from '../../components/NotFoundPage';
import { isNotFound, PublicPage } from '../../components/public-page';
import { Empty } from '../../components/statistics/statistics-blocks';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { Alert, Button, Input, Label, Row, Select, Spinner } from '../../components/ui';
import { useClubQuery, useDeleteClubMutation, useRemoveMemberMutation, useRenewInviteMutation, useSetAdminMutation, useSetClubPlacesMutation } from '../../api/clubs';
import { useRankingPlacesQuery } from '../../api/rankings';
import { RankingTable } from '../../features/clubs/RankingTable';
import { DayFlightsSection, localToday } from '../../features/day-flights/DayFlightsSection';

/** `/clubs/{slug}`: a club (docs/rankings-and-clubs.md), public; admins manage it here. */
export default function ClubPage() {
  const { t } = useLingui();
  const { slug = '' } = useParams();
  const query = useClubQuery({ slug, date: localToday() }, { skip: !slug });
  if (!slug || isNotFound(query.error)) return <NotFoundPage />;
  if (!query.currentData) {
    return (
      <PublicPage>
        {query.isError ? (
          <Alert $tone="error" role="alert">
            {errorMessage(query.error, t`Failed to load the club`)}
          </Alert>
        ) : (
          <Spinner />
        )}
      </PublicPage>
    );
  }
  return <ClubView club={query.currentData} />;
}

function ClubView({ club }: { club: Club }) {
  const { t } = useLingui();
  const to = useLocalePath();
  const season = club.season;
  useDocumentTitle(club.name);
  return (
    <PublicPage>
      <h1>{club.name}</h1>
      {club.places.length > 0 && (
        <p>
          <Trans>Home places:</Trans>{' '}
          {club.places.map((p, i) => (
            <span key={p.id}>
              {i > 0 && ', '}
              <Link to={to(paths.place.getHref(p.id))}>{p.name}</Link>
            </span>
          ))}
        </p>
      )}
      <DayFlightsSection headingId="club-today" title={t`Flights of today`} flights={club.today} empty={t`No public flights today.`} />
      <DayFlightsSection headingId="club-week" title={t`Flights of this week`} flights={club.week} empty={t`No public flights this week.`} withDate />
      <Section aria-labelledby="club-ranking">
        <h2 id="club-ranking">
          <Trans>Club ranking {season}</Trans>
        </h2>
        {club.ranking.length > 0 ? <RankingTable ranking={club.ranking} caption={t`Club ranking ${season}`} /> : <Empty>{t`No public scored flights in this season yet.`}</Empty>}
      </Section>
      <Members club={club} />
      {club.yourRole === 'admin' && (
        <>
          <HomePlaces club={club} />
          <Invite slug={club.slug} />
          <DeleteClub club={club} />
        </>
      )}
    </PublicPage>
  );
}

function Members({ club }: { club: Club }) {
  const { t } = useLingui();
  const [remove] = useRemoveMemberMutation();
  const [setAdmin] = useSetAdminMutation();
  const [error, setError] = useState<string | null>(null);
  const act = async (run: () => Promise<unknown>) => {
    setError(null);
    try {
      await run();
    } catch (e) {
      setError(errorMessage(e, t`The change could not be saved`));
    }
  };
  const admin = club.yourRole === 'admin';
  return (
    <Section aria-labelledby="club-members">
      <h2 id="club-members">
        <Trans>Members</Trans>
      </h2>
      {error && (
        <Alert $tone="error" role="alert">
          {error}
        </Alert>
      )}
      <ul>
        {club.members.map((m) => {
          const name = m.pilot.displayName;
          const username = m.pilot.username;
          return (
            <li key={`${name}-${username ?? ''}`}>
              <Row>
                <span>
                  {name}
                  {m.role === 'admin' && ` (${t`admin`})`}
                  {m.you && ` (${t`you`})`}
                </span>
                {username && admin && !m.you && m.role === 'member' && (
                  <Button type="button" $variant="secondary" onClick={() => act(() => setAdmin({ slug: club.slug, username, admin: true }).unwrap())}>
                    {t`Make ${name} admin`}
                  </Button>
                )}
                {username && admin && !m.you && (
                  <Button type="button" $variant="secondary" onClick={() => act(() => remove({ slug: club.slug, username }).unwrap())}>
                    {t`Remove ${name}`}
                  </Button>
                )}
                {username && m.you && m.role === 'admin' && (
                  <Button type="button" $variant="secondary" onClick={() => act(() => setAdmin({ slug: club.slug, username, admin: false }).unwrap())}>
                    {t`Step down as admin`}
                  </Button>
                )}
                {username && m.you && (
                  <Button type="button" $variant="secondary" onClick={() => act(() => remove({ slug: club.slug, username }).unwrap())}>
                    {t`Leave the club`}
                  </Button>
                )}
              </Row>
            </li>
          );
        })}
      </ul>
      {club.otherMembers > 0 && (
        <p>
          {club.members.length > 0 ? (
            <Plural value={club.otherMembers} one="and # more member" other="and # more members" />
          ) : (
            <Plural value={club.otherMembers} one="# member" other="# members" />
          )}
        </p>
      )}
    </Section>
  );
}

function Invite({ slug }: { slug: string }) {
  const { t } = useLingui();
  const [renew, { data, isLoading, error }] = useRenewInviteMutation();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const onCopy = async () => {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.url);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is selected for copying by hand.
      field.current?.select();
      setCopied('failed');
    }
  };
  const onRenew = () => {
    setCopied(null);
    void renew(slug);
  };
  return (
    <Section aria-labelledby="club-invite">
      <h2 id="club-invite">
        <Trans>Invite pilots</Trans>
      </h2>
      <p>
        <Trans>A new link replaces the previous one: pilots who have the old link can no longer join with it.</Trans>
      </p>
      <Button type="button" disabled={isLoading} onClick={onRenew}>
        {data ? t`Make a new invite link` : t`Make an invite link`}
      </Button>
      {error && (
        <Alert $tone="error" role="alert">
          {errorMessage(error, t`The invite link could not be made`)}
        </Alert>
      )}
      {data && (
        <div>
          <Label htmlFor="club-invite-url">
            <Trans>Invite link</Trans>
          </Label>
          <Row style={{ marginTop: 4 }}>
            <Input id="club-invite-url" ref={field} readOnly value={data.url} onFocus={(e) => e.currentTarget.select()} style={{ flex: '1 1 200px', minWidth: 0 }} />
            <Button type="button" $variant="secondary" onClick={() => void onCopy()}>
              <Trans>Copy link</Trans>
            </Button>
          </Row>
        </div>
      )}
      <p role="status" style={{ margin: '4px 0 0' }}>
        {copied === 'yes' ? t`Copied` : copied === 'failed' ? t`Copying is not available here: the link is selected, copy it with your keyboard.` : ''}
      </p>
    </Section>
  );
}

/**
 * Admins choose the club's home places among the places with public flights (GET /api/rankings/places)
 * and remove them; each change is saved at once (PUT /api/clubs/{slug}/places).
 */
function HomePlaces({ club }: { club: Club }) {
  const { t } = useLingui();
  const selectId = useId();
  const known = useRankingPlacesQuery({});
  const [save, { isLoading }] = useSetClubPlacesMutation();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = club.places.map((p) => p.id);
  const choices = [...(known.currentData?.places ?? [])].filter((p) => !current.includes(p.id)).sort((a, b) => a.name.localeCompare(b.name));
  const full = current.length >= CLUB_PLACES_MAX;
  const store = async (places: string[]) => {
    setError(null);
    try {
      await save({ slug: club.slug, places }).unwrap();
      setChosen('');
    } catch (e) {
      setError(errorMessage(e, t`The change could not be saved`));
    }
  };
  return (
    <Section aria-labelledby="club-places">
      <h2 id="club-places">
        <Trans>Home places</Trans>
      </h2>
      {error && (
        <Alert $tone="error" role="alert">
          {error}
        </Alert>
      )}
      {club.places.length > 0 ? (
        <ul>
          {club.places.map((p) => (
            <li key={p.id}>
              <Row>
                <span>{p.name}</span>
                <Button type="button" $variant="secondary" disabled={isLoading} onClick={() => void store(current.filter((id) => id !== p.id))}>
                  {t`Remove ${p.name}`}
                </Button>
              </Row>
            </li>
          ))}
        </ul>
      ) : (
        <p>
          <Trans>No home places yet.</Trans>
        </p>
      )}
      {full ? (
        <p>
          <Trans>A club has at most {CLUB_PLACES_MAX} home places.</Trans>
        </p>
      ) : (
        <Row>
          <Label htmlFor={selectId}>
            <Trans>Place</Trans>
          </Label>
          <Select id={selectId} value={chosen} onChange={(e) => setChosen(e.target.value)} disabled={!known.currentData}>
            <option value="">{known.currentData ? t`Choose a place` : t`Loading places…`}</option>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
          <Button type="button" disabled={!chosen || isLoading} onClick={() => void store([...current, chosen])}>
            <Trans>Add home place</Trans>
          </Button>
        </Row>
      )}
    </Section>
  );
}

/** Deleting the club, for admins, after the app's confirmation dialog; then back to the pilot's clubs. */
function DeleteClub({ club }: { club: Club }) {
  const { t } = useLingui();
  const to = useLocalePath();
  const navigate = useNavigate();
  const describedBy = useId();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isLoading, error }] = useDeleteClubMutation();
  const name = club.name;
  const count = club.members.length;
  return (
    <Section aria-labelledby="club-delete">
      <h2 id="club-delete">
        <Trans>Delete the club</Trans>
      </h2>
      <Button type="button" $variant="danger" onClick={() => setConfirming(true)}>
        {t`Delete ${name}`}
      </Button>
      {confirming && (
        <Modal title={t`Delete ${name}?`} onClose={() => setConfirming(false)} describedBy={describedBy}>
          <p id={describedBy}>
            <Plural value={count} one="Its # member loses the membership and its ranking ends. This cannot be undone." other="Its # members lose the membership and its ranking ends. This cannot be undone." />
          </p>
          {error && (
            <Alert $tone="error" role="alert">
              {errorMessage(error, t`The club could not be deleted`)}
            </Alert>
          )}
          <DialogFooter
            onCancel={() => setConfirming(false)}
            cancelAutoFocus
            confirm={{
              label: t`Delete the club`,
              variant: 'danger',
              disabled: isLoading,
              onClick: () =>
                void remove(club.slug)
                  .unwrap()
                  .then(() => navigate(to(paths.clubs.getHref())))
                  .catch(() => undefined),
            }}
          />
        </Modal>
      )}
    </Section>
  );
}
