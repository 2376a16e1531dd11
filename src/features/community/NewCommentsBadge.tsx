import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useNewCommentsQuery } from '../../api/community';
import { VisuallyHidden } from '../../components/ui';

/** How often the navigation asks again while the pilot has the app open. */
export const NEW_COMMENTS_POLL_MS = 60_000;

// line-height 1: the badge is never taller than the tab's text, so the tab keeps its height.
const Count = styled.span`
  display: inline-block;
  min-width: 1.2em;
  margin-left: 6px;
  padding: 2px 6px;
  border-radius: 999px;
  background: ${(p) => p.theme.danger};
  color: ${(p) => p.theme.primaryText};
  font-size: 0.8em;
  line-height: 1;
  text-align: center;
  vertical-align: 1px;
`;

/**
 * The navigation's badge: comments by others on the pilot's public flights since they last looked
 * (docs/community.md). Nothing while there are none or the count cannot be read.
 */
export function NewCommentsBadge() {
  const { t } = useLingui();
  const { data } = useNewCommentsQuery(undefined, { pollingInterval: NEW_COMMENTS_POLL_MS });
  const count = data?.count ?? 0;
  if (count === 0) return null;
  // The link's name says it in words; the round count is for the eye.
  return (
    <>
      <Count data-testid="new-comments-badge" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </Count>
      <VisuallyHidden>{t`New comments on your flights: ${count}`}</VisuallyHidden>
    </>
  );
}
