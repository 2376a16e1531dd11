import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { newSite, type NewSite } from '../../../contract/sites';
import { localizeServerMessage } from '../../i18n/server-messages';
import { Input, Label } from '../ui';

/** A new site as typed: text until it is checked. */
export interface SiteDraft {
  name: string;
  latitude: string;
  longitude: string;
}

export const siteDraftAt = (at?: { latitude: number; longitude: number } | null): SiteDraft => ({
  name: '',
  latitude: at ? at.latitude.toFixed(5) : '',
  longitude: at ? at.longitude.toFixed(5) : '',
});

const number = (text: string) => (text.trim() === '' ? NaN : Number(text.replace(',', '.')));

/** The site to send, or the first rule it breaks (the contract's words, translated when known). */
export function parseSiteDraft(draft: SiteDraft): { site: NewSite; error: null } | { site: null; error: string } {
  const parsed = newSite.safeParse({ name: draft.name, latitude: number(draft.latitude), longitude: number(draft.longitude) });
  if (parsed.success) return { site: parsed.data, error: null };
  return { site: null, error: localizeServerMessage(parsed.error.issues[0]?.message ?? '') };
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr 1fr;
  gap: 10px;
  input,
  select {
    width: 100%;
    min-width: 0;
    box-sizing: border-box;
  }
  @media (max-width: 600px) {
    grid-template-columns: 1fr 1fr;
    & > :first-child { grid-column: 1 / 3; }
  }
`;

/** Name and coordinates of a new launch or landing site. */
export function NewSiteFields({ draft, onChange, idPrefix }: { draft: SiteDraft; onChange: (draft: SiteDraft) => void; idPrefix: string }) {
  const { t } = useLingui();
  return (
    <Grid>
      <Label htmlFor={`${idPrefix}-name`}>
        {t`Site name`}
        <Input id={`${idPrefix}-name`} value={draft.name} maxLength={100} onChange={(e) => onChange({ ...draft, name: e.target.value })} />
      </Label>
      <Label htmlFor={`${idPrefix}-lat`}>
        {t`Latitude`}
        <Input id={`${idPrefix}-lat`} inputMode="decimal" value={draft.latitude} onChange={(e) => onChange({ ...draft, latitude: e.target.value })} />
      </Label>
      <Label htmlFor={`${idPrefix}-lon`}>
        {t`Longitude`}
        <Input id={`${idPrefix}-lon`} inputMode="decimal" value={draft.longitude} onChange={(e) => onChange({ ...draft, longitude: e.target.value })} />
      </Label>
    </Grid>
  );
}
