import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { Navigate, Outlet, PermissionsContext, graphQLErrorCode, useLocation } from '@lattice/ui-sdk';
import { currentUserQuery } from '../../graphql/current-user-query.js';
import { loginPath } from './login-path.js';
import { useSignedInOfflineCopies } from './use-signed-in-offline-copies.js';

const permissionsPollMs = 5_000;
const tabHidden = () => document.visibilityState === 'hidden';

/** Pages behind it need a logged-in user; the server enforces it, this only sends people to /login. */
export function RequireAuth() {
  const location = useLocation();
  // Asked again every 5 s while the tab is in view, so that a grant or a withdrawal shows within 5 s without a reload.
  const { data, error, loading } = useQuery(currentUserQuery, { fetchPolicy: 'cache-first', pollInterval: permissionsPollMs, skipPollAttempt: tabHidden });
  const granted = data?.currentUser?.permissions;
  // Every page and remote asks `useCan` what to offer; null until the user is known.
  const permissions = useMemo(() => (granted ? new Set(granted) : null), [granted]);
  // Pages render while the session is being checked: their own queries run alongside instead of after
  // it, and a logged-out visitor still lands on /login (this check, or their queries' UNAUTHENTICATED).
  // The provider is there in every state, so that the pages are not mounted afresh once the user is known.
  const page = (
    <PermissionsContext.Provider value={permissions}>
      <Outlet />
    </PermissionsContext.Provider>
  );
  const code = error ? graphQLErrorCode(error) : undefined;
  // A gateway without the core plugin has no currentUser field (a validation error, not
  // UNAUTHENTICATED): there is no login to ask for, so the pages render and the API decides.
  const loggedOut = !(loading && !data) && (code === 'UNAUTHENTICATED' || (!error && !data?.currentUser));
  useSignedInOfflineCopies(data?.currentUser?._id, loggedOut);
  if (loading && !data) return page;
  if (loggedOut) return <Navigate to={loginPath(location)} replace />;
  return page;
}
