import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '../../components/Modal';
import {  } from '../../components/ui';
import { localDateTime } from '../../format/format';
import type { Confirm } from './useFlightActions';
import { DialogFooter } from '../../components/DialogFooter';

/** The dialog before deleting one flight or all marked ones. */
export function DeleteConfirmation({ confirm, onCancel, onConfirm }: { confirm: NonNullable<Confirm>; onCancel: () => void; onConfirm: () => void }) {
  const { t, i18n } = useLingui();
  const confirmDate = confirm.kind === 'delete' ? localDateTime(confirm.flight.startTime, i18n.locale, confirm.flight.timeZone) : '';
  return (
    <Modal title={confirm.kind === 'delete' ? t`Delete flight` : t`Delete all marked flights`} onClose={onCancel}>
      <p>
        {confirm.kind === 'delete' ? (
          <Trans>Delete the flight of {confirmDate}? It will no longer be listed.</Trans>
        ) : (
          <Trans>Delete all flights marked for review? They will no longer be listed.</Trans>
        )}
      </p>
      <DialogFooter onCancel={onCancel} confirm={{ label: <Trans>Delete</Trans>, variant: 'danger', onClick: onConfirm }} />
    </Modal>
  );
}
