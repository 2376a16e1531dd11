import type { AuthUser } from '../../../contract/auth';
import { authApi } from '../../api/auth';
import type { AppDispatch } from '../../app/store';

/**
 * The start-up question "who is this?" (docs/product.md §4 Startup): asks GET /api/auth/session, which answers
 * a visitor with `user: null` rather than a 401, so public pages print no failed request. Null too
 * when the call fails: the app starts either way.
 */
export async function loadSession(dispatch: AppDispatch): Promise<AuthUser | null> {
  const request = dispatch(authApi.endpoints.session.initiate());
  try {
    return (await request.unwrap()).user;
  } catch {
    return null;
  } finally {
    request.unsubscribe();
  }
}
