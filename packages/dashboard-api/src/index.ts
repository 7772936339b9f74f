export { startDashboardApi, type RunningDashboardApi, type StartDashboardApiOptions } from './start-dashboard-api.js';
export { parseCubeQuery, type CubeQuery } from './cube/parse-cube-query.js';
export { chartTypes, type DashboardTile } from './dashboards/dashboard-store.js';
