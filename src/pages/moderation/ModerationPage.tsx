import { Trans } from '@lingui/react/macro';
import { ModerationQueue } from './ModerationQueue';

/**
 * `/moderation` (admin, docs/notifications.md): the reported comments on a page of their own, reached
 * from the dashboard's navigation. The server refuses others; the queue then says so.
 */
export default function ModerationPage() {
  return (
    <>
      <h1>
        <Trans>Moderation</Trans>
      </h1>
      <ModerationQueue />
    </>
  );
}
