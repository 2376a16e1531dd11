import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import styled from 'styled-components';
import { NOTES_MAX } from '../../../contract/flights';
import { Button, TextArea } from '../../components/ui';
import { useNoteDraft } from './useNoteDraft';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

/** The notes field: taller, and keeping the pilot's line breaks. */
const NotesArea = styled(TextArea)`
  min-height: 96px;
  white-space: pre-wrap;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  font-size: 13px;
`;

const Status = styled.span<{ $error: boolean }>`
  color: ${(p) => (p.$error ? p.theme.danger : p.theme.muted)};
  margin-right: auto;
`;

/** Free text of one flight: kept as typed, line breaks included, never read as HTML. Key it by the flight's id. */
export function FlightNotes({ flightId, notes }: { flightId: number; notes: string | null }) {
  const { t } = useLingui();
  const id = useId();
  const { draft, setDraft, save, state, error } = useNoteDraft(flightId, notes);
  const status =
    state === 'saving' ? t`Saving…` : state === 'unsaved' ? t`Unsaved changes` : state === 'error' ? t`Not saved: ${error}` : draft ? t`All changes saved` : '';
  const length = draft.length;

  return (
    <Box>
      <label htmlFor={id} style={{ fontWeight: 600 }}>
        <Trans>Notes</Trans>
      </label>
      <NotesArea
        id={id}
        value={draft}
        maxLength={NOTES_MAX}
        aria-describedby={`${id}-status`}
        placeholder={t`Conditions, what you learnt, who you flew with…`}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => void save()}
      />
      <Footer>
        <Status id={`${id}-status`} role="status" $error={state === 'error'}>
          {status}
        </Status>
        <span aria-hidden="true">
          {length} / {NOTES_MAX}
        </span>
        <Button type="button" $variant="secondary" disabled={state === 'saved' || state === 'saving'} onClick={() => void save()}>
          <Trans>Save notes</Trans>
        </Button>
      </Footer>
    </Box>
  );
}
