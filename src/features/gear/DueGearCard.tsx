import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useDueGearQuery } from '../../api/gear';
import { paths, useLocalePath } from '../../app/paths';
import { DueBadge, DueStateText, DueWhen } from './due-words';

const Card = styled.section`
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => p.theme.warningText};
  border-left-width: 5px;
  border-radius: 10px;
  padding: 12px 16px;
  h2 { margin: 0 0 8px; font-size: 1.05rem; }
  ul { margin: 0 0 8px; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 6px; }
  li { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: center; overflow-wrap: anywhere; }
`;

/** Gear checks due soon or overdue (docs/career.md): shown on the dashboard only when there are some. */
export function DueGearCard() {
  const { t } = useLingui();
  const to = useLocalePath();
  const due = useDueGearQuery();
  const list = due.data ?? [];
  if (!list.length) return null;
  return (
    <Card aria-labelledby="due-gear-title">
      <h2 id="due-gear-title">
        <Trans>Gear checks due</Trans>
      </h2>
      <ul>
        {list.map((d) => (
          <li key={d.checkId}>
            <DueBadge $state={d.state}>
              <DueStateText state={d.state} />
            </DueBadge>
            <strong>{t`${d.gearName}: ${d.checkName}`}</strong>
            <span>
              <DueWhen dueOn={d.dueOn} secondsLeft={d.secondsLeft} />
            </span>
          </li>
        ))}
      </ul>
      <Link to={to(paths.gear.getHref())}>
        <Trans>Open your gear</Trans>
      </Link>
    </Card>
  );
}
