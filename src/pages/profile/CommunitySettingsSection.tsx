import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { DEFAULT_VISIBILITIES, VISIBILITIES, type DefaultVisibility, type Visibility } from '../../../contract/community';
import { errorMessage } from '../../api/base';
import { useCommunityProfileQuery, useLazyVisibilityChangeCountQuery, useSetCommunityProfileMutation, useSetVisibilityOfManyMutation } from '../../api/community';
import { useMonthsQuery } from '../../api/flights';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { Button, Card, Form, Hint, Label, Row, Select } from '../../components/ui';
import type { OnToast } from './profile-types';

/** A long option ("Public: listed, comments and likes") must not widen the page at phone width. */
const Choice = styled(Select)`
  min-width: 0;
  width: 100%;
`;

/** Which flights a change of many applies to: every flight, or one local year's. */
const ALL = 'all';

/**
 * docs/community.md: who sees new flights, the daily mail of new comments, and the visibility of many
 * flights at once (all, or one year's), confirmed in the app's dialog with how many would change.
 */
export function CommunitySettingsSection({ onToast }: { onToast: OnToast }) {
  const { t } = useLingui();
  const id = useId();
  const { data } = useCommunityProfileQuery();
  const [save, saving] = useSetCommunityProfileMutation();
  const months = useMonthsQuery();
  const [countChanges, counting] = useLazyVisibilityChangeCountQuery();
  const [setMany, changing] = useSetVisibilityOfManyMutation();
  const [scope, setScope] = useState(ALL);
  const [target, setTarget] = useState<Visibility>('private');
  const [confirm, setConfirm] = useState<{ visibility: Visibility; year?: number; count: number } | null>(null);

  const labels: Record<Visibility, string> = {
    private: t`Private: only me`,
    link: t`Link: anyone with the link`,
    public: t`Public: listed, comments and likes`,
  };
  const defaultLabels: Record<DefaultVisibility, string> = { ...labels, review: t`Public after I review them` };
  const years = useMemo(() => [...new Set((months.data ?? []).map((m) => m.year))].sort((a, b) => b - a), [months.data]);

  const onSave = async (change: { defaultVisibility?: DefaultVisibility; commentDigest?: boolean; trackDownload?: boolean }) => {
    try {
      await save(change).unwrap();
      onToast({ tone: 'success', text: t`Community settings saved.` });
    } catch (failure) {
      onToast({ tone: 'error', text: errorMessage(failure, t`Failed to save the community settings`) });
    }
  };

  const year = scope === ALL ? undefined : Number(scope);
  const onAsk = async () => {
    try {
      const { changed } = await countChanges({ visibility: target, year }).unwrap();
      setConfirm({ visibility: target, year, count: changed });
    } catch (failure) {
      onToast({ tone: 'error', text: errorMessage(failure, t`Failed to change who can see your flights`) });
    }
  };

  const onConfirm = async () => {
    if (!confirm) return;
    const { visibility, year: chosenYear } = confirm;
    setConfirm(null);
    try {
      const { changed } = await setMany({ visibility, year: chosenYear }).unwrap();
      onToast({ tone: 'success', text: t`Flights changed: ${changed}.` });
    } catch (failure) {
      onToast({ tone: 'error', text: errorMessage(failure, t`Failed to change who can see your flights`) });
    }
  };

  const closeConfirm = () => setConfirm(null);
  const what = confirm ? labels[confirm.visibility] : '';
  const count = confirm?.count ?? 0;
  return (
    <Card aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Flying together</Trans>
      </h2>
      <Form as="div">
        <Label>
          <Trans>Who can see your new flights</Trans>
          <Choice value={data?.defaultVisibility ?? 'private'} disabled={!data || saving.isLoading} onChange={(e) => void onSave({ defaultVisibility: e.target.value as DefaultVisibility })}>
            {DEFAULT_VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {defaultLabels[v]}
              </option>
            ))}
          </Choice>
        </Label>
        {data?.defaultVisibility === 'review' && (
          <Hint>
            <Trans>New flights stay private and wait on your overview until you publish them.</Trans>
          </Hint>
        )}
        <label style={{ display: 'flex', gap: 8, alignItems: 'center', fontWeight: 600 }}>
          <input type="checkbox" role="switch" checked={data?.trackDownload ?? false} disabled={!data || saving.isLoading} onChange={(e) => void onSave({ trackDownload: e.target.checked })} />
          <Trans>Let others download the tracks of my public flights (IGC, GPX)</Trans>
        </label>
        <label style={{ display: 'flex', gap: 8, alignItems: 'center', fontWeight: 600 }}>
          <input type="checkbox" role="switch" checked={data?.commentDigest ?? false} disabled={!data || saving.isLoading} onChange={(e) => void onSave({ commentDigest: e.target.checked })} />
          <Trans>Mail me once a day about what is new: comments on my flights, likes, followers and moderators’ decisions</Trans>
        </label>
      </Form>

      <h3 id={`${id}-many`}>
        <Trans>Change many flights at once</Trans>
      </h3>
      <Form as="div" role="group" aria-labelledby={`${id}-many`}>
        <Label>
          <Trans>Flights</Trans>
          <Choice value={scope} onChange={(e) => setScope(e.target.value)}>
            <option value={ALL}>{t`All my flights`}</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {t`My flights of ${y}`}
              </option>
            ))}
          </Choice>
        </Label>
        <Label>
          <Trans>Make them</Trans>
          <Choice value={target} onChange={(e) => setTarget(e.target.value as Visibility)}>
            {VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {labels[v]}
              </option>
            ))}
          </Choice>
        </Label>
        <Hint>
          <Trans>Removed flights keep their visibility. Private flights keep their links: they stop working until the flights are public again.</Trans>
        </Hint>
        <Row>
          <Button type="button" $variant="secondary" disabled={counting.isFetching || changing.isLoading} onClick={() => void onAsk()}>
            <Trans>Change…</Trans>
          </Button>
        </Row>
      </Form>

      {confirm && (
        <Modal title={t`Change who can see your flights`} onClose={closeConfirm} describedBy={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            {confirm.count === 0 ? (
              <Trans>No flight changes: they are all “{what}” already.</Trans>
            ) : (
              <Plural value={count} one={`# flight becomes “${what}”.`} other={`# flights become “${what}”.`} />
            )}
          </p>
          <DialogFooter
            onCancel={closeConfirm}
            cancelText={confirm.count === 0 ? <Trans>Close</Trans> : undefined}
            confirm={confirm.count === 0 ? undefined : { label: <Trans>Change</Trans>, variant: confirm.visibility === 'private' ? 'danger' : 'primary', onClick: () => void onConfirm() }}
          />
        </Modal>
      )}
    </Card>
  );
}
