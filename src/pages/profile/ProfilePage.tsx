import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { DISPLAY_NAME_MAX, EMAIL_MAX, PASSWORD_MIN, USERNAME_MAX } from '../../../contract/rules';
import { useChangePasswordMutation, useDeleteProfileMutation, useProfileQuery, useUpdateProfileMutation } from '../../api/auth';
import { api, errorMessage } from '../../api/base';
import { useAppDispatch } from '../../app/hooks';
import { signedOut } from '../../features/auth/authSlice';
import { localizeServerMessage } from '../../i18n/server-messages';
import { paths, useLocalePath } from '../../app/paths';
import { Modal } from '../../components/Modal';
import { landingToast, Toast, type ToastMessage } from '../../components/Toast';
import { Alert, Button, Card, Form, Hint, Input, Label, Row, Spinner } from '../../components/ui';
import { LeagueSection } from './LeagueSection';
import { PublicPageSection } from './PublicPageSection';
import { DialogFooter } from '../../components/DialogFooter';

export const DELETE_REDIRECT_MS = 2000;

const Sections = styled.div`
  display: grid;
  gap: 20px;
  max-width: 720px;
`;
const Danger = styled(Card)`
  border-color: ${(p) => p.theme.danger};
  h2 { color: ${(p) => p.theme.danger}; }
`;

/** docs/product.md §2 Profile and §5: basic information, password change and account deletion, with toasts. */
export default function ProfilePage() {
  const { t } = useLingui();
  const to = useLocalePath();
  const navigate = useNavigate();
  const { data, isLoading, isError, error } = useProfileQuery();
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const closeToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    // A 401 is already on its way to /{lang}/login (api/base.ts).
    if (!isError || (error && 'status' in error && error.status === 401)) return;
    // The toast goes with the pilot: this page is gone once the login page shows.
    navigate(to(paths.login.getHref()), { state: landingToast({ tone: 'error', text: t`Failed to load profile` }) });
  }, [isError, error, navigate, to, t]);

  const user = data?.user;
  return (
    <>
      <h1>
        <Trans>Profile</Trans>
      </h1>
      <p>
        <Trans>Manage your account details, password and data.</Trans>
      </p>
      <Toast toast={toast} onClose={closeToast} />
      {isLoading || !user ? (
        <Spinner />
      ) : (
        <Sections>
          <BasicInformation user={user} onToast={setToast} />
          <LeagueSection onToast={setToast} />
          <PublicPageSection onToast={setToast} />
          {user.authProvider === 'local' && <ChangePassword onToast={setToast} />}
          <DeleteAccount local={user.authProvider === 'local'} onToast={setToast} />
        </Sections>
      )}
    </>
  );
}

type ProfileUser = NonNullable<ReturnType<typeof useProfileQuery>['data']>['user'];
type OnToast = (toast: ToastMessage) => void;

function BasicInformation({ user, onToast }: { user: ProfileUser; onToast: OnToast }) {
  const { t } = useLingui();
  const [update, { isLoading }] = useUpdateProfileMutation();
  const [form, setForm] = useState({ username: user.username, email: user.email, displayName: user.displayName ?? '' });
  const local = user.authProvider === 'local';
  const provider = user.authProvider;
  useEffect(() => setForm({ username: user.username, email: user.email, displayName: user.displayName ?? '' }), [user]);

  const problem = !form.username.trim()
    ? t`Username is required.`
    : form.username.length > USERNAME_MAX
      ? t`Username must be at most ${USERNAME_MAX} characters.`
      : local && !form.email.trim()
        ? t`Email is required.`
        : form.email.length > EMAIL_MAX
          ? t`Email must be at most ${EMAIL_MAX} characters.`
          : form.displayName.length > DISPLAY_NAME_MAX
            ? t`Display name must be at most ${DISPLAY_NAME_MAX} characters.`
            : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || problem) return;
    try {
      const result = await update({ username: form.username.trim(), email: local ? form.email.trim() : user.email, displayName: form.displayName.trim() }).unwrap();
      onToast({ tone: 'success', text: result.message ? localizeServerMessage(result.message) : t`Profile updated successfully` });
    } catch (failure) {
      onToast({ tone: 'error', text: errorMessage(failure, t`Failed to update profile`) });
    }
  };

  return (
    <Card>
      <h2>
        <Trans>Basic Information</Trans>
      </h2>
      {user.profilePictureUrl && (
        <Row style={{ marginBottom: 12 }}>
          <img src={user.profilePictureUrl} alt={t`Profile picture`} width={64} height={64} style={{ borderRadius: '50%' }} />
          <Hint>
            <Trans>Your profile picture is managed by your authentication provider.</Trans>
          </Hint>
        </Row>
      )}
      <Form onSubmit={onSubmit} noValidate>
        <Label>
          <Trans>Username</Trans>
          <Input value={form.username} maxLength={USERNAME_MAX} onChange={(e) => setForm({ ...form, username: e.target.value })} />
        </Label>
        <Label>
          <Trans>Email</Trans>
          <Input type="email" value={form.email} maxLength={EMAIL_MAX} disabled={!local} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </Label>
        {!local && <Hint>{t`Email cannot be changed for ${provider} authentication`}</Hint>}
        <Label>
          <Trans>Display name</Trans>
          <Input value={form.displayName} maxLength={DISPLAY_NAME_MAX} onChange={(e) => setForm({ ...form, displayName: e.target.value })} />
        </Label>
        {problem && <Alert $tone="error">{problem}</Alert>}
        <div>
          <Button type="submit" disabled={isLoading || !!problem}>
            {isLoading ? <Trans>Updating...</Trans> : <Trans>Update Profile</Trans>}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function ChangePassword({ onToast }: { onToast: OnToast }) {
  const { t } = useLingui();
  const [change, { isLoading }] = useChangePasswordMutation();
  const empty = { currentPassword: '', newPassword: '', confirm: '' };
  const [form, setForm] = useState(empty);
  const mismatch = !!form.newPassword && !!form.confirm && form.newPassword !== form.confirm;
  const tooShort = !!form.newPassword && form.newPassword.length < PASSWORD_MIN;
  const incomplete = !form.currentPassword || !form.newPassword || !form.confirm;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || mismatch || tooShort || incomplete) return;
    try {
      const result = await change({ currentPassword: form.currentPassword, newPassword: form.newPassword }).unwrap();
      setForm(empty);
      onToast({ tone: 'success', text: result.message ? localizeServerMessage(result.message) : t`Password changed successfully` });
    } catch (failure) {
      onToast({ tone: 'error', text: errorMessage(failure, t`Failed to change password`) });
    }
  };

  return (
    <Card>
      <h2>
        <Trans>Change Password</Trans>
      </h2>
      <Form onSubmit={onSubmit} noValidate>
        <Label>
          <Trans>Current password</Trans>
          <Input type="password" autoComplete="current-password" value={form.currentPassword} onChange={(e) => setForm({ ...form, currentPassword: e.target.value })} required />
        </Label>
        <Label>
          <Trans>New password</Trans>
          <Input type="password" autoComplete="new-password" value={form.newPassword} onChange={(e) => setForm({ ...form, newPassword: e.target.value })} required />
        </Label>
        {tooShort && <Hint>{t`New password must be at least ${PASSWORD_MIN} characters.`}</Hint>}
        <Label>
          <Trans>Confirm new password</Trans>
          <Input type="password" autoComplete="new-password" value={form.confirm} onChange={(e) => setForm({ ...form, confirm: e.target.value })} required />
        </Label>
        {mismatch && <Alert $tone="error">{t`Passwords don't match`}</Alert>}
        <div>
          <Button type="submit" disabled={isLoading || mismatch || tooShort || incomplete}>
            {isLoading ? <Trans>Changing...</Trans> : <Trans>Change Password</Trans>}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function DeleteAccount({ local, onToast }: { local: boolean; onToast: OnToast }) {
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
