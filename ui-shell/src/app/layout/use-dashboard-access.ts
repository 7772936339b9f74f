import { useEffect, useState } from 'react';

/** Where the dashboard is served on this origin: by the front-end server under `npm start`, by nginx in production. */
export const dashboardFrontPath = '/dashboard/front/';
const dashboardMetaPath = '/dashboard/api/v1/meta';

/** `readable` once the dashboard answered with a dataset this user may read; `none` when it is off, unreachable or has none for them. */
export type DashboardAccess = 'asking' | 'readable' | 'none';

// One question per user and page load, shared by the navigation and the home page.
const answers = new Map<string, Promise<DashboardAccess>>();

async function askDashboard(): Promise<DashboardAccess> {
  try {
    const response = await fetch(dashboardMetaPath, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) return 'none';
    const meta = (await response.json()) as { cubes?: unknown[] };
    return Array.isArray(meta.cubes) && meta.cubes.length > 0 ? 'readable' : 'none';
  } catch {
    return 'none';
  }
}

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
    let current = true;
    let answer = answers.get(userId);
    if (!answer) {
      answer = askDashboard();
      answers.set(userId, answer);
    }
    void answer.then((found) => {
      if (current) setAccess(found);
    });
    return () => {
      current = false;
    };
  }, [userId]);
  return access;
}
