export { dashboardFrontDir, startDashboardFront, type StartDashboardFrontOptions } from './start-dashboard-front.js';
