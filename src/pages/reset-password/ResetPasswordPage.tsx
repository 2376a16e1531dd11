import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { passwordStrength, RESET_MIN_STRENGTH } from '../../../contract/rules';
import { useResetPasswordMutation } from '../../api/auth';
import { errorMessage } from '../../api/base';
import { BackToLogin } from '../../components/BackToLogin';
import { PasswordStrength } from '../../components/PasswordStrength';
import { Alert, Button, Form, Input, Label, NarrowCard } from '../../components/ui';

/** docs/product.md §2 Reset password and §5: the mailed code, matching passwords, strength 3 or more. */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  const code = useSearchParams()[0].get('code');
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || !code) return;
    if (password !== confirm) return setError(t`Passwords do not match.`);
    if (passwordStrength(password) < RESET_MIN_STRENGTH) return setError(t`Password is too weak. Please choose a stronger password.`);
    setError(null);
    try {
      await reset({ code, newPassword: password }).unwrap();
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure, t`Failed to reset password. Please try again.`));
    }
  };

  return (
    <NarrowCard>
      <h1>
        <Trans>Reset password</Trans>
      </h1>
      {!code ? (
        <Alert $tone="error" role="alert">
          <Trans>Invalid or expired reset link.</Trans>
        </Alert>
      ) : done ? (
        <Alert $tone="success" role="status">
          <Trans>Your password has been reset. You can now log in with your new password.</Trans>
        </Alert>
      ) : (
        <Form onSubmit={onSubmit} noValidate>
          <Label>
            <Trans>New password</Trans>
            <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
          </Label>
          <PasswordStrength password={password} />
          <Label>
            <Trans>Confirm new password</Trans>
            <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} required />
          </Label>
          {error && <Alert $tone="error" role="alert">{error}</Alert>}
          <Button type="submit" disabled={isLoading || !password || !confirm}>
            <Trans>Reset password</Trans>
          </Button>
        </Form>
      )}
      <BackToLogin />
    </NarrowCard>
  );
}
