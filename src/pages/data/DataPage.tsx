import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { EXPORT_URLS } from '../../api/exports';
import { Section, Sections } from '../../components/layout';
import { DownloadLink } from '../../features/downloads/DownloadLink';
import { CsvImport } from './CsvImport';

const Download = styled.div`
  h3 { margin: 0 0 6px; font-size: 1rem; }
  p { margin: 0 0 10px; }
  & + & { margin-top: 18px; }
`;

/** docs/export-ui.md: the pilot's own copy of the logbook (CSV, IGC zip) and CSV imports from this or other logbooks. */
export default function DataPage() {
  return (
    <div>
      <h1 style={{ marginTop: 0 }}>
        <Trans>Your data</Trans>
      </h1>
      <Sections>
        <Section aria-labelledby="data-export">
          <h2 id="data-export">
            <Trans>Export</Trans>
          </h2>
          <Download>
            <h3>
              <Trans>Logbook as CSV</Trans>
            </h3>
            <p>
              <Trans>
                One row per flight: date, takeoff and landing times in the local time zone, duration, distances, score and league, flight type, altitudes, launch and landing sites, glider, notes and the name of the IGC file. It opens in spreadsheet programs and can be imported back here.
              </Trans>
            </p>
            <DownloadLink href={EXPORT_URLS.logbookCsv}>
              <Trans>Download the logbook (CSV)</Trans>
            </DownloadLink>
          </Download>
          <Download>
            <h3>
              <Trans>All IGC files</Trans>
            </h3>
            <p>
              <Trans>The original file of every flight as you uploaded it (IGC, or GPX), in one zip; each file is named by date and site. With many flights the zip is large and takes a while to download.</Trans>
            </p>
            <DownloadLink href={EXPORT_URLS.igcZip} $variant="secondary">
              <Trans>Download all IGC files (zip)</Trans>
            </DownloadLink>
          </Download>
        </Section>
        <Section aria-labelledby="data-import">
          <h2 id="data-import">
            <Trans>Import</Trans>
          </h2>
          <CsvImport />
        </Section>
        <Section aria-labelledby="data-backups">
          <h2 id="data-backups">
            <Trans>Backups</Trans>
          </h2>
          <p style={{ margin: 0 }}>
            <Trans>For a copy of your own, download the CSV and the IGC zip from time to time: together they hold your logbook and the original track of every flight.</Trans>
          </p>
        </Section>
      </Sections>
    </div>
  );
}
