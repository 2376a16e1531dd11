import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
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

/** Top-right toast, green or red, gone after 5 seconds (docs/product.md §2 Profile, §9). */
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

/** Navigation state that carries a toast to the next page: `navigate(path, { state: landingToast(toast) })`. */
export const landingToast = (toast: ToastMessage) => ({ toast });

/**
 * Shows the toast a navigation brought (the page that set it is gone, docs/product.md §4 Profile). It is taken
 * out of the history entry at once, so going back or reloading does not show it again.
 */
export function LandingToast() {
  const location = useLocation();
  const navigate = useNavigate();
  const brought = (location.state as { toast?: ToastMessage } | null)?.toast ?? null;
  const [toast, setToast] = useState<ToastMessage | null>(brought);
  const close = useCallback(() => setToast(null), []);
  useEffect(() => {
    if (!brought) return;
    setToast(brought);
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [brought, navigate, location.pathname, location.search, location.hash]);
  return <Toast toast={toast} onClose={close} />;
}
