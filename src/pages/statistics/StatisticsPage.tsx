import { Trans } from '@lingui/react/macro';
import { Sections } from '../../components/layout';
import { GlidersSection } from './GlidersSection';
import { MonthlySection } from './MonthlySection';
import { OverallSection } from './OverallSection';
import { SitesSection } from './SitesSection';
import { TandemSection } from './TandemSection';
import { YearlySection } from './YearlySection';

/** docs/product.md §2 Statistics page: overall tiles, flight sites, yearly summary, monthly flight hours. */
export default function StatisticsPage() {
  return (
    <>
      <h1>
        <Trans>Flight Statistics</Trans>
      </h1>
      <Sections>
        <OverallSection />
        <SitesSection />
        <YearlySection />
        <MonthlySection />
        <GlidersSection />
        <TandemSection />
      </Sections>
    </>
  );
}
