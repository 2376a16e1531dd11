import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/base';
import { usePublicPageQuery, useUpdatePublicPageMutation } from '../../api/sharing';
import { useLocalePath } from '../../app/paths';
import { Card, Hint } from '../../components/ui';
import type { ToastMessage } from '../../components/Toast';

/** The opt-in pilot page: totals, yearly summary and shared flights at /pilots/{username}. Off by default. */
export function PublicPageSection({ onToast }: { onToast: (toast: ToastMessage) => void }) {
  const { t } = useLingui();
  const to = useLocalePath();
  const { data } = usePublicPageQuery();
  const [update, { isLoading }] = useUpdatePublicPageMutation();
  const enabled = data?.enabled ?? false;

  const onChange = async (next: boolean) => {
    try {
      await update({ enabled: next }).unwrap();
      onToast({ tone: 'success', text: next ? t`Your pilot page is published.` : t`Your pilot page is no longer public.` });
    } catch (failure) {
      onToast({ tone: 'error', text: errorMessage(failure, t`Failed to change your pilot page`) });
    }
  };

  return (
    <Card aria-labelledby="public-page-heading">
      <h2 id="public-page-heading">
        <Trans>Public pilot page</Trans>
      </h2>
      <label style={{ display: 'flex', gap: 8, alignItems: 'center', fontWeight: 600 }}>
        <input type="checkbox" role="switch" checked={enabled} disabled={!data || isLoading} onChange={(e) => void onChange(e.target.checked)} />
        <Trans>Publish my pilot page</Trans>
      </label>
      <Hint as="p" style={{ display: 'block', margin: '8px 0 0' }}>
        <Trans>Anyone can then see your totals, yearly summary and your public flights. Your email is never shown.</Trans>
      </Hint>
      {data?.enabled && (
        <p data-testid="public-page-url" style={{ overflowWrap: 'anywhere' }}>
          <Trans>Your page:</Trans> <Link to={to(new URL(data.url, document.baseURI).pathname)}>{data.url}</Link>
        </p>
      )}
    </Card>
  );
}
