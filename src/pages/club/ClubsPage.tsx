import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/base';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section } from '../../components/layout';
import { Empty } from '../../components/statistics/statistics-blocks';
import { Alert, Button, Form, Input, Label, Spinner } from '../../components/ui';
import { useCreateClubMutation, useMyClubsQuery } from '../../api/clubs';

/** `/clubs`: the pilot's clubs and a new one (docs/rankings-and-clubs.md). */
export default function ClubsPage() {
  const { t } = useLingui();
  const to = useLocalePath();
  const navigate = useNavigate();
  const nameId = useId();
  const clubs = useMyClubsQuery();
  const [create, { isLoading, error }] = useCreateClubMutation();
  const [name, setName] = useState('');
  useDocumentTitle(t`Clubs`);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const created = await create({ name }).unwrap().catch(() => null);
    if (created) navigate(to(paths.club.getHref(created.slug)));
  };

  return (
    <>
      <h1>
        <Trans>Clubs</Trans>
      </h1>
      <Section aria-labelledby="my-clubs">
        <h2 id="my-clubs">
          <Trans>Your clubs</Trans>
        </h2>
        {clubs.isError ? (
          <Alert $tone="error" role="alert">
            {errorMessage(clubs.error, t`Failed to load your clubs`)}
          </Alert>
        ) : !clubs.currentData ? (
          <Spinner />
        ) : clubs.currentData.clubs.length > 0 ? (
          <ul>
            {clubs.currentData.clubs.map((c) => {
              const members = c.memberCount;
              return (
                <li key={c.slug}>
                  <Link to={to(paths.club.getHref(c.slug))}>{c.name}</Link> · {c.role === 'admin' ? t`admin` : t`member`} · <Plural value={members} one="# member" other="# members" />
                </li>
              );
            })}
          </ul>
        ) : (
          <Empty>
            <Trans>You belong to no club yet. Ask a club admin for an invite link, or start a club.</Trans>
          </Empty>
        )}
        <p>
          <Link to={to(paths.rankings.getHref())}>
            <Trans>Season ranking</Trans>
          </Link>
        </p>
      </Section>
      <Section aria-labelledby="new-club">
        <h2 id="new-club">
          <Trans>Start a club</Trans>
        </h2>
        <Form onSubmit={onSubmit}>
          <Label htmlFor={nameId}>
            <Trans>Club name</Trans>
          </Label>
          <Input id={nameId} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
          {error && (
            <Alert $tone="error" role="alert">
              {errorMessage(error, t`The club could not be created`)}
            </Alert>
          )}
          <Button type="submit" disabled={isLoading}>
            <Trans>Create the club</Trans>
          </Button>
        </Form>
      </Section>
    </>
  );
}
