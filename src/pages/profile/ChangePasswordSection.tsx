import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN } from '../../../contract/rules';
import { useChangePasswordMutation } from '../../api/auth';
import { errorMessage } from '../../api/base';
import { Alert, Button, Card, Form, Hint, Input, Label } from '../../components/ui';
import { localizeServerMessage } from '../../i18n/server-messages';
import type { OnToast } from './profile-types';

/** docs/product.md §4 Profile: after a password change the three fields clear. Local accounts only. */
export function ChangePassword({ onToast }: { onToast: OnToast }) {
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
