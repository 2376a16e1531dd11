import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { GearCheck, GearItem, GearWing } from '../../../contract/gear';
import { gearReportUrl, useDeleteGearCheckMutation, useDeleteGearItemMutation, useDeleteGearRecordMutation, useGearQuery } from '../../api/gear';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { ListPage } from '../../components/ListPage';
import { Button } from '../../components/ui';
import { useActionFailure } from '../../components/useActionFailure';
import { dayText, DueBadge, DueStateText, DueWhen } from '../../features/gear/due-words';
import { hoursMinutes } from '../../format/format';
import { CheckDialog, GearItemDialog, RecordDialog } from './GearDialogs';
import { useGearKindName } from './gear-kinds';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 360px), 1fr));
  gap: 16px;
  margin-bottom: 24px;
`;

const Card = styled.article`
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  padding: 14px 16px;
  display: flex;
  flex-direction: column;
  gap: 10px;
  h3 { margin: 0; font-size: 1.05rem; overflow-wrap: anywhere; }
`;

const Muted = styled.p`
  margin: 0;
  color: ${(p) => p.theme.muted};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Checks = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 10px;
  > li { border-top: 1px solid ${(p) => p.theme.border}; padding-top: 8px; display: flex; flex-direction: column; gap: 6px; }
`;

const CheckHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 10px;
  align-items: center;
`;

const History = styled.details`
  summary { cursor: pointer; }
  ul { margin: 6px 0 0; padding-left: 18px; }
  li { overflow-wrap: anywhere; }
`;

type Dialog =
  | { kind: 'item'; item: GearItem | null }
  | { kind: 'check'; owner: { itemId: number } | { gliderId: number } | null; check: GearCheck | null }
  | { kind: 'record'; check: GearCheck }
  | { kind: 'delete-item'; item: GearItem }
  | { kind: 'delete-check'; check: GearCheck }
  | null;

function CheckRow({ check, onRecord, onEdit, onDelete, onDeleteRecord }: { check: GearCheck; onRecord: () => void; onEdit: () => void; onDelete: () => void; onDeleteRecord: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const months = check.intervalMonths;
  const hours = check.intervalHours;
  return (
    <li>
      <CheckHead>
        <strong>{check.name}</strong>
        <DueBadge $state={check.state}>
          <DueStateText state={check.state} />
        </DueBadge>
      </CheckHead>
      <Muted>
        {months !== null && <Plural value={months} one="Every month" other="Every # months" />}
        {months !== null && hours !== null && ' · '}
        {hours !== null && <Plural value={hours} one="every flight hour" other="every # flight hours" />}
        {(check.dueOn || check.secondsLeft !== null) && ' · '}
        <DueWhen dueOn={check.dueOn} secondsLeft={check.secondsLeft} />
      </Muted>
      <Muted>{check.lastDone ? <Trans>Last done {dayText(check.lastDone, i18n.locale)}</Trans> : <Trans>No check recorded yet</Trans>}</Muted>
      {check.records.length > 0 && (
        <History>
          <summary>
            <Plural value={check.records.length} one="# check done" other="# checks done" />
          </summary>
          <ul>
            {check.records.map((r) => (
              <li key={r.id}>
                {dayText(r.doneOn, i18n.locale)}
                {r.doneBy && ` · ${r.doneBy}`}
                {r.notes && ` · ${r.notes}`}
                {r.reportType && (
                  <>
                    {' · '}
                    <a href={gearReportUrl(r.id)} download={r.reportName ?? undefined}>
                      {t`Report ${r.reportName ?? ''}`.trim()}
                    </a>
                  </>
                )}{' '}
                <Button type="button" $variant="secondary" onClick={() => onDeleteRecord(r.id)} aria-label={t`Delete the check of ${dayText(r.doneOn, i18n.locale)}`}>
                  <Trans>Delete</Trans>
                </Button>
              </li>
            ))}
          </ul>
        </History>
      )}
      <Actions>
        <Button type="button" onClick={onRecord}>
          <Trans>Check done…</Trans>
        </Button>
        <Button type="button" $variant="secondary" onClick={onEdit} aria-label={t`Edit ${check.name}`}>
          <Trans>Edit</Trans>
        </Button>
        <Button type="button" $variant="secondary" onClick={onDelete} aria-label={t`Delete ${check.name}`}>
          <Trans>Delete</Trans>
        </Button>
      </Actions>
    </li>
  );
}

/** All the pilot's gear with its checks and what is due (docs/career.md, "Gear"). */
export default function GearPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Gear`);
  const to = useLocalePath();
  const kindName = useGearKindName();
  const gear = useGearQuery();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { failure, run: runAction } = useActionFailure();
  const [removeItem, removingItem] = useDeleteGearItemMutation();
  const [removeCheck, removingCheck] = useDeleteGearCheckMutation();
  const [removeRecord] = useDeleteGearRecordMutation();
  const close = () => setDialog(null);
  const run = async (action: () => Promise<unknown>) => {
    if (await runAction(action)) close();
  };

  const checksOf = (checks: GearCheck[]) =>
    checks.length > 0 && (
      <Checks aria-label={t`Checks`}>
        {checks.map((c) => (
          <CheckRow
            key={c.id}
            check={c}
            onRecord={() => setDialog({ kind: 'record', check: c })}
            onEdit={() => setDialog({ kind: 'check', owner: null, check: c })}
            onDelete={() => setDialog({ kind: 'delete-check', check: c })}
            onDeleteRecord={(id) => void run(() => removeRecord(id).unwrap())}
          />
        ))}
      </Checks>
    );

  const itemCard = (item: GearItem) => {
    const headingId = `gear-item-${item.id}`;
    const from = item.inUseFrom ? dayText(item.inUseFrom, i18n.locale) : null;
    const until = item.inUseUntil ? dayText(item.inUseUntil, i18n.locale) : null;
    const hours = hoursMinutes(item.totalSeconds);
    return (
      <Card key={`item-${item.id}`} aria-labelledby={headingId}>
        <h3 id={headingId}>{item.name}</h3>
        <Muted>
          {[kindName(item.kind), item.maker, item.serial].filter(Boolean).join(' · ')}
        </Muted>
        <Muted>
          {from ? until ? <Trans>In use from {from} until {until}</Trans> : <Trans>In use since {from}</Trans> : <Trans>No period set: no flights counted</Trans>}
          {' · '}
          <Plural value={item.flightCount} one="# flight" other="# flights" /> · {hours} h
        </Muted>
        {item.notes && <Muted>{item.notes}</Muted>}
        {/* The item's own Edit and Delete under its name, so they are not read as the last check's. */}
        <Actions>
          <Button type="button" $variant="secondary" onClick={() => setDialog({ kind: 'item', item })} aria-label={t`Edit ${item.name}`}>
            <Trans>Edit</Trans>
          </Button>
          <Button type="button" $variant="secondary" onClick={() => setDialog({ kind: 'delete-item', item })} aria-label={t`Delete ${item.name}`}>
            <Trans>Delete</Trans>
          </Button>
        </Actions>
        {checksOf(item.checks)}
        <Actions>
          <Button type="button" $variant="secondary" onClick={() => setDialog({ kind: 'check', owner: { itemId: item.id }, check: null })} aria-label={t`Add check to ${item.name}`}>
            <Trans>Add check</Trans>
          </Button>
        </Actions>
      </Card>
    );
  };

  const wingCard = (wing: GearWing) => {
    const headingId = `gear-wing-${wing.id}`;
    const hours = hoursMinutes(wing.totalSeconds);
    return (
      <Card key={`wing-${wing.id}`} aria-labelledby={headingId}>
        <h3 id={headingId}>{wing.name}</h3>
        <Muted>
          {kindName('wing')} · <Plural value={wing.flightCount} one="# flight" other="# flights" /> · {hours} h
        </Muted>
        {checksOf(wing.checks)}
        <Actions>
          <Button type="button" $variant="secondary" onClick={() => setDialog({ kind: 'check', owner: { gliderId: wing.id }, check: null })} aria-label={t`Add check to ${wing.name}`}>
            <Trans>Add check</Trans>
          </Button>
        </Actions>
      </Card>
    );
  };

  return (
    <ListPage
      title={<Trans>Gear</Trans>}
      addLabel={<Trans>Add gear</Trans>}
      onAdd={() => setDialog({ kind: 'item', item: null })}
      intro={<Trans>Harnesses, reserves, instruments and helmets with their checks. An item counts the flights of the period it was in use; a wing counts the flights linked to it.</Trans>}
      failure={failure}
      query={gear}
      dialogs={
        <>
          {dialog?.kind === 'item' && <GearItemDialog item={dialog.item} onClose={close} />}
          {dialog?.kind === 'check' && <CheckDialog owner={dialog.owner} check={dialog.check} onClose={close} />}
          {dialog?.kind === 'record' && <RecordDialog check={dialog.check} onClose={close} />}
          {dialog?.kind === 'delete-item' && (
            <Modal title={t`Delete ${dialog.item.name}?`} onClose={close}>
              <p>
                <Trans>Its checks, their history and reports are deleted with it.</Trans>
              </p>
              <DialogFooter onCancel={close} cancelAutoFocus confirm={{ label: <Trans>Delete gear</Trans>, variant: 'danger', disabled: removingItem.isLoading, onClick: () => void run(() => removeItem(dialog.item.id).unwrap()) }} />
            </Modal>
          )}
          {dialog?.kind === 'delete-check' && (
            <Modal title={t`Delete ${dialog.check.name}?`} onClose={close}>
              <p>
                <Trans>Its history and reports are deleted with it.</Trans>
              </p>
              <DialogFooter onCancel={close} cancelAutoFocus confirm={{ label: <Trans>Delete check</Trans>, variant: 'danger', disabled: removingCheck.isLoading, onClick: () => void run(() => removeCheck(dialog.check.id).unwrap()) }} />
            </Modal>
          )}
        </>
      }
    >
      {() =>
        gear.data && (
          <>
            <section aria-labelledby="gear-items">
              <h2 id="gear-items">
                <Trans>Your gear</Trans>
              </h2>
              {gear.data.items.length === 0 ? (
                <p>
                  <Trans>No gear yet. Add your harness and reserve to see when their checks are due.</Trans>
                </p>
              ) : (
                <Grid>{gear.data.items.map(itemCard)}</Grid>
              )}
            </section>
            <section aria-labelledby="gear-wings">
              <h2 id="gear-wings">
                <Trans>Wings</Trans>
              </h2>
              {gear.data.wings.length === 0 ? (
                <p>
                  <Trans>
                    No wings yet: add them on the <Link to={to(paths.gliders.getHref())}>Gliders</Link> page.
                  </Trans>
                </p>
              ) : (
                <Grid>{gear.data.wings.map(wingCard)}</Grid>
              )}
            </section>
          </>
        )
      }
    </ListPage>
  );
}
