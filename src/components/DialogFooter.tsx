import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './ui';

const Footer = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
  justify-content: flex-end;
  margin-top: 16px;
`;

export interface DialogFooterProps {
  /** The quiet button on the left: Cancel unless `cancelText` says otherwise (Close). */
  onCancel: () => void;
  cancelText?: ReactNode;
  cancelAutoFocus?: boolean;
  /** The action on the right; `submit` makes it the form's submit button. None: a footer with only Cancel/Close. */
  confirm?: { label: ReactNode; variant?: 'primary' | 'danger'; disabled?: boolean; submit?: boolean; onClick?: () => void; autoFocus?: boolean };
}

/** The one footer of every dialog: Cancel (or Close) then the action, at the right. */
export function DialogFooter({ onCancel, cancelText, cancelAutoFocus, confirm }: DialogFooterProps) {
  return (
    <Footer>
      <Button type="button" $variant="secondary" autoFocus={cancelAutoFocus} onClick={onCancel}>
        {cancelText ?? <Trans>Cancel</Trans>}
      </Button>
      {confirm && (
        <Button type={confirm.submit ? 'submit' : 'button'} $variant={confirm.variant ?? 'primary'} disabled={confirm.disabled} autoFocus={confirm.autoFocus} onClick={confirm.onClick}>
          {confirm.label}
        </Button>
      )}
    </Footer>
  );
}
