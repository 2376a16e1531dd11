import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/base';
import { useBlockPilotMutation } from '../../api/community';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { Alert } from '../../components/ui';

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
  const [failure, setFailure] = useState<string | null>(null);
  const name = target.name;

  const onConfirm = async () => {
    setFailure(null);
    try {
      await block('username' in target ? { username: target.username, blocked: true } : { commentId: target.commentId }).unwrap();
      onDone();
    } catch (error) {
      setFailure(errorMessage(error, t`Failed to block the pilot`));
    }
  };

  return (
    <Modal title={t`Block ${name}?`} onClose={onClose} describedBy={`${id}-about`}>
      <p id={`${id}-about`}>
        <Trans>You stop following each other. {name}'s comments and likes on your flights are hidden for everyone, and {name} can no longer comment on, like or follow your flights and page. They are not told.</Trans>
      </p>
      {failure && (
        <Alert $tone="error" role="alert">
          {failure}
        </Alert>
      )}
      <DialogFooter onCancel={onClose} confirm={{ label: <Trans>Block</Trans>, variant: 'danger', disabled: blocking.isLoading, onClick: () => void onConfirm() }} />
    </Modal>
  );
}
