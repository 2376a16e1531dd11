import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { FollowSettings } from '../../../contract/follows';
import { errorMessage } from '../../api/base';
import { useFollowSettingsQuery, useSetFollowSettingsMutation } from '../../api/follows';
import { paths, useLocalePath } from '../../app/paths';
import { Card, Form, Hint } from '../../components/ui';
import type { OnToast } from './profile-types';

const SWITCH = { display: 'flex', gap: 8, alignItems: 'center', fontWeight: 600 } as const;

/**
 * docs/community.md, "Finding pilots" and "Following": whether others find you by name and may follow
 * you. Both start off (privacy first) and are separate from publishing the pilot page.
 */
export function FollowSettingsSection({ onToast }: { onToast: OnToast }) {
  const { t } = useLingui();
  const id = useId();
  const to = useLocalePath();
  const { data } = useFollowSettingsQuery();
  const [save, saving] = useSetFollowSettingsMutation();

  const onSave = async (change: Partial<FollowSettings>) => {
    try {
      await save(change).unwrap();
      onToast({ tone: 'success', text: t`Follow settings saved.` });
    } catch (failure) {
      onToast({ tone: 'error', text: errorMessage(failure, t`Failed to save the follow settings`) });
    }
  };

  return (
    <Card aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Finding and following</Trans>
      </h2>
      <Form as="div">
        <label style={SWITCH}>
          <input type="checkbox" role="switch" aria-describedby={`${id}-find`} checked={data?.findableByName ?? false} disabled={!data || saving.isLoading} onChange={(e) => void onSave({ findableByName: e.target.checked })} />
          <Trans>Others can find me by name</Trans>
        </label>
        <Hint as="p" id={`${id}-find`} style={{ display: 'block', margin: 0 }}>
          <Trans>Your name then shows in the pilot search, for visitors too. Your email is never shown.</Trans>
        </Hint>
        <label style={SWITCH}>
          <input type="checkbox" role="switch" aria-describedby={`${id}-follow`} checked={data?.acceptsFollowers ?? false} disabled={!data || saving.isLoading} onChange={(e) => void onSave({ acceptsFollowers: e.target.checked })} />
          <Trans>Others can follow me</Trans>
        </label>
        <Hint as="p" id={`${id}-follow`} style={{ display: 'block', margin: 0 }}>
          <Trans>Followers see your public flights in their feed. Your pilot page need not be published.</Trans>
        </Hint>
        <p style={{ margin: 0 }}>
          <Link to={to(paths.pilots.getHref())}>
            <Trans>Find pilots and see your followers</Trans>
          </Link>
        </p>
      </Form>
    </Card>
  );
}
