import { Trans, useLingui } from '@lingui/react/macro';
import { useSendEmailChangeMutation, useSendPasswordResetEmailMutation, useSendWelcomeEmailMutation } from '../../api/debug';
import { Button, Row } from '../../components/ui';
import { DebugSection, OutcomeView, useAction } from './debug-blocks';

/** Sends each kind of mail to the admin's own address. */
export function EmailSection() {
  const { t } = useLingui();
  const [welcome, welcomeState] = useSendWelcomeEmailMutation();
  const [reset, resetState] = useSendPasswordResetEmailMutation();
  const [change, changeState] = useSendEmailChangeMutation();
  const { outcome, run } = useAction(t`Email sent successfully!`, t`Failed to send email.`);
  const busy = welcomeState.isLoading || resetState.isLoading || changeState.isLoading;
  return (
    <DebugSection aria-labelledby="debug-email">
      <h2 id="debug-email">
        <Trans>Email Testing</Trans>
      </h2>
      <p style={{ marginTop: 0 }}>
        <Trans>Each test message goes to your own address.</Trans>
      </p>
      <Row>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => run(() => welcome().unwrap())}>
          <Trans>Send Welcome Email</Trans>
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => run(() => reset().unwrap())}>
          <Trans>Send Password Reset Email</Trans>
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => run(() => change().unwrap())}>
          <Trans>Send Email Change Email</Trans>
        </Button>
      </Row>
      <OutcomeView outcome={outcome} />
    </DebugSection>
  );
}
