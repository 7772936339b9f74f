import { useQuery } from '@apollo/client/react';
import { Navigate, Outlet, graphQLErrorCode, useLocation } from '@lattice/ui-sdk';
import { currentUserQuery } from './current-user-query.js';
import { loginPath } from './login-path.js';

/** Pages behind it need a logged-in user; the server enforces it, this only sends people to /login. */
export function RequireAuth() {
  const location = useLocation();
  const { data, error, loading } = useQuery(currentUserQuery, { fetchPolicy: 'cache-first' });
  // Pages render while the session is being checked: their own queries run alongside instead of after
  // it, and a logged-out visitor still lands on /login (this check, or their queries' UNAUTHENTICATED).
  if (loading && !data) return <Outlet />;
  const code = error ? graphQLErrorCode(error) : undefined;
  // A gateway without the core plugin has no currentUser field (a validation error, not
  // UNAUTHENTICATED): there is no login to ask for, so the pages render and the API decides.
  const loggedOut = code === 'UNAUTHENTICATED' || (!error && !data?.currentUser);
  if (loggedOut) return <Navigate to={loginPath(location)} replace />;
  return <Outlet />;
}
