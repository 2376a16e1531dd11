import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../api/base';
import { useDebugStatisticsQuery } from '../../api/debug';
import { Sections } from '../../components/layout';
import { Alert } from '../../components/ui';
import { DebugStatisticsSection } from './DebugStatisticsSection';
import { EmailSection } from './EmailSection';
import { ValidationSection } from './ValidationSection';
import { AirspaceFiles } from '../../features/airspace/AirspaceFiles';

/** docs/product.md §2 Debug page (admin): statistics, test emails, flight validation tools. The server refuses non-admins. */
export default function DebugPage() {
  const { t } = useLingui();
  const statistics = useDebugStatisticsQuery();
  const status = statistics.error && 'status' in statistics.error ? statistics.error.status : null;
  const refused = status === 403;
  // The sections (and their own admin-only calls) wait for the server's word: a pilot sees the refusal alone.
  const waiting = statistics.isLoading;
  return (
    <>
      <h1>
        <Trans>Debug</Trans>
      </h1>
      {refused ? (
        <Alert $tone="error" role="alert">
          {errorMessage(statistics.error, t`Failed to load statistics.`)}
        </Alert>
      ) : waiting ? null : (
        <Sections>
          <DebugStatisticsSection query={statistics} />
          <EmailSection />
          <ValidationSection />
          <AirspaceFiles scope="instance" />
        </Sections>
      )}
    </>
  );
}
