import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { GEAR_KINDS, GEAR_NOTES_MAX, GEAR_REPORT_MAX_BYTES, GEAR_TEXT_MAX, type GearCheck, type GearItem, type GearKind } from '../../../contract/gear';
import { useAddGearRecordMutation, useAttachGearReportMutation, useCreateGearCheckMutation, useCreateGearItemMutation, useUpdateGearCheckMutation, useUpdateGearItemMutation } from '../../api/gear';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { FieldPairs, Form, Input, Select, TextArea } from '../../components/ui';
import { useGearKindName } from './gear-kinds';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  label { font-weight: 500; }
  small { color: ${(p) => p.theme.muted}; }
`;


/** A labelled field; `hint` is read with it. */
function useField() {
  const id = useId();
  return (name: string, label: string, input: (props: { id: string; 'aria-describedby'?: string }) => ReactNode, hint?: string) => {
    const fieldId = `${id}-${name}`;
    return (
      <FieldBox>
        <label htmlFor={fieldId}>{label}</label>
        {input({ id: fieldId, 'aria-describedby': hint ? `${fieldId}-hint` : undefined })}
        {hint && <small id={`${fieldId}-hint`}>{hint}</small>}
      </FieldBox>
    );
  };
}

/** Runs a save; the server's sentence shows when it refuses. */
function useSave(onClose: () => void) {
  const { failure, run } = useActionFailure();
  const save = async (action: () => Promise<unknown>) => {
    if (await run(action)) onClose();
  };
  return { save, alert: <FailureAlert failure={failure} /> };
}

const orNull = (text: string) => text.trim() || null;
/** A whole number typed in a field, null when empty; NaN (refused by the server with its sentence) otherwise. */
const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** Add or edit an item of gear: kind, name, maker, serial, the period it flew, notes. */
export function GearItemDialog({ item, onClose }: { item: GearItem | null; onClose: () => void }) {
  const { t } = useLingui();
  const kindName = useGearKindName();
  const field = useField();
  const [form, setForm] = useState({
    kind: item?.kind ?? ('harness' as GearKind),
    name: item?.name ?? '',
    maker: item?.maker ?? '',
    serial: item?.serial ?? '',
    inUseFrom: item?.inUseFrom ?? '',
    inUseUntil: item?.inUseUntil ?? '',
    notes: item?.notes ?? '',
  });
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const [create, created] = useCreateGearItemMutation();
  const [update, updated] = useUpdateGearItemMutation();
  const { save, alert } = useSave(onClose);
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { kind: form.kind, name: form.name, maker: orNull(form.maker), serial: orNull(form.serial), inUseFrom: orNull(form.inUseFrom), inUseUntil: orNull(form.inUseUntil), notes: orNull(form.notes) };
    void save(() => (item ? update({ id: item.id, body }).unwrap() : create(body).unwrap()));
  };
  return (
    <Modal title={item ? t`Edit gear` : t`Add gear`} onClose={onClose}>
      <Form onSubmit={onSubmit} noValidate>
        <FieldPairs>
          {field('kind', t`Kind`, (p) => (
            <Select {...p} value={form.kind} onChange={(e) => set('kind', e.target.value)}>
              {GEAR_KINDS.map((k) => (
                <option key={k} value={k}>
                  {kindName(k)}
                </option>
              ))}
            </Select>
          ))}
          {field('name', t`Name`, (p) => <Input {...p} autoFocus required maxLength={GEAR_TEXT_MAX} value={form.name} onChange={(e) => set('name', e.target.value)} />)}
          {field('maker', t`Maker (optional)`, (p) => <Input {...p} maxLength={GEAR_TEXT_MAX} value={form.maker} onChange={(e) => set('maker', e.target.value)} />)}
          {field('serial', t`Serial number (optional)`, (p) => <Input {...p} maxLength={GEAR_TEXT_MAX} value={form.serial} onChange={(e) => set('serial', e.target.value)} />)}
          {field('inUseFrom', t`In use from`, (p) => <Input {...p} type="date" value={form.inUseFrom} onChange={(e) => set('inUseFrom', e.target.value)} />, t`Every flight from this day on counts for it.`)}
          {field('inUseUntil', t`In use until`, (p) => <Input {...p} type="date" value={form.inUseUntil} onChange={(e) => set('inUseUntil', e.target.value)} />)}
        </FieldPairs>
        {field('notes', t`Notes`, (p) => <TextArea {...p} maxLength={GEAR_NOTES_MAX} value={form.notes} onChange={(e) => set('notes', e.target.value)} />)}
        {alert}
        <DialogFooter onCancel={onClose} confirm={{ label: item ? <Trans>Save gear</Trans> : <Trans>Add gear</Trans>, submit: true, disabled: created.isLoading || updated.isLoading }} />
      </Form>
    </Modal>
  );
}

/** Add a check to an item or a wing, or change one: its name and interval in months, flight hours or both. */
export function CheckDialog({ owner, check, onClose }: { owner: { itemId: number } | { gliderId: number } | null; check: GearCheck | null; onClose: () => void }) {
  const { t } = useLingui();
  const field = useField();
  const [form, setForm] = useState({ name: check?.name ?? '', months: check?.intervalMonths?.toString() ?? '', hours: check?.intervalHours?.toString() ?? '' });
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const [create, created] = useCreateGearCheckMutation();
  const [update, updated] = useUpdateGearCheckMutation();
  const { save, alert } = useSave(onClose);
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { name: form.name, intervalMonths: wholeOrNull(form.months), intervalHours: wholeOrNull(form.hours) };
    void save(() => (check ? update({ id: check.id, body }).unwrap() : create({ ...owner, ...body }).unwrap()));
  };
  return (
    <Modal title={check ? t`Edit check` : t`Add a check`} onClose={onClose}>
      <Form onSubmit={onSubmit} noValidate>
        {field('name', t`Check`, (p) => <Input {...p} autoFocus required maxLength={GEAR_TEXT_MAX} placeholder={t`Reserve repack`} value={form.name} onChange={(e) => set('name', e.target.value)} />)}
        <FieldPairs>
          {field('months', t`Every … months`, (p) => <Input {...p} inputMode="numeric" value={form.months} onChange={(e) => set('months', e.target.value)} />)}
          {field('hours', t`Every … flight hours`, (p) => <Input {...p} inputMode="numeric" value={form.hours} onChange={(e) => set('hours', e.target.value)} />)}
        </FieldPairs>
        <p style={{ margin: 0 }}>
          <Trans>Whichever runs out first makes the check due.</Trans>
        </p>
        {alert}
        <DialogFooter onCancel={onClose} confirm={{ label: check ? <Trans>Save check</Trans> : <Trans>Add check</Trans>, submit: true, disabled: created.isLoading || updated.isLoading }} />
      </Form>
    </Modal>
  );
}

const REPORT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

/** "Check done": the day, who did it, notes and a report (PDF or photo) kept privately. */
export function RecordDialog({ check, onClose }: { check: GearCheck; onClose: () => void }) {
  const { t } = useLingui();
  const field = useField();
  const [form, setForm] = useState({ doneOn: new Date().toISOString().slice(0, 10), doneBy: '', notes: '' });
  const [file, setFile] = useState<File | null>(null);
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const [add, adding] = useAddGearRecordMutation();
  const [attach, attaching] = useAttachGearReportMutation();
  const { save, alert } = useSave(onClose);
  const maxMb = GEAR_REPORT_MAX_BYTES / 1048576;
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void save(async () => {
      const saved = await add({ checkId: check.id, body: { doneOn: form.doneOn, doneBy: orNull(form.doneBy), notes: orNull(form.notes) } }).unwrap();
      const record = saved.records.find((r) => r.doneOn === form.doneOn) ?? saved.records[0];
      if (file && record) await attach({ recordId: record.id, file }).unwrap();
    });
  };
  return (
    <Modal title={t`${check.name} done`} onClose={onClose}>
      <Form onSubmit={onSubmit} noValidate>
        <FieldPairs>
          {field('doneOn', t`Date`, (p) => <Input {...p} type="date" autoFocus required value={form.doneOn} onChange={(e) => set('doneOn', e.target.value)} />)}
          {field('doneBy', t`Done by (optional)`, (p) => <Input {...p} maxLength={GEAR_TEXT_MAX} value={form.doneBy} onChange={(e) => set('doneBy', e.target.value)} />)}
        </FieldPairs>
        {field('notes', t`Notes`, (p) => <TextArea {...p} maxLength={GEAR_NOTES_MAX} value={form.notes} onChange={(e) => set('notes', e.target.value)} />)}
        {field('report', t`Report (optional)`, (p) => <input {...p} type="file" accept={REPORT_ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />, t`A PDF or a photo (JPEG, PNG or WebP) of at most ${maxMb} MB, seen only by you.`)}
        {alert}
        <DialogFooter onCancel={onClose} confirm={{ label: <Trans>Save check done</Trans>, submit: true, disabled: adding.isLoading || attaching.isLoading }} />
      </Form>
    </Modal>
  );
}
