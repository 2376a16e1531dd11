import { Trans } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useForgotPasswordMutation } from '../../api/auth';
import { BackToLogin } from '../../components/BackToLogin';
import { Alert, Button, Form, Input, Label, NarrowCard } from '../../components/ui';

/** docs/product.md §2 Forgot password: always confirms, whatever the outcome, so no one learns who has an account. */
export default function ForgotPasswordPage() {
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || !email.trim()) return;
    await forgot({ email: email.trim() })
      .unwrap()
      .catch((error) => console.warn('forgot-password', error));
    setSent(true);
  };

  return (
    <NarrowCard>
      <h1>
        <Trans>Forgot password</Trans>
      </h1>
      {sent ? (
        <Alert $tone="success" role="status">
          <strong>
            <Trans>Email Sent</Trans>
          </strong>
          <br />
          <Trans>If an account exists for this address, we have sent a link to reset your password.</Trans>
        </Alert>
      ) : (
        <Form onSubmit={onSubmit}>
          <p style={{ margin: 0 }}>
            <Trans>Enter your email address and we will send you a link to reset your password.</Trans>
          </p>
          <Label>
            <Trans>Email</Trans>
            <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
          </Label>
          <Button type="submit" disabled={isLoading}>
            <Trans>Send reset link</Trans>
          </Button>
        </Form>
      )}
      <BackToLogin />
    </NarrowCard>
  );
}
