import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { AirspaceFile, AirspaceScope, UnreadLine } from '../../../contract/airspace';
import { api, errorMessage } from '../../api/base';
import { useAppDispatch } from '../../app/hooks';
import { Section } from '../../components/layout';
import { Alert, Button, Input, Label } from '../../components/ui';
import { LIST, useAddAirspaceFileMutation, useAirspaceFilesQuery, useDeleteAirspaceFileMutation, useReplaceAirspaceFileMutation } from '../../api/airspace';

/** How often the panel asks how far the background re-check is while flights wait (docs/airspace.md). */
const RECHECK_POLL_MS = 2000;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 10px;
  margin-bottom: 10px;
`;

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 10px 0 0;
  li { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between; padding: 6px 0; border-bottom: 1px solid ${(p) => p.theme.border}; }
`;

const Lines = styled.ul`
  max-height: 160px;
  overflow: auto;
  margin: 6px 0 0;
  font-size: 13px;
`;

function UnreadList({ lines }: { lines: UnreadLine[] }) {
  return (
    <Lines>
      {lines.map((l, i) => (
        <li key={i}>
          <Trans>
            Line {l.line}: {l.message}
          </Trans>
        </li>
      ))}
    </Lines>
  );
}

/** Replaces one file's content (a new file is optional) and/or its name and dates. */
function ReplaceForm({ file, onDone }: { file: AirspaceFile; onDone: () => void }) {
  const { t } = useLingui();
  const [replace, replacing] = useReplaceAirspaceFileMutation();
  const [name, setName] = useState(file.name);
  const [validFrom, setValidFrom] = useState(file.validFrom);
  const [validTo, setValidTo] = useState(file.validTo);
  const [upload, setUpload] = useState<File | null>(null);
  const id = `airspace-replace-${file.id}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await replace({ id: file.id, file: upload, name, validFrom, validTo });
    if (!('error' in res)) onDone();
  };

  return (
    <form onSubmit={submit} aria-label={t`Replace ${file.name}`} style={{ flexBasis: '100%' }}>
      <Fields>
        <Label htmlFor={`${id}-file`}>
          <Trans>New OpenAir file (optional)</Trans>
          <Input id={`${id}-file`} type="file" accept=".txt,.air,.openair,text/plain" onChange={(e) => setUpload(e.target.files?.[0] ?? null)} />
        </Label>
        <Label htmlFor={`${id}-name`}>
          <Trans>Name</Trans>
          <Input id={`${id}-name`} value={name} required maxLength={120} onChange={(e) => setName(e.target.value)} />
        </Label>
        <Label htmlFor={`${id}-from`}>
          <Trans>Valid from</Trans>
          <Input id={`${id}-from`} type="date" value={validFrom} required onChange={(e) => setValidFrom(e.target.value)} />
        </Label>
        <Label htmlFor={`${id}-to`}>
          <Trans>Valid until</Trans>
          <Input id={`${id}-to`} type="date" value={validTo} required onChange={(e) => setValidTo(e.target.value)} />
        </Label>
      </Fields>
      <Button type="submit" disabled={replacing.isLoading}>
        <Trans>Save changes</Trans>
      </Button>{' '}
      <Button type="button" $variant="secondary" onClick={onDone}>
        <Trans>Cancel</Trans>
      </Button>
      {replacing.isError && (
        <Alert $tone="error" role="alert" style={{ marginTop: 8 }}>
          {errorMessage(replacing.error, t`The file could not be replaced.`)}
        </Alert>
      )}
    </form>
  );
}

/**
 * OpenAir files (docs/airspace.md): the pilot's own in the profile (scope personal), the
 * instance's in the debug area (scope instance, admins). Each is valid between two dates; every
 * flight they apply to is checked again in the background.
 */
export function AirspaceFiles({ scope }: { scope: AirspaceScope }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  // While flights wait for their re-check the count is asked again, so it goes down as they are checked.
  const [waiting, setWaiting] = useState(false);
  const files = useAirspaceFilesQuery(undefined, { pollingInterval: waiting ? RECHECK_POLL_MS : 0 });
  const [add, adding] = useAddAirspaceFileMutation();
  const [replacingId, setReplacingId] = useState<number | null>(null);
  const [remove, removing] = useDeleteAirspaceFileMutation();
  const [name, setName] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [validTo, setValidTo] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const mine = files.currentData?.files.filter((f) => f.scope === scope) ?? [];
  const pending = files.currentData?.recheckPending ?? 0;
  const idPrefix = `airspace-${scope}`;

  useEffect(() => {
    if (pending > 0) setWaiting(true);
    else if (waiting) {
      setWaiting(false);
      // The re-check is done: the lists' counts and the flights' checks have changed.
      dispatch(api.util.invalidateTags([LIST, 'Airspace']));
    }
  }, [pending, waiting, dispatch]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    const res = await add({ file, name, validFrom, validTo, scope });
    if (!('error' in res)) {
      setName('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Section aria-labelledby={`${idPrefix}-title`} data-testid={`${idPrefix}-files`}>
      <h2 id={`${idPrefix}-title`}>{scope === 'personal' ? <Trans>My airspace files</Trans> : <Trans>Airspace for everybody</Trans>}</h2>
      <p>
        {scope === 'personal' ? (
          <Trans>OpenAir files only you see. Your flights are checked against them and against the instance’s airspace valid on their day.</Trans>
        ) : (
          <Trans>OpenAir files every pilot’s flights are checked against, each on the days it is valid.</Trans>
        )}
      </p>
      <form onSubmit={submit}>
        <Fields>
          <Label htmlFor={`${idPrefix}-file`}>
            <Trans>OpenAir file</Trans>
            <Input id={`${idPrefix}-file`} ref={fileInput} type="file" accept=".txt,.air,.openair,text/plain" required onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Label>
          <Label htmlFor={`${idPrefix}-name`}>
            <Trans>Name</Trans>
            <Input id={`${idPrefix}-name`} value={name} required maxLength={120} onChange={(e) => setName(e.target.value)} />
          </Label>
          <Label htmlFor={`${idPrefix}-from`}>
            <Trans>Valid from</Trans>
            <Input id={`${idPrefix}-from`} type="date" value={validFrom} required onChange={(e) => setValidFrom(e.target.value)} />
          </Label>
          <Label htmlFor={`${idPrefix}-to`}>
            <Trans>Valid until</Trans>
            <Input id={`${idPrefix}-to`} type="date" value={validTo} required onChange={(e) => setValidTo(e.target.value)} />
          </Label>
        </Fields>
        <Button type="submit" disabled={adding.isLoading || !file}>
          <Trans>Load file</Trans>
        </Button>
      </form>
      {adding.isError && (
        <Alert $tone="error" role="alert" style={{ marginTop: 8 }}>
          {errorMessage(adding.error, t`The file could not be loaded.`)}
        </Alert>
      )}
      {adding.data && (
        <Alert $tone={adding.data.unreadLines.length ? 'warning' : 'success'} role="status" style={{ marginTop: 8 }}>
          <Plural value={adding.data.shapes} one="# airspace loaded." other="# airspaces loaded." />{' '}
          {adding.data.unreadLines.length > 0 && t`These lines could not be read:`}
          {adding.data.unreadLines.length > 0 && <UnreadList lines={adding.data.unreadLines} />}
        </Alert>
      )}
      {pending > 0 && (
        <p role="status">
          <Plural value={pending} one="# flight is waiting for its airspace check." other="# flights are waiting for their airspace check." />
        </p>
      )}
      {mine.length === 0 ? (
        <p>
          <Trans>No airspace files yet.</Trans>
        </p>
      ) : (
        <List aria-label={t`Airspace files`}>
          {mine.map((f) => (
            <li key={f.id} data-testid="airspace-file">
              <span>
                <strong>{f.name}</strong> · {f.validFrom} – {f.validTo} · <Plural value={f.shapes} one="# airspace" other="# airspaces" />
                {f.unreadLines.length > 0 && (
                  <>
                    {' '}
                    · <Plural value={f.unreadLines.length} one="# line not read" other="# lines not read" />
                  </>
                )}
              </span>
              <span>
                <Button type="button" $variant="secondary" aria-expanded={replacingId === f.id} onClick={() => setReplacingId(replacingId === f.id ? null : f.id)} aria-label={t`Replace ${f.name}`}>
                  <Trans>Replace</Trans>
                </Button>{' '}
                <Button type="button" $variant="secondary" disabled={removing.isLoading} onClick={() => remove(f.id)} aria-label={t`Remove ${f.name}`}>
                  <Trans>Remove</Trans>
                </Button>
              </span>
              {replacingId === f.id && <ReplaceForm file={f} onDone={() => setReplacingId(null)} />}
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}
