import { useEffect, useState } from 'react';

/** Where the dashboard is served on this origin: by the front-end server under `npm start`, by nginx in production. */
export const dashboardFrontPath = '/dashboard/front/';
const dashboardMetaPath = '/dashboard/api/v1/meta';

/** `readable` once the dashboard answered with a dataset this user may read; `none` when it is off, unreachable or has none for them. */
export type DashboardAccess = 'asking' | 'readable' | 'none';

/**
 * Whether this user may open the dashboard: it answers here and lists at least one dataset the user may read
 * (its `/v1/meta` lists only those, by the permission each dataset names). Not while asking, when the dashboard
 * is off (`dashboard` missing from configs.json), unreachable, or has nothing for this user.
 */
export function useDashboardAccess(userId: string | undefined): DashboardAccess {
  const [access, setAccess] = useState<DashboardAccess>('asking');
  useEffect(() => {
    setAccess('asking');
    if (!userId) return;
    const controller = new AbortController();
    fetch(dashboardMetaPath, { credentials: 'same-origin', signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response): Promise<DashboardAccess> => {
        if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) return 'none';
        const meta = (await response.json()) as { cubes?: unknown[] };
        return Array.isArray(meta.cubes) && meta.cubes.length > 0 ? 'readable' : 'none';
      })
      .then(setAccess, () => {
        if (!controller.signal.aborted) setAccess('none');
      });
    return () => controller.abort();
  }, [userId]);
  return access;
}
