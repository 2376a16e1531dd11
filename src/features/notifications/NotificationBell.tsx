import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useBellQuery } from '../../api/notifications';
import { paths, useLocalePath } from '../../app/paths';

/** How often the header asks again while the pilot has the app open. */
export const BELL_POLL_MS = 60_000;

const BellLink = styled(Link)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 40px;
  min-height: 40px;
  border-radius: 6px;
  color: ${(p) => p.theme.text};
  &:hover {
    background: ${(p) => p.theme.surfaceAlt};
  }
`;

// line-height 1: the count sits on the bell's corner without making the header taller.
const Count = styled.span`
  position: absolute;
  top: 2px;
  right: 0;
  min-width: 1.3em;
  padding: 2px 5px;
  border-radius: 999px;
  background: ${(p) => p.theme.danger};
  color: ${(p) => p.theme.primaryText};
  font-size: 0.7em;
  font-weight: 700;
  line-height: 1;
  text-align: center;
`;

/**
 * The header's bell (docs/notifications.md): a link to the notifications page with the number of
 * unread ones, said in words in the link's name ("Notifications, 3 unread").
 */
export function NotificationBell() {
  const { t } = useLingui();
  const to = useLocalePath();
  const { data } = useBellQuery(undefined, { pollingInterval: BELL_POLL_MS });
  const unread = data?.unread ?? 0;
  return (
    <BellLink to={to(paths.notifications.getHref())} aria-label={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`} data-testid="notification-bell">
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {unread > 0 && <Count aria-hidden="true">{unread > 99 ? '99+' : unread}</Count>}
    </BellLink>
  );
}
