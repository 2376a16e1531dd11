import { useCallback, type ReactNode } from 'react';
import { errorMessage } from '../../api/base';
import type { ToastMessage } from '../../components/Toast';
import { Card, Form, Label, Select } from '../../components/ui';

/**
 * A profile section whose choices are saved the moment they change (the league, the units): a card with
 * its heading and fields, no Save button. Written once here so every such section looks and answers alike.
 */
export function SettingSection({ headingId, title, children }: { headingId: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <Form as="div">{children}</Form>
    </Card>
  );
}

export interface SettingSelectProps<V extends string> {
  label: ReactNode;
  value: V | '';
  options: readonly V[];
  optionLabel: (option: V) => string;
  disabled: boolean;
  onChoose: (option: V) => void;
  testId?: string;
}

/** One choice of a setting section: a labelled select that reports the option chosen. */
export function SettingSelect<V extends string>({ label, value, options, optionLabel, disabled, onChoose, testId }: SettingSelectProps<V>) {
  return (
    <Label>
      {label}
      <Select value={value} disabled={disabled} onChange={(e) => onChoose(e.target.value as V)} data-testid={testId}>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </Select>
    </Label>
  );
}

/** Saves a setting and says how it went in a toast: `saved` on success, the server's message (else `failed`) on failure. */
export function useSaveWithToast(onToast: (toast: ToastMessage) => void) {
  return useCallback(
    async (save: () => Promise<unknown>, saved: string, failed: string) => {
      try {
        await save();
        onToast({ tone: 'success', text: saved });
      } catch (failure) {
        onToast({ tone: 'error', text: errorMessage(failure, failed) });
      }
    },
    [onToast],
  );
}
