import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { GOOGLE_LOGIN_URL, useConfigQuery, useDevLoginMutation, useLoginMutation } from '../../api/auth';
import { errorMessage } from '../../api/base';
import { paths, useLocalePath } from '../../app/paths';
import { activateLanguage } from '../../i18n/activate';
import { isLanguage, pathLanguage, saveLanguageCookie } from '../../i18n/languages';
import { localizeServerMessage } from '../../i18n/server-messages';
import { LandingToast } from '../../components/Toast';
import { Alert, Button, Form, Input, Label, NarrowCard, Row } from '../../components/ui';

/** docs/product.md §2 Login: email and password, Google, dev-login only with the server's development flag. */
export default function LoginPage() {
  const { t } = useLingui();
  const to = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const { data: config } = useConfigQuery();
  const [login, { isLoading }] = useLoginMutation();
  const [devLogin, { isLoading: devBusy }] = useDevLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(() => {
    const fromSignIn = params.get('error');
    return fromSignIn ? localizeServerMessage(fromSignIn) : null;
  });

  /** docs/product.md §1: the pilot's stored language wins, unless the address names one. */
  const applyStoredLanguage = async (preferred: string | null) => {
    if (!isLanguage(preferred) || pathLanguage(location.pathname)) return;
    saveLanguageCookie(preferred);
    await activateLanguage(preferred).catch((error) => console.error('Language could not be loaded', error));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const trimmed = email.trim();
    if (!trimmed || !password) return setError(t`Please enter your email and password.`);
    setError(null);
    try {
      const { user } = await login({ email: trimmed, password }).unwrap();
      await applyStoredLanguage(user.preferredLanguage);
      navigate(to(paths.dashboard.getHref()));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const onDevLogin = async () => {
    try {
      const { user } = await devLogin().unwrap();
      await applyStoredLanguage(user.preferredLanguage);
      navigate(to(paths.dashboard.getHref()));
    } catch {
      setError(t`Developer login failed`);
    }
  };

  return (
    <NarrowCard>
      <LandingToast />
      <h1>
        <Trans>Login</Trans>
      </h1>
      {params.get('verified') === 'true' && (
        <Alert $tone="success" role="status" style={{ marginBottom: 14 }}>
          <Trans>Your email has been verified. You can now log in.</Trans>
        </Alert>
      )}
      {params.get('verified') === 'already' && (
        <Alert $tone="success" role="status" style={{ marginBottom: 14 }}>
          <Trans>Your email address is already verified. You can log in.</Trans>
        </Alert>
      )}
      {params.get('verified') === 'false' && (
        <Alert $tone="error" style={{ marginBottom: 14 }}>
          <Trans>This verification link is invalid or has expired.</Trans>
        </Alert>
      )}
      <Form onSubmit={onSubmit} noValidate>
        <Label>
          <Trans>Email</Trans>
          <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </Label>
        <Label>
          <Trans>Password</Trans>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </Label>
        {error && <Alert $tone="error" role="alert">{error}</Alert>}
        <Button type="submit" disabled={isLoading}>
          {isLoading ? <Trans>Logging in...</Trans> : <Trans>Login</Trans>}
        </Button>
      </Form>
      <Row style={{ justifyContent: 'space-between', marginTop: 14 }}>
        <Link to={to(paths.forgotPassword.getHref())}>
          <Trans>Forgot password?</Trans>
        </Link>
        <Link to={to(paths.register.getHref())}>
          <Trans>No account yet? Register</Trans>
        </Link>
      </Row>
      {config?.googleLogin && (
        <>
          <hr style={{ margin: '18px 0', border: 0, borderTop: '1px solid currentColor', opacity: 0.15 }} />
          <Button as="a" href={GOOGLE_LOGIN_URL} $variant="secondary" style={{ width: '100%' }}>
            <Trans>Login with Google</Trans>
          </Button>
        </>
      )}
      {config?.devLogin && (
        <section aria-label={t`Developer login`} style={{ marginTop: 18 }}>
          <Alert $tone="warning">
            <Trans>Development mode: sign in as the development pilot without a password.</Trans>
          </Alert>
          <Button type="button" $variant="secondary" style={{ marginTop: 8 }} disabled={devBusy} onClick={onDevLogin}>
            <Trans>Developer login</Trans>
          </Button>
        </section>
      )}
    </NarrowCard>
  );
}
