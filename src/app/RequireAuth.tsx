import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AUTH_CACHE_SECONDS, authApi } from '../api/auth';
import { Spinner } from '../components/ui';
import { useAppDispatch, useAppSelector } from './hooks';
import { paths, useLocalePath } from './paths';

/**
 * Runs the authentication check on every navigation to a signed-in route (docs/product.md §2). A check younger
 * than five minutes is reused; on failure the pilot goes to the login route.
 */
export function RequireAuth() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const to = useLocalePath();
  const status = useAppSelector((s) => s.auth.status);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const check = dispatch(authApi.endpoints.check.initiate(undefined, { forceRefetch: AUTH_CACHE_SECONDS }));
    check.unwrap().then(
      () => setFailed(false),
      () => setFailed(true),
    );
    return () => check.unsubscribe();
  }, [dispatch, pathname]);

  if (failed) return <Navigate to={to(paths.login.getHref())} replace />;
  // Signed out by logout or a 401: whoever signed the pilot out is already navigating away.
  if (status !== 'signedIn') return <Spinner style={{ margin: 40 }} />;
  return <Outlet />;
}
