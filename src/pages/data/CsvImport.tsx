import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CSV_IMPORT_MAX_BYTES, type CsvImportAnswer } from '../../../contract/exports';
import { errorMessage } from '../../api/base';
import { useImportCsvMutation } from '../../api/exports';
import { paths, useLocalePath } from '../../app/paths';
import { Alert, Button, Hint, Input, Label, Row, Spinner } from '../../components/ui';
import { fileSize } from '../../format/format';
import { localizeServerMessage } from '../../i18n/server-messages';
import { FailureAlert } from '../../components/FailureAlert';

/** The other logbooks go by their names; ours is described. */
const FORMAT_NAMES: Record<CsvImportAnswer['format'], MessageDescriptor | string> = {
  flightlog: msg`this logbook's CSV`,
  logfly: 'Logfly',
  flugbuech: 'flugbuech',
};

/** Refused rows listed one by one; a file refused whole would otherwise fill the page. */
export const REFUSED_ROWS_SHOWN = 50;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
  input { max-width: 100%; }
`;

const Results = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin-top: 14px;
  ul { margin: 6px 0 0; padding-left: 20px; }
  p { margin: 0; }
`;

/** Chooses a CSV file (ours, Logfly, flugbuech), refuses one over the size limit before sending, and shows what the import did. */
export function CsvImport() {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const form = useRef<HTMLFormElement>(null);
  const limit = `${CSV_IMPORT_MAX_BYTES / (1024 * 1024)} MB`;
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const [importCsv, state] = useImportCsvMutation();
  const [answer, setAnswer] = useState<CsvImportAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setAnswer(null);
    setFailure(null);
    const name = chosen?.name;
    const size = fileSize(chosen?.size);
    setTooLarge(chosen && chosen.size > CSV_IMPORT_MAX_BYTES ? t`${name} is ${size}; a CSV import takes up to ${limit}.` : null);
    setFile(chosen);
  };

  const formatName = (format: CsvImportAnswer['format']) => {
    const name = FORMAT_NAMES[format];
    return typeof name === 'string' ? name : i18n._(name);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || tooLarge || state.isLoading) return;
    setFailure(null);
    const result = await importCsv(file);
    if ('data' in result && result.data) {
      setAnswer(result.data);
      setFile(null);
      form.current?.reset();
    } else {
      setFailure(errorMessage(result.error));
    }
  };

  return (
    <div>
      <p style={{ marginTop: 0 }}>
        <Trans>
          Add the flights of another logbook: a CSV downloaded here, the CSV export of Logfly or flugbuech, or Logfly's own database file. A row whose flight is already in your logbook joins it (notes, wing and site) instead of adding a second flight, and the tracks Logfly keeps come with their rows. These files can also go on the normal upload, alone or inside an archive.
        </Trans>
      </p>
      <form ref={form} onSubmit={submit}>
        <Field>
          <Label htmlFor={inputId}>
            <Trans>Logbook file (CSV or Logfly database)</Trans>
          </Label>
          <Row>
            <Input id={inputId} type="file" accept=".csv,text/csv,.db,.sqlite" aria-describedby={tooLarge ? `${hintId} ${errorId}` : hintId} aria-invalid={tooLarge ? true : undefined} onChange={(event) => choose(event.target.files?.[0] ?? null)} />
            <Button type="submit" disabled={!file || !!tooLarge || state.isLoading}>
              {state.isLoading && <Spinner style={{ width: 14, height: 14, borderWidth: 2 }} />}
              <Trans>Import the file</Trans>
            </Button>
          </Row>
          <Hint id={hintId}>{t`Up to ${limit}.`}</Hint>
        </Field>
      </form>
      <Results>
        {tooLarge && (
          <Alert $tone="error" role="alert" id={errorId}>
            {tooLarge}
          </Alert>
        )}
        <FailureAlert failure={failure} />
        {answer && <ImportResult answer={answer} formatName={formatName(answer.format)} logbookHref={to(paths.dashboard.getHref())} historyHref={to(paths.history.getHref())} />}
      </Results>
    </div>
  );
}

function ImportResult({ answer, formatName, logbookHref, historyHref }: { answer: CsvImportAnswer; formatName: string; logbookHref: string; historyHref: string }) {
  const { imported, duplicates, merged, tracks, refused, skippedColumns } = answer;
  const shown = refused.slice(0, REFUSED_ROWS_SHOWN);
  const hidden = refused.length - shown.length;
  const refusedCount = refused.length;
  const columns = skippedColumns.join(', ');
  const refusedId = useId();
  return (
    <>
      <Alert $tone={imported > 0 ? 'success' : 'info'} role="status">
        <p>
          <Trans>Read as {formatName}.</Trans>
        </p>
        <ul>
          <li>
            <Plural value={imported} one="# flight imported" other="# flights imported" />
          </li>
          <li>
            <Plural value={duplicates} one="# row skipped: the flight is already in your logbook" other="# rows skipped: the flights are already in your logbook" />
          </li>
          {merged > 0 && (
            <li>
              <Plural value={merged} one="# row joined its flight with a track already in your logbook (notes, wing and site added)" other="# rows joined their flights with a track already in your logbook (notes, wing and site added)" />
            </li>
          )}
          {tracks > 0 && (
            <li>
              <Plural value={tracks} one="# track from the file is being analysed: it joins its flight (Upload History lists it)" other="# tracks from the file are being analysed: each joins its flight (Upload History lists them)" />{' '}
              <Link to={historyHref}>
                <Trans>Upload History</Trans>
              </Link>
            </li>
          )}
          {refused.length > 0 && (
            <li>
              <Plural value={refusedCount} one="# row refused" other="# rows refused" />
            </li>
          )}
        </ul>
        {imported > 0 && (
          <p style={{ marginTop: 6 }}>
            <Link to={logbookHref}>
              <Trans>Open the logbook</Trans>
            </Link>
          </p>
        )}
      </Alert>
      {refused.length > 0 && (
        <Alert $tone="warning">
          <p id={refusedId}>
            <Trans>Refused rows (numbered as in a spreadsheet, the header being row 1):</Trans>
          </p>
          <ul aria-labelledby={refusedId}>
            {shown.map(({ row, message }) => (
              <RefusedRow key={row} row={row} message={localizeServerMessage(message)} />
            ))}
          </ul>
          {hidden > 0 && (
            <p>
              <Plural value={hidden} one="… and # more row." other="… and # more rows." />
            </p>
          )}
        </Alert>
      )}
      {skippedColumns.length > 0 && (
        <Alert $tone="info">
          <Trans>Columns with no place in this logbook, not imported: {columns}</Trans>
        </Alert>
      )}
    </>
  );
}

function RefusedRow({ row, message }: { row: number; message: string }) {
  return (
    <li>
      <Trans>
        Row {row}: {message}
      </Trans>
    </li>
  );
}
