import { useEffect } from 'react';
import { onUnauthenticated } from './unauthenticated-event.js';
import { loginPath } from './login-path.js';
import { useLocation, useNavigate } from '@lattice/ui-sdk';

export function RedirectOnUnauthenticated() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(
    () =>
      onUnauthenticated(() => {
        if (location.pathname !== '/login') navigate(loginPath(location), { replace: true });
      }),
    [navigate, location],
  );
  return null;
}
