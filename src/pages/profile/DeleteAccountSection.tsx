import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useDeleteProfileMutation } from '../../api/auth';
import { api, errorMessage } from '../../api/base';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { Button, Card, Form, Input, Label } from '../../components/ui';
import { signedOut } from '../../features/auth/authSlice';
import { localizeServerMessage } from '../../i18n/server-messages';
import type { OnToast } from './profile-types';

/** docs/product.md §4 Profile: after deletion a success toast and, after 2 seconds, go to /. */
export const DELETE_REDIRECT_MS = 2000;

const Danger = styled(Card)`
  border-color: ${(p) => p.theme.danger};
  h2 { color: ${(p) => p.theme.danger}; }
`;

/** Account deletion: the password (local accounts), then a confirmation dialog that must be ticked. */
export function DeleteAccount({ local, onToast }: { local: boolean; onToast: OnToast }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [remove, { isLoading, isSuccess }] = useDeleteProfileMutation();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);

  useEffect(() => {
    if (!isSuccess) return;
    // The success toast stays for two seconds, then the pilot, signed out, goes home.
    const timer = setTimeout(() => {
      dispatch(signedOut());
      dispatch(api.util.resetApiState());
      navigate(paths.home.getHref());
    }, DELETE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, navigate, dispatch]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || (local && !password)) return;
    setUnderstood(false);
    setConfirming(true);
  };

  const onConfirm = async () => {
    if (!understood || isLoading) return;
    setConfirming(false);
    try {
      const result = await remove(local ? { password } : {}).unwrap();
      onToast({ tone: 'success', text: result.message ? localizeServerMessage(result.message) : t`Account deleted successfully` });
    } catch (failure) {
      onToast({ tone: 'error', text: errorMessage(failure, t`Failed to delete account`) });
    }
  };

  return (
    <Danger>
      <h2>
        <Trans>Delete Account</Trans>
      </h2>
      <p>
        <Trans>Deleting your account removes your profile, flights, uploads and achievements for good.</Trans>
      </p>
      <Form onSubmit={onSubmit} noValidate>
        {local && (
          <Label>
            <Trans>Confirm with your password</Trans>
            <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Label>
        )}
        <div>
          <Button type="submit" $variant="danger" disabled={isLoading || isSuccess || (local && !password)}>
            {isLoading ? <Trans>Deleting...</Trans> : <Trans>Delete Account</Trans>}
          </Button>
        </div>
      </Form>
      {confirming && (
        <Modal title={t`Delete Account`} onClose={() => setConfirming(false)}>
          <p>
            <Trans>Are you sure you want to delete your account? This action cannot be undone and all your data will be permanently deleted.</Trans>
          </p>
          <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 16 }}>
            <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} required />
            <Trans>I understand that this action cannot be undone</Trans>
          </label>
          <DialogFooter onCancel={() => setConfirming(false)} confirm={{ label: <Trans>Confirm</Trans>, variant: 'danger', disabled: !understood, onClick: onConfirm }} />
        </Modal>
      )}
    </Danger>
  );
}
