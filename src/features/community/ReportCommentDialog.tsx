import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { REPORT_REASON_MAX } from '../../../contract/community';
import { useReportCommentMutation } from '../../api/community';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { Form, Label } from '../../components/ui';
import { TextBox } from './TextBox';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';

/** Reports a comment to the administrators with a reason (docs/community.md, the moderation flow). */
export function ReportCommentDialog({ commentId, author, onDone, onClose }: { commentId: string; author: string; onDone: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [reason, setReason] = useState('');
  const [report, reporting] = useReportCommentMutation();
  const { failure, run } = useActionFailure();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '' || reporting.isLoading) return;
    if (await run(() => report({ id: commentId, reason }).unwrap(), t`Failed to report the comment`)) onDone();
  };

  return (
    <Modal title={t`Report a comment`} onClose={onClose} describedBy={`${id}-about`}>
      <p id={`${id}-about`}>
        <Trans>Tell the administrators what is wrong with the comment by {author}. They can hide it or stop its author from commenting.</Trans>
      </p>
      <Form onSubmit={(e) => void onSubmit(e)}>
        <Label htmlFor={`${id}-reason`}>
          <Trans>Reason</Trans>
        </Label>
        <TextBox id={`${id}-reason`} maxLength={REPORT_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
        <FailureAlert failure={failure} />
        <DialogFooter onCancel={onClose} confirm={{ label: <Trans>Send report</Trans>, submit: true, disabled: reason.trim() === '' || reporting.isLoading }} />
      </Form>
    </Modal>
  );
}
