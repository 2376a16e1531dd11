import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Glider } from '../../../contract/gliders';
import { Button } from '../../components/ui';
import { hoursMinutes, localDateTime } from '../../format/format';

const Card = styled.article<{ $due: boolean }>`
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => (p.$due ? p.theme.warningText : p.theme.border)};
  border-left-width: ${(p) => (p.$due ? '5px' : '1px')};
  border-radius: 10px;
  padding: 16px 18px;
  display: flex;
  flex-direction: column;
  gap: 10px;
  h2 { margin: 0; font-size: 1.1rem; overflow-wrap: anywhere; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 8px 14px;
  margin: 0;
  dt { font-size: 12px; color: ${(p) => p.theme.muted}; }
  dd { margin: 0; font-weight: 600; }
`;

const Badge = styled.span<{ $tone: 'due' | 'ok' | 'plain' }>`
  display: inline-block;
  padding: 2px 8px;
  border-radius: 999px;
  font-size: 13px;
  font-weight: 700;
  background: ${(p) => (p.$tone === 'due' ? p.theme.warning : p.theme.surfaceAlt)};
  color: ${(p) => (p.$tone === 'due' ? p.theme.warningText : p.theme.text)};
  border: 1px solid ${(p) => (p.$tone === 'due' ? p.theme.warningText : p.theme.border)};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 10px;
  align-items: center;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

export interface GliderCardProps {
  glider: Glider;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
  busy: boolean;
}

/** One wing: its hours, when it was last flown, and whether its periodic check is due (in words, not colour alone). */
export function GliderCard({ glider: g, onEdit, onDelete, onMakeDefault, busy }: GliderCardProps) {
  const { t, i18n } = useLingui();
  const hours = hoursMinutes(g.totalSeconds);
  const sinceCheck = hoursMinutes(g.secondsSinceCheck);
  const lastFlown = g.lastFlown ? localDateTime(g.lastFlown, i18n.locale, null, false) : t`Never`;
  const lastCheck = g.lastCheck ? localDateTime(`${g.lastCheck}T12:00:00Z`, i18n.locale, 'UTC', false) : null;
  const headingId = `glider-${g.id}`;

  return (
    <Card $due={g.checkDue} aria-labelledby={headingId}>
      <Head>
        <h2 id={headingId}>{g.name}</h2>
        <Badge $tone="plain">{g.gliderClass === 'Tandem' ? t`Tandem` : g.gliderClass === 'Other' ? t`Other` : g.gliderClass}</Badge>
        {g.isDefault && (
          <Badge $tone="ok">
            <Trans>Default</Trans>
          </Badge>
        )}
        {g.checkDue && (
          <Badge $tone="due" role="status">
            <span aria-hidden="true">⚠ </span>
            <Trans>Check due</Trans>
          </Badge>
        )}
      </Head>
      <Facts>
        <div>
          <dt>{t`Flights`}</dt>
          <dd>{g.flightCount}</dd>
        </div>
        <div>
          <dt>{t`Hours`}</dt>
          <dd>{hours}</dd>
        </div>
        <div>
          <dt>{t`Last flown`}</dt>
          <dd>{lastFlown}</dd>
        </div>
        <div>
          <dt>{t`Since last check`}</dt>
          <dd>
            {lastCheck === null ? (
              <Trans>No check recorded ({sinceCheck} h)</Trans>
            ) : (
              <>
                {sinceCheck} h · <Plural value={g.monthsSinceCheck ?? 0} one="# month" other="# months" />
              </>
            )}
          </dd>
        </div>
        {lastCheck && (
          <div>
            <dt>{t`Last check`}</dt>
            <dd>{lastCheck}</dd>
          </div>
        )}
        {(g.checkIntervalMonths !== null || g.checkIntervalHours !== null) && (
          <div>
            <dt>{t`Check interval`}</dt>
            <dd>
              {g.checkIntervalMonths !== null && <Plural value={g.checkIntervalMonths} one="# month" other="# months" />}
              {g.checkIntervalMonths !== null && g.checkIntervalHours !== null && ' / '}
              {g.checkIntervalHours !== null && <Plural value={g.checkIntervalHours} one="# hour" other="# hours" />}
            </dd>
          </div>
        )}
      </Facts>
      {g.notes && <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{g.notes}</p>}
      <Actions>
        <Button type="button" $variant="secondary" onClick={onEdit} aria-label={t`Edit ${g.name}`}>
          <Trans>Edit</Trans>
        </Button>
        {!g.isDefault && (
          <Button type="button" $variant="secondary" disabled={busy} onClick={onMakeDefault} id={`${headingId}-default`} aria-labelledby={`${headingId}-default ${headingId}`}>
            <Trans>Make default</Trans>
          </Button>
        )}
        <Button type="button" $variant="danger" disabled={busy} onClick={onDelete} aria-label={t`Delete ${g.name}`} style={{ marginLeft: 'auto' }}>
          <Trans>Delete</Trans>
        </Button>
      </Actions>
    </Card>
  );
}
