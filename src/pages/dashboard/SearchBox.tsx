import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import styled from 'styled-components';
import { SEARCH_MAX } from '../../../contract/flights';
import { Button, Input } from '../../components/ui';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 8px 12px;
  label { display: flex; flex-direction: column; gap: 4px; font-weight: 600; flex: 1 1 240px; }
`;

/**
 * On a phone the label's words are read, not shown: the field's placeholder says what it finds, and
 * the rows below it are the logbook the pilot came for (the list started 700 px down).
 */
const LabelText = styled.span`
  @media (max-width: 520px) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

const Summary = styled.p`
  margin: 10px 0 0;
  font-size: 14px;
`;

export interface SearchBoxProps {
  text: string;
  /** The words the list shows results for ('' when not searching). */
  search: string;
  count: number | null;
  onType: (text: string) => void;
  onClear: () => void;
}

/** The pilot's logbook (docs/app.md): finds flights by words in their notes, site or glider, in all years. */
export function SearchBox({ text, search, count, onType, onClear }: SearchBoxProps) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div role="search">
      <Box>
        <label htmlFor={id}>
          <LabelText>
            <Trans>Search notes, sites and gliders</Trans>
          </LabelText>
          <Input id={id} type="search" value={text} maxLength={SEARCH_MAX} placeholder={t`e.g. thermal, Niesen, Rush`} onChange={(e) => onType(e.target.value)} />
        </label>
        {(text || search) && (
          <Button type="button" $variant="secondary" onClick={onClear}>
            <Trans>Clear search</Trans>
          </Button>
        )}
      </Box>
      {search && (
        <Summary role="status">
          {count === null ? (
            <Trans>Searching all years for “{search}”…</Trans>
          ) : (
            <Plural value={count} one={`# flight in all years matches “${search}”. Clear the search to return to the chosen month.`} other={`# flights in all years match “${search}”. Clear the search to return to the chosen month.`} />
          )}
        </Summary>
      )}
    </div>
  );
}
