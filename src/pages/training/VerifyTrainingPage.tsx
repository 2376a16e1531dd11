import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../api/base';
import { usePublicTrainingLogQuery } from '../../api/training';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section } from '../../components/layout';
import { PublicPage } from '../../components/public-page';
import { Alert, Spinner } from '../../components/ui';
import { localDateTime } from '../../format/format';
import { exerciseName } from './exercise-names';

/** `/training/verify/:code`: anyone with the code (on the PDF) sees whether a student's signed log is intact (docs/career.md). */
export default function VerifyTrainingPage() {
  const { t, i18n } = useLingui();
  const { code = '' } = useParams();
  const log = usePublicTrainingLogQuery(code);
  useDocumentTitle(t`Verify a training log`);
  return (
    <PublicPage>
      <h1>
        <Trans>Verify a training log</Trans>
      </h1>
      <p>
        <Trans>Verification code:</Trans> <code>{code}</code>
      </p>
      {log.isError ? (
        <Alert $tone="error" role="alert">
          {errorMessage(log.error, t`No training log has this verification code.`)}
        </Alert>
      ) : !log.currentData ? (
        <Spinner />
      ) : (
        <Section aria-labelledby="verified-log">
          <h2 id="verified-log">
            <Trans>Training log of {log.currentData.student}</Trans>
          </h2>
          {log.currentData.intact ? (
            <Alert $tone="success" role="status">
              <Trans>Intact: every entry matches what its instructor signed.</Trans>
            </Alert>
          ) : (
            <Alert $tone="warning" role="status">
              <Trans>Changed: at least one entry no longer matches what its instructor signed.</Trans>
            </Alert>
          )}
          <table>
            <caption>
              <Trans>Signed entries</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">
                  <Trans>Instructor</Trans>
                </th>
                <th scope="col">
                  <Trans>Signed on</Trans>
                </th>
                <th scope="col">
                  <Trans>Exercises</Trans>
                </th>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {log.currentData.entries.map((e) => (
                <tr key={e.number}>
                  <td>{e.number}</td>
                  <td>{e.instructor}</td>
                  <td>{localDateTime(e.signedAt, i18n.locale, null, false)}</td>
                  <td>{e.exercises.map((x) => exerciseName(i18n, x)).join(', ')}</td>
                  <td>{e.intact ? <Trans>intact</Trans> : <Trans>changed</Trans>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      )}
    </PublicPage>
  );
}
