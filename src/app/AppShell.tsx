import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Navbar } from '../features/auth/Navbar';
import { Spinner } from '../components/ui';

export function AppShell() {
  return (
    <>
      <Navbar />
      <Suspense fallback={<Spinner style={{ margin: 40 }} />}>
        <Outlet />
      </Suspense>
    </>
  );
}
