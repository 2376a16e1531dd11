import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Notification } from '../../../contract/notifications';
import { errorMessage } from '../../api/base';
import { useBellQuery, useMarkBellAllReadMutation, useMarkBellReadMutation } from '../../api/notifications';
import { paths, useLocalePath } from '../../app/paths';
import { Alert, Button, Hint, Row, Spinner } from '../../components/ui';
import { localDateTime } from '../../format/format';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
`;

const Item = styled.li<{ $unread: boolean }>`
  border: 1px solid ${(p) => p.theme.border};
  border-left: 4px solid ${(p) => (p.$unread ? p.theme.primary : p.theme.border)};
  border-radius: 8px;
  padding: 10px 12px;
  min-width: 0;
  background: ${(p) => (p.$unread ? p.theme.surface : 'transparent')};
`;

const What = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

// A comment is plain text: React renders it as text, never as HTML.
const Quote = styled.blockquote`
  margin: 6px 0 0;
  padding-left: 10px;
  border-left: 3px solid ${(p) => p.theme.border};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin: 4px 0 0;
  color: ${(p) => p.theme.muted};
  font-size: 0.9em;
`;

/**
 * `/notifications` (docs/notifications.md): new followers, likes and comments on the pilot's flights
 * and moderation decisions, the newest first, unread ones marked (in words too); each can be marked
 * read, or all at once.
 */
export default function NotificationsPage() {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  const bell = useBellQuery();
  const [markRead, marking] = useMarkBellReadMutation();
  const [markAll, markingAll] = useMarkBellAllReadMutation();
  const { failure, run } = useActionFailure(t`Failed to mark the notification as read`);

  const pilot = (n: Notification): ReactNode => {
    if (!n.actor) return null;
    return n.actor.username ? <Link to={to(paths.publicPilot.getHref(n.actor.username))}>{n.actor.name}</Link> : <strong>{n.actor.name}</strong>;
  };
  const flight = (n: Notification): ReactNode => {
    if (!n.flight) return null;
    const label = `${localDateTime(n.flight.startTime, i18n.locale, n.flight.timeZone, false)}${n.flight.place ? ` · ${n.flight.place.name}` : ''}`;
    return <Link to={to(paths.sharedFlight.getHref(n.flight.token))}>{label}</Link>;
  };
  const what = (n: Notification): ReactNode => {
    const who = pilot(n);
    const where = flight(n);
    switch (n.kind) {
      case 'follow':
        return <Trans>{who} follows you.</Trans>;
      case 'like':
        return <Trans>{who} likes your flight {where}.</Trans>;
      case 'comment':
        return <Trans>{who} commented on your flight {where}:</Trans>;
      case 'reportHandled':
        return <Trans>A moderator handled your report of this comment on the flight {where}:</Trans>;
      case 'commentHidden':
        return <Trans>A moderator removed your comment on the flight {where}:</Trans>;
    }
  };

  const items = bell.data?.notifications ?? [];
  const unread = bell.data?.unread ?? 0;
  return (
    <>
      <h1>
        <Trans>Notifications</Trans>
      </h1>
      {bell.isLoading && <Spinner />}
      {bell.error && (
        <Alert $tone="error" role="alert">
          {errorMessage(bell.error, t`Failed to load the notifications`)}
        </Alert>
      )}
      <FailureAlert failure={failure} />
      {bell.data && (
        <Row style={{ marginBottom: 12, justifyContent: 'space-between' }}>
          <p role="status" style={{ margin: 0 }}>
            {unread > 0 ? <Trans>{unread} unread</Trans> : <Trans>All read</Trans>}
          </p>
          {unread > 0 && (
            <Button type="button" $variant="secondary" disabled={markingAll.isLoading} onClick={() => void run(() => markAll().unwrap())}>
              <Trans>Mark all as read</Trans>
            </Button>
          )}
        </Row>
      )}
      {bell.data && items.length === 0 && (
        <Hint>
          <Trans>Nothing yet. When pilots follow you, like or comment on your public flights, you will read it here.</Trans>
        </Hint>
      )}
      {items.length > 0 && (
        <List aria-label={t`Notifications`}>
          {items.map((n) => (
            <Item key={n.id} $unread={!n.read} data-testid="notification">
              <What id={`notification-${n.id}`}>
                {!n.read && <strong>{t`New:`} </strong>}
                {what(n)}
              </What>
              {n.excerpt !== null && <Quote>{n.excerpt}</Quote>}
              <Meta>{localDateTime(n.at, i18n.locale, null)}</Meta>
              {!n.read && (
                <Button type="button" $variant="link" aria-describedby={`notification-${n.id}`} disabled={marking.isLoading} onClick={() => void run(() => markRead(n.id).unwrap())}>
                  <Trans>Mark as read</Trans>
                </Button>
              )}
            </Item>
          ))}
        </List>
      )}
    </>
  );
}
