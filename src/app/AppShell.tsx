import { Trans } from '@lingui/react/macro';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Navbar } from '../features/auth/Navbar';
import { SkipLink } from '../components/SkipLink';
import { Spinner } from '../components/ui';

export function AppShell() {
  return (
    <>
      <SkipLink>
        <Trans>Skip to content</Trans>
      </SkipLink>
      <Navbar />
      <Suspense fallback={<Spinner style={{ margin: 40 }} />}>
        <Outlet />
      </Suspense>
    </>
  );
}
