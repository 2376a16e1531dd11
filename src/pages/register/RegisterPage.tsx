import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EMAIL_MAX, PASSWORD_MIN, USERNAME_MAX } from '../../../contract/rules';
import { useRegisterMutation } from '../../api/auth';
import { errorMessage } from '../../api/base';
import { paths, useLocalePath } from '../../app/paths';
import { PasswordStrength } from '../../components/PasswordStrength';
import { Alert, Button, Form, Hint, Input, Label, NarrowCard } from '../../components/ui';

export const REGISTER_REDIRECT_MS = 3000;

/**
 * docs/product.md §2 Register and §5: all fields required, email and username trimmed, passwords must match.
 * The server refuses a password shorter than PASSWORD_MIN, so that rule shows on the field before sending.
 */
export default function RegisterPage() {
  const { t } = useLingui();
  const to = useLocalePath();
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const [form, setForm] = useState({ email: '', username: '', password: '', confirm: '' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const tooShort = !!form.password && form.password.length < PASSWORD_MIN;
  // A message about the fields goes as soon as the pilot changes one (it may no longer be true).
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setForm({ ...form, [field]: event.target.value });
    setError(null);
  };

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(to(paths.login.getHref())), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, to]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || done) return;
    const email = form.email.trim();
    const username = form.username.trim();
    if (!email || !username || !form.password || !form.confirm) return setError(t`All fields are required.`);
    if (form.password !== form.confirm) return setError(t`Passwords do not match.`);
    setError(null);
    if (tooShort) return;
    try {
      await register({ email, username, password: form.password }).unwrap();
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure, t`Registration failed.`));
    }
  };

  return (
    <NarrowCard>
      <h1>
        <Trans>Create your account</Trans>
      </h1>
      {done ? (
        <Alert $tone="success" role="status">
          <Trans>Registration successful! Please check your email for verification instructions.</Trans>
        </Alert>
      ) : (
        <Form onSubmit={onSubmit} noValidate>
          <Label>
            <Trans>Email</Trans>
            <Input type="email" autoComplete="email" maxLength={EMAIL_MAX} value={form.email} onChange={set('email')} required />
          </Label>
          <Label>
            <Trans>Username</Trans>
            <Input autoComplete="username" maxLength={USERNAME_MAX} value={form.username} onChange={set('username')} required />
          </Label>
          <Label>
            <Trans>Password</Trans>
            <Input type="password" autoComplete="new-password" value={form.password} onChange={set('password')} required aria-invalid={tooShort} aria-describedby={tooShort ? 'register-password-rule' : undefined} />
          </Label>
          {tooShort && <Hint id="register-password-rule">{t`Password must be at least ${PASSWORD_MIN} characters.`}</Hint>}
          <PasswordStrength password={form.password} />
          <Label>
            <Trans>Confirm password</Trans>
            <Input type="password" autoComplete="new-password" value={form.confirm} onChange={set('confirm')} required />
          </Label>
          {error && <Alert $tone="error" role="alert">{error}</Alert>}
          <Button type="submit" disabled={isLoading}>
            {isLoading ? <Trans>Registering...</Trans> : <Trans>Register</Trans>}
          </Button>
        </Form>
      )}
      <p>
        <Link to={to(paths.login.getHref())}>
          <Trans>Already have an account? Log in</Trans>
        </Link>
      </p>
    </NarrowCard>
  );
}
