import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { SITE_NAME_MAX, siteName, type Site } from '../../../contract/sites';
import { errorMessage } from '../../api/base';
import { useRenameSiteMutation } from '../../api/sites';
import { Button, Input } from '../../components/ui';
import { hoursMinutes, localDateTime } from '../../format/format';
import { localizeServerMessage } from '../../i18n/server-messages';

const Item = styled.li<{ $picked: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 14px;
  padding: 10px 12px;
  border-bottom: 1px solid ${(p) => p.theme.border};
  background: ${(p) => (p.$picked ? p.theme.surfaceAlt : 'transparent')};
`;

const Name = styled.div`
  flex: 1 1 220px;
  min-width: 0;
  strong { overflow-wrap: anywhere; }
  small { display: block; color: ${(p) => p.theme.muted}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const RenameForm = styled.form`
  flex: 1 1 100%;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  small { flex-basis: 100%; color: ${(p) => p.theme.danger}; }
`;

export interface SiteRowProps {
  site: Site;
  picked: boolean;
  canMerge: boolean;
  /** What tells this site from another of the same name (useSiteDistinctions), or null. */
  distinction: string | null;
  onShow: () => void;
  onMerge: () => void;
}

/** One site: its visits, and rename (inline) or merge into another. */
export function SiteRow({ site, picked, canMerge, distinction, onShow, onMerge }: SiteRowProps) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(site.name);
  const [error, setError] = useState<string | null>(null);
  const [rename, renaming] = useRenameSiteMutation();
  const lastVisit = site.lastVisit ? localDateTime(site.lastVisit, i18n.locale, site.timeZone, false) : t`Never`;
  const hours = hoursMinutes(site.totalSeconds);
  const inputId = `site-name-${site.id}`;
  const nameId = `site-${site.id}-name`;
  // Buttons name the site as the list shows it, so "Rename Naters" is not said three times.
  const label = distinction ? `${site.name} (${distinction})` : site.name;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = siteName.safeParse(name);
    if (!parsed.success) return setError(localizeServerMessage(parsed.error.issues[0]?.message ?? ''));
    try {
      await rename({ id: site.id, name: parsed.data }).unwrap();
      setEditing(false);
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Item $picked={picked} aria-current={picked ? 'true' : undefined}>
      <Name>
        <strong id={nameId}>{site.name}</strong>
        {distinction && (
          <small id={`${nameId}-apart`} data-testid="site-distinction">
            {distinction}
          </small>
        )}
        {!site.named && (
          <small>
            <Trans>Named after the nearest town</Trans>
          </small>
        )}
        <small>
          <Plural value={site.flightCount} one="# launch" other="# launches" /> · <Plural value={site.landingCount} one="# landing" other="# landings" /> · {hours} h ·{' '}
          <Trans>last visit {lastVisit}</Trans>
        </small>
      </Name>
      {!editing && (
        <Actions>
          <Button type="button" $variant="secondary" onClick={onShow} aria-pressed={picked} id={`${nameId}-show`} aria-labelledby={`${nameId}-show ${nameId}${distinction ? ` ${nameId}-apart` : ''}`}>
            <Trans>Show on map</Trans>
          </Button>
          <Button
            type="button"
            $variant="secondary"
            aria-label={t`Rename ${label}`}
            onClick={() => {
              setName(site.name);
              setEditing(true);
            }}
          >
            <Trans>Rename</Trans>
          </Button>
          {canMerge && (
            <Button type="button" $variant="secondary" onClick={onMerge} aria-label={t`Merge ${label} into another site`}>
              <Trans>Merge…</Trans>
            </Button>
          )}
        </Actions>
      )}
      {editing && (
        <RenameForm onSubmit={onSubmit} noValidate aria-label={t`Rename ${label}`}>
          <label htmlFor={inputId} style={{ fontWeight: 600 }}>
            <Trans>New name</Trans>
          </label>
          <Input id={inputId} autoFocus value={name} maxLength={SITE_NAME_MAX} aria-invalid={!!error} aria-describedby={error ? `${inputId}-error` : undefined} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && setEditing(false)} />
          <Button type="submit" disabled={renaming.isLoading}>
            <Trans>Save name</Trans>
          </Button>
          <Button type="button" $variant="secondary" onClick={() => setEditing(false)}>
            <Trans>Cancel</Trans>
          </Button>
          {error && <small id={`${inputId}-error`} role="alert">{error}</small>}
        </RenameForm>
      )}
    </Item>
  );
}
