import { useEffect } from 'react';
import styled from 'styled-components';

export const TOAST_MS = 5000;
export interface ToastMessage {
  tone: 'success' | 'error';
  text: string;
}

const Box = styled.div<{ $tone: ToastMessage['tone'] }>`
  position: fixed;
  top: 72px;
  right: 20px;
  z-index: 1000;
  padding: 12px 18px;
  border-radius: 8px;
  color: #fff;
  background: ${(p) => (p.$tone === 'success' ? '#2e7d32' : '#c62828')};
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.25);
`;

/** Top-right toast, green or red, gone after 5 seconds (SPEC §2 Profile, §9). */
export function Toast({ toast, onClose }: { toast: ToastMessage | null; onClose: () => void }) {
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onClose, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, onClose]);
  if (!toast) return null;
  return (
    <Box $tone={toast.tone} role={toast.tone === 'error' ? 'alert' : 'status'}>
      {toast.text}
    </Box>
  );
}
