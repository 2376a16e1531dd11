import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { AIRCRAFT_CATEGORIES } from '../../../contract/aircraft';
import { CATEGORY_NAMES } from '../../features/aircraft/categoryNames';
import { GLIDER_CLASSES, GLIDER_NOTES_MAX, GLIDER_TEXT_MAX, type Glider } from '../../../contract/gliders';
import { useCreateGliderMutation, useUpdateGliderMutation } from '../../api/gliders';
import { Modal } from '../../components/Modal';
import { FieldPairs, Form, Input, Select, TextArea } from '../../components/ui';
import { emptyGliderForm, gliderBodyOf, gliderFormErrors, gliderFormOf, type GliderField, type GliderForm } from './glider-form';
import { DialogFooter } from '../../components/DialogFooter';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  label { font-weight: 500; }
  small { color: ${(p) => p.theme.danger}; }
`;


/** Add or edit one wing: the contract's rules, shown under the field they concern. */
export function GliderDialog({ glider, onClose }: { glider: Glider | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [form, setForm] = useState<GliderForm>(() => (glider ? gliderFormOf(glider) : emptyGliderForm()));
  const [errors, setErrors] = useState<Partial<Record<GliderField, string>>>({});
  const { failure, run } = useActionFailure();
  const [create, created] = useCreateGliderMutation();
  const [update, updated] = useUpdateGliderMutation();
  const busy = created.isLoading || updated.isLoading;

  // A field's message goes as soon as the pilot changes that field.
  const set = <K extends GliderField>(key: K, value: GliderForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  const field = (name: GliderField, label: string, input: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name];
    return (
      <FieldBox>
        <label htmlFor={fieldId}>{label}</label>
        {input({ id: fieldId, 'aria-invalid': !!error, 'aria-describedby': error ? `${fieldId}-error` : undefined })}
        {error && <small id={`${fieldId}-error`}>{error}</small>}
      </FieldBox>
    );
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = gliderFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = gliderBodyOf(form);
    if (await run(() => (glider ? update({ id: glider.id, body }).unwrap() : create(body).unwrap()))) onClose();
  };

  return (
    <Modal title={glider ? t`Edit glider` : t`Add a glider`} onClose={onClose}>
      <Form onSubmit={onSubmit} noValidate>
        <FieldPairs>
          {field('manufacturer', t`Manufacturer`, (p) => <Input {...p} autoFocus maxLength={GLIDER_TEXT_MAX} value={form.manufacturer} onChange={(e) => set('manufacturer', e.target.value)} />)}
          {field('model', t`Model`, (p) => <Input {...p} maxLength={GLIDER_TEXT_MAX} value={form.model} onChange={(e) => set('model', e.target.value)} />)}
          {field('size', t`Size (optional)`, (p) => <Input {...p} maxLength={20} value={form.size} onChange={(e) => set('size', e.target.value)} />)}
          {field('gliderClass', t`Class`, (p) => (
            <Select {...p} value={form.gliderClass} onChange={(e) => set('gliderClass', e.target.value as GliderForm['gliderClass'])}>
              {form.gliderClass === '' && (
                <option value="" disabled>
                  {t`Choose…`}
                </option>
              )}
              {GLIDER_CLASSES.map((c) => (
                <option key={c} value={c}>
                  {c === 'Tandem' ? t`Tandem` : c === 'Other' ? t`Other` : c}
                </option>
              ))}
            </Select>
          ))}
          {field('aircraftCategory', t`Aircraft`, (p) => (
            <Select {...p} value={form.aircraftCategory} onChange={(e) => set('aircraftCategory', e.target.value as GliderForm['aircraftCategory'])}>
              <option value="">{t`As the recordings say`}</option>
              {AIRCRAFT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {i18n._(CATEGORY_NAMES[c])}
                </option>
              ))}
            </Select>
          ))}
          {field('inUseFrom', t`In use from`, (p) => <Input {...p} type="date" value={form.inUseFrom} onChange={(e) => set('inUseFrom', e.target.value)} />)}
          {field('inUseUntil', t`In use until`, (p) => <Input {...p} type="date" value={form.inUseUntil} onChange={(e) => set('inUseUntil', e.target.value)} />)}
          {field('lastCheck', t`Last check`, (p) => <Input {...p} type="date" value={form.lastCheck} onChange={(e) => set('lastCheck', e.target.value)} />)}
          <div />
          {field('checkIntervalMonths', t`Check every … months`, (p) => <Input {...p} inputMode="numeric" value={form.checkIntervalMonths} onChange={(e) => set('checkIntervalMonths', e.target.value)} />)}
          {field('checkIntervalHours', t`Check every … flight hours`, (p) => <Input {...p} inputMode="numeric" value={form.checkIntervalHours} onChange={(e) => set('checkIntervalHours', e.target.value)} />)}
        </FieldPairs>
        {field('notes', t`Notes`, (p) => <TextArea {...p} maxLength={GLIDER_NOTES_MAX} value={form.notes} onChange={(e) => set('notes', e.target.value)} />)}
        <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <input type="checkbox" checked={form.isDefault} onChange={(e) => set('isDefault', e.target.checked)} />
          <Trans>Default wing: new flights whose IGC glider type matches no wing get this one</Trans>
        </label>
        <FailureAlert failure={failure} />
        <DialogFooter onCancel={onClose} confirm={{ label: glider ? <Trans>Save glider</Trans> : <Trans>Add glider</Trans>, submit: true, disabled: busy }} />
      </Form>
    </Modal>
  );
}
