import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Site } from '../../../contract/sites';
import { errorMessage } from '../../api/base';
import { useMergeSiteMutation } from '../../api/sites';
import { Modal } from '../../components/Modal';
import { Alert, Form, Label, Select } from '../../components/ui';
import { DialogFooter } from '../../components/DialogFooter';
import { useSiteLabels } from '../../features/logbook/useSiteLabels';

/** Merges one site into a target the pilot chooses: its flights move there and it disappears. */
export function MergeDialog({ site, sites, onClose }: { site: Site; sites: readonly Site[]; onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const targets = sites.filter((s) => s.id !== site.id);
  const siteLabel = useSiteLabels(sites);
  const [target, setTarget] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const [merge, merging] = useMergeSiteMutation();
  const into = targets.find((s) => String(s.id) === target);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!into) return setError(t`Choose the site to merge into.`);
    try {
      await merge({ id: site.id, intoSiteId: into.id }).unwrap();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Modal title={t`Merge ${site.name}`} onClose={onClose}>
      <Form onSubmit={onSubmit} noValidate>
        <Label htmlFor={`${id}-target`}>
          {t`Merge into`}
          <Select id={`${id}-target`} autoFocus value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">{t`Choose…`}</option>
            {targets.map((s) => (
              <option key={s.id} value={s.id}>
                {siteLabel(s)}
              </option>
            ))}
          </Select>
        </Label>
        <p style={{ margin: 0 }}>
          {into ? (
            <Trans>
              The launches and landings at {site.name} move to {into.name}, and {site.name} is removed.
            </Trans>
          ) : (
            <Trans>The launches and landings at {site.name} move to the site you choose, and {site.name} is removed.</Trans>
          )}
        </p>
        {error && (
          <Alert $tone="error" role="alert">
            {error}
          </Alert>
        )}
        <DialogFooter onCancel={onClose} confirm={{ label: <Trans>Merge sites</Trans>, submit: true, disabled: merging.isLoading }} />
      </Form>
    </Modal>
  );
}
