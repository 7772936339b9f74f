import cube, { type Query } from '@cubejs-client/core';

/** The dashboard API beside this page: `/dashboard/api/v1` behind nginx and in `npm start`, `/api/v1` on port 4200. */
export const apiBase = new URL('../api/v1', window.location.href).toString();

/** `@cubejs-client/core` as any Cube front-end uses it; the login travels as the session cookie. */
export const cubeApi = cube('', { apiUrl: apiBase, credentials: 'same-origin' });

export const chartTypes = ['bar', 'line', 'area', 'pie', 'number', 'table'] as const;
export type ChartType = (typeof chartTypes)[number];
export const roleNames = ['owner', 'admin', 'member'] as const;

export interface Tile {
  id: string;
  title: string;
  chart: ChartType;
  query: Query;
  layout: { x: number; y: number; w: number; h: number };
}

export interface Dashboard {
  _id?: string;
  title: string;
  tiles: Tile[];
  sharedWithRoles: string[];
  isDefault?: boolean;
  editable?: boolean;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${apiBase}${path}`, { credentials: 'same-origin', ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) throw new ApiError(response.status, body.error ?? `The dashboard API answered ${response.status}`);
  return body as T;
}

export const listDashboards = () => call<{ dashboards: Dashboard[] }>('/dashboards').then((body) => body.dashboards);

/** Saves the user's own dashboard, or a copy of one they may only read (the default one, one shared with them). */
export function saveDashboard(dashboard: Dashboard): Promise<Dashboard> {
  const body = JSON.stringify({ title: dashboard.title, tiles: dashboard.tiles, sharedWithRoles: dashboard.sharedWithRoles });
  return dashboard._id && dashboard.editable ? call(`/dashboards/${dashboard._id}`, { method: 'PUT', body }) : call('/dashboards', { method: 'POST', body });
}

export const removeDashboard = (id: string) => call(`/dashboards/${id}`, { method: 'DELETE' });
