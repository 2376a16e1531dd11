import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Club } from '../../../contract/clubs';
import { errorMessage } from '../../api/base';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section } from '../../components/layout';
import { NotFoundPage } from '../../components/NotFoundPage';
import { isNotFound, PublicPage } from '../../components/public-page';
import { Empty } from '../../components/statistics/statistics-blocks';
import { Alert, Button, Input, Label, Row, Spinner } from '../../components/ui';
import { useClubQuery, useRemoveMemberMutation, useRenewInviteMutation, useSetAdminMutation } from '../../features/clubs/api';
import { RankingTable } from '../../features/clubs/RankingTable';
import { PublicFlightTable } from '../../features/nearby/PublicFlightTable';

/** Today in the visitor's own calendar: the club's "today" is theirs, not the server's. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** `/clubs/{slug}`: a club (docs/rankings-and-clubs.md), public; admins manage it here. */
export default function ClubPage() {
  const { t } = useLingui();
  const { slug = '' } = useParams();
  const query = useClubQuery({ slug, date: today() }, { skip: !slug });
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
  return <ClubView club={query.currentData} refetch={query.refetch} />;
}

function ClubView({ club, refetch }: { club: Club; refetch: () => void }) {
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
      <Section aria-labelledby="club-today">
        <h2 id="club-today">
          <Trans>Flights of today</Trans>
        </h2>
        {club.today.length > 0 ? <PublicFlightTable flights={club.today} caption={t`Flights of today`} /> : <Empty>{t`No public flights today.`}</Empty>}
      </Section>
      <Section aria-labelledby="club-week">
        <h2 id="club-week">
          <Trans>Flights of this week</Trans>
        </h2>
        {club.week.length > 0 ? <PublicFlightTable flights={club.week} caption={t`Flights of this week`} withDate /> : <Empty>{t`No public flights this week.`}</Empty>}
      </Section>
      <Section aria-labelledby="club-ranking">
        <h2 id="club-ranking">
          <Trans>Club ranking {season}</Trans>
        </h2>
        {club.ranking.length > 0 ? <RankingTable ranking={club.ranking} caption={t`Club ranking ${season}`} /> : <Empty>{t`No public scored flights in this season yet.`}</Empty>}
      </Section>
      <Members club={club} refetch={refetch} />
      {club.yourRole === 'admin' && <Invite slug={club.slug} />}
    </PublicPage>
  );
}

function Members({ club, refetch }: { club: Club; refetch: () => void }) {
  const { t } = useLingui();
  const [remove] = useRemoveMemberMutation();
  const [setAdmin] = useSetAdminMutation();
  const [error, setError] = useState<string | null>(null);
  const act = async (run: () => Promise<unknown>) => {
    setError(null);
    try {
      await run();
      refetch();
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
    </Section>
  );
}

function Invite({ slug }: { slug: string }) {
  const { t } = useLingui();
  const [renew, { data, isLoading, error }] = useRenewInviteMutation();
  return (
    <Section aria-labelledby="club-invite">
      <h2 id="club-invite">
        <Trans>Invite pilots</Trans>
      </h2>
      <p>
        <Trans>A new link replaces the previous one: pilots who have the old link can no longer join with it.</Trans>
      </p>
      <Button type="button" disabled={isLoading} onClick={() => void renew(slug)}>
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
          <Input id="club-invite-url" readOnly value={data.url} onFocus={(e) => e.currentTarget.select()} style={{ width: '100%' }} />
        </div>
      )}
    </Section>
  );
}
