import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Visibility } from '../../../contract/community';
import type { ShareLink } from '../../../contract/sharing';
import { errorMessage } from '../../api/base';
import { useRevokeShareMutation, useShareMutation, useShareStateQuery } from '../../api/sharing';
import { Modal } from '../../components/Modal';
import { Alert, Button, Hint, Input, Row, Spinner } from '../../components/ui';
import { TrackDownloadControl } from './TrackDownloadControl';
import { VisibilityControl } from './VisibilityControl';

const Checks = styled.fieldset`
  border: 0;
  margin: 0 0 14px;
  padding: 0;
  display: grid;
  gap: 8px;
  legend { font-weight: 600; margin-bottom: 6px; padding: 0; }
  label { display: flex; gap: 8px; align-items: center; }
`;

const LinkRow = styled(Row)`
  margin: 6px 0 12px;
  input { flex: 1 1 200px; min-width: 0; }
`;

const Copied = styled.p`
  margin: 0 0 8px;
  font-weight: 600;
  color: ${(p) => p.theme.success};
`;

type Flags = { includeNotes: boolean; includePhotos: boolean };
const NOTHING: Flags = { includeNotes: false, includePhotos: false };
const flagsOf = (share: ShareLink | null | undefined): Flags => (share ? { includeNotes: share.includeNotes, includePhotos: share.includePhotos } : NOTHING);

/** The flight page's "Share" button and its dialog. */
export function ShareButton({ flightId, visibility }: { flightId: number; visibility?: Visibility }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" $variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t({ message: 'Share', context: 'button' })}
      </Button>
      {open && <ShareDialog flightId={flightId} visibility={visibility} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Creates a link anyone can open without an account, with the notes and photos only when ticked;
 * shows it to copy, changes what it includes (the same link) and revokes it after a confirmation.
 */
export function ShareDialog({ flightId, visibility, onClose }: { flightId: number; visibility?: Visibility; onClose: () => void }) {
  const { t } = useLingui();
  const state = useShareStateQuery(flightId);
  const [share, sharing] = useShareMutation();
  const [revoke, revoking] = useRevokeShareMutation();
  const link = state.data?.share ?? null;
  const [flags, setFlags] = useState<Flags>(NOTHING);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const field = useRef<HTMLInputElement>(null);

  // The boxes show what the link includes whenever the server says.
  useEffect(() => setFlags(flagsOf(state.data?.share)), [state.data]);

  const changed = !!link && (flags.includeNotes !== link.includeNotes || flags.includePhotos !== link.includePhotos);
  const busy = sharing.isLoading || revoking.isLoading;

  const onShare = async () => {
    setNotice(null);
    setCopied(null);
    try {
      await share({ id: flightId, body: flags }).unwrap();
      setNotice({ tone: 'success', text: link ? t`The link now shows what you ticked.` : t`Link created: anyone with it can see this flight.` });
    } catch (failure) {
      setNotice({ tone: 'error', text: errorMessage(failure, t`Failed to share the flight`) });
    }
  };

  const askRevoke = () => {
    setConfirming(true);
    setCopied(null);
    setNotice(null);
  };

  const onRevoke = async () => {
    setConfirming(false);
    setNotice(null);
    setCopied(null);
    try {
      await revoke(flightId).unwrap();
      setNotice({ tone: 'success', text: t`The link was revoked: it no longer opens this flight.` });
    } catch (failure) {
      setNotice({ tone: 'error', text: errorMessage(failure, t`Failed to revoke the link`) });
    }
  };

  const onCopy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is selected for copying by hand.
      field.current?.select();
      setCopied('failed');
    }
  };

  return (
    <Modal title={t`Share this flight`} onClose={onClose}>
      {state.isLoading ? (
        <Spinner />
      ) : state.isError ? (
        <Alert $tone="error" role="alert">
          {errorMessage(state.error, t`Failed to load the share link`)}
        </Alert>
      ) : (
        <>
          <p>
            {link ? (
              <Trans>Anyone with this link can see the flight without an account: map, height profile, stats and your display name.</Trans>
            ) : (
              <Trans>Create a link anyone can open without an account: map, height profile, stats and your display name.</Trans>
            )}
          </p>
          {/* Who sees it: the dialog's link follows the visibility (docs/community.md). */}
          {visibility && (
            <div style={{ marginBottom: 12 }}>
              <VisibilityControl flight={{ id: flightId, visibility }} />
            </div>
          )}
          <div style={{ marginBottom: 12 }}>
            <TrackDownloadControl flightId={flightId} />
          </div>
          <Checks disabled={busy}>
            <legend>
              <Trans>Also show</Trans>
            </legend>
            <label>
              <input type="checkbox" checked={flags.includeNotes} onChange={(e) => setFlags({ ...flags, includeNotes: e.target.checked })} />
              <Trans>Include notes</Trans>
            </label>
            <label>
              <input type="checkbox" checked={flags.includePhotos} onChange={(e) => setFlags({ ...flags, includePhotos: e.target.checked })} />
              <Trans>Include photos</Trans>
            </label>
          </Checks>

          {link && (
            <>
              <label htmlFor="share-link">
                <Trans>Share link</Trans>
              </label>
              <LinkRow>
                <Input id="share-link" ref={field} readOnly value={link.url} onFocus={(e) => e.target.select()} />
                <Button type="button" $variant="secondary" onClick={() => void onCopy()}>
                  <Trans>Copy</Trans>
                </Button>
              </LinkRow>
            </>
          )}
          <div role="status" aria-live="polite">
            {copied === 'yes' && (
              <Copied>
                <Trans>Copied</Trans>
              </Copied>
            )}
            {copied === 'failed' && (
              <Hint>
                <Trans>Copying is not allowed here: the link is selected, copy it with Ctrl+C.</Trans>
              </Hint>
            )}
          </div>
          {notice && (
            <Alert $tone={notice.tone} role={notice.tone === 'error' ? 'alert' : 'status'} style={{ margin: '8px 0 12px' }}>
              {notice.text}
            </Alert>
          )}

          {confirming ? (
            <Alert $tone="warning" style={{ marginBottom: 12 }}>
              <p style={{ marginTop: 0 }}>
                <Trans>Revoke the link? Whoever has it will no longer see this flight. A new link has a different address.</Trans>
              </p>
              <Row>
                <Button type="button" $variant="danger" disabled={busy} onClick={() => void onRevoke()}>
                  <Trans>Yes, revoke</Trans>
                </Button>
                <Button type="button" $variant="secondary" onClick={() => setConfirming(false)}>
                  <Trans>Keep the link</Trans>
                </Button>
              </Row>
            </Alert>
          ) : null}

          <Row style={{ justifyContent: 'flex-end' }}>
            {!link && (
              <Button type="button" disabled={busy} onClick={() => void onShare()}>
                {sharing.isLoading ? <Trans>Creating...</Trans> : <Trans>Create link</Trans>}
              </Button>
            )}
            {link && changed && (
              <Button type="button" disabled={busy} onClick={() => void onShare()}>
                <Trans>Save changes</Trans>
              </Button>
            )}
            {link && !confirming && (
              <Button type="button" $variant="danger" disabled={busy} onClick={askRevoke}>
                <Trans>Revoke link</Trans>
              </Button>
            )}
            <Button type="button" $variant="secondary" onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
          </Row>
        </>
      )}
    </Modal>
  );
}
