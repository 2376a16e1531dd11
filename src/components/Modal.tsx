import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { useFocusTrap } from './useFocusTrap';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  background: rgba(0, 0, 0, 0.5);
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
`;

const Dialog = styled.div<{ $wide?: boolean }>`
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  border-radius: 10px;
  padding: 20px 24px;
  width: 100%;
  max-width: ${(p) => (p.$wide ? '960px' : '480px')};
  max-height: 90vh;
  overflow: auto;
  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.35);
  @media (max-width: 480px) {
    padding: 16px;
  }
`;

export interface ModalProps {
  /** The dialog's name, shown as its heading unless `hideTitle` (then the children carry a visible heading). */
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  hideTitle?: boolean;
  /** The id of the element that describes the dialog. */
  describedBy?: string;
  /** For styled(Modal): styles the dialog box. */
  className?: string;
  /** Extra attributes of the dialog box (data-* for tests). */
  dialogProps?: Record<`data-${string}`, string | number>;
}

/** A dialog that closes on backdrop click and Escape, and keeps the keyboard inside while open (see useFocusTrap). */
export function Modal({ title, onClose, children, wide, hideTitle, describedBy, className, dialogProps }: ModalProps) {
  const trap = useFocusTrap<HTMLDivElement>();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <Backdrop data-testid="modal-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <Dialog ref={trap.ref} role="dialog" aria-modal="true" aria-label={title} aria-describedby={describedBy} tabIndex={-1} onKeyDown={trap.onKeyDown} $wide={wide} className={className} {...dialogProps}>
        {!hideTitle && <h2 style={{ marginTop: 0 }}>{title}</h2>}
        {children}
      </Dialog>
    </Backdrop>
  );
}
