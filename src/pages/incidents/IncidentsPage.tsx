import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/base';
import { useDeleteIncidentMutation, useIncidentsQuery, useShareIncidentMutation } from '../../api/incidents';
import { LINKS } from '../../api/links';
import { useMyRolesQuery } from '../../api/roles';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section, Sections } from '../../components/layout';
import { Alert, Button, Row, Spinner } from '../../components/ui';
import { localDateTime } from '../../format/format';
import { causeName, injuriesName, phaseName } from './incident-words';

/** `/incidents`: the pilot's incident reports, private until shared without name (docs/career.md, "Incident reports"). */
export default function IncidentsPage() {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  const reports = useIncidentsQuery();
  const roles = useMyRolesQuery();
  const [share, sharing] = useShareIncidentMutation();
  const [remove, removing] = useDeleteIncidentMutation();
  useDocumentTitle(t`Incident reports`);
  const error = sharing.error ?? removing.error;
  return (
    <>
      <h1>
        <Trans>Incident reports</Trans>
      </h1>
      <p>
        <Trans>Start a report from one of your flights (“Report an incident” on the flight’s page). Reports are private; you may share one without your name with the safety officers of this logbook.</Trans>
      </p>
      {roles.currentData?.roles.includes('safety-officer') && (
        <p>
          <Link to={to(paths.safety.getHref())}>
            <Trans>Shared reports and totals (safety officers)</Trans>
          </Link>
        </p>
      )}
      {error && (
        <Alert $tone="error" role="alert">
          {errorMessage(error, t`The report could not be changed`)}
        </Alert>
      )}
      {reports.isError ? (
        <Alert $tone="error" role="alert">
          {errorMessage(reports.error, t`Failed to load your incident reports`)}
        </Alert>
      ) : !reports.currentData ? (
        <Spinner />
      ) : reports.currentData.reports.length === 0 ? (
        <p>
          <Trans>No incident reports.</Trans>
        </p>
      ) : (
        <Sections>
          {reports.currentData.reports.map((r) => {
            const when = localDateTime(r.occurredAt ?? r.createdAt, i18n.locale, null);
            return (
              <Section key={r.id} aria-label={t`Incident of ${when}`}>
                <h2>
                  {when}
                  {r.placeName ? ` · ${r.placeName}` : ''}
                </h2>
                <p>
                  {phaseName(i18n, r.phase)} · {causeName(i18n, r.cause)} · <Trans>Injuries: {injuriesName(i18n, r.injuries)}</Trans>
                  {r.reserveThrown ? <> · <Trans>Reserve thrown</Trans></> : null}
                </p>
                <p>{r.whatHappened}</p>
                <p>{r.sharedAt ? <Trans>Shared without your name with the safety officers.</Trans> : <Trans>Private.</Trans>}</p>
                <Row>
                  <Button type="button" $variant="secondary" disabled={sharing.isLoading} onClick={() => void share({ id: r.id, shared: !r.sharedAt })}>
                    {r.sharedAt ? <Trans>Stop sharing</Trans> : <Trans>Share without my name</Trans>}
                  </Button>
                  <a href={LINKS.incidentPdf(r.id)} download>
                    PDF
                  </a>
                  <a href={LINKS.incidentJson(r.id)} download>
                    JSON
                  </a>
                  <Button
                    type="button"
                    $variant="danger"
                    disabled={removing.isLoading}
                    onClick={() => {
                      if (window.confirm(t`Delete this incident report?`)) void remove(r.id);
                    }}
                  >
                    <Trans>Delete</Trans>
                  </Button>
                </Row>
              </Section>
            );
          })}
        </Sections>
      )}
    </>
  );
}
