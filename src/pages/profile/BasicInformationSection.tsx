import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { DISPLAY_NAME_MAX, EMAIL_MAX, USERNAME_MAX } from '../../../contract/rules';
import { useUpdateProfileMutation } from '../../api/auth';
import { errorMessage } from '../../api/base';
import { Alert, Button, Card, Form, Hint, Input, Label, Row } from '../../components/ui';
import { localizeServerMessage } from '../../i18n/server-messages';
import type { OnToast, ProfileUser } from './profile-types';

/** docs/product.md §2 Profile: username, email (local accounts only) and display name, checked before sending. */
export function BasicInformation({ user, onToast }: { user: ProfileUser; onToast: OnToast }) {
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
