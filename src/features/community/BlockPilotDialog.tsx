import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useBlockPilotMutation } from '../../api/community';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import {} from '../../components/ui';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';

/** Who is blocked: a pilot by username (their page is public), or the author of a comment. */
export type BlockTarget = { name: string } & ({ username: string } | { commentId: string });

/**
 * Asks before blocking a pilot (docs/community.md, "Blocking"): follows end both ways, their comments
 * and likes on your flights are hidden for everyone, and they can no longer comment on, like or follow
 * anything of yours.
 */
export function BlockPilotDialog({ target, onDone, onClose }: { target: BlockTarget; onDone: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [block, blocking] = useBlockPilotMutation();
  const { failure, run } = useActionFailure();
  const name = target.name;

  const onConfirm = async () => {
    if (await run(() => block('username' in target ? { username: target.username, blocked: true } : { commentId: target.commentId }).unwrap(), t`Failed to block the pilot`)) onDone();
  };

  return (
    <Modal title={t`Block ${name}?`} onClose={onClose} describedBy={`${id}-about`}>
      <p id={`${id}-about`}>
        <Trans>You stop following each other. {name}'s comments and likes on your flights are hidden for everyone, and {name} can no longer comment on, like or follow your flights and page. They are not told.</Trans>
      </p>
      <FailureAlert failure={failure} />
      <DialogFooter onCancel={onClose} confirm={{ label: <Trans>Block</Trans>, variant: 'danger', disabled: blocking.isLoading, onClick: () => void onConfirm() }} />
    </Modal>
  );
}
