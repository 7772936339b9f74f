export { startFrontendServer, type FrontendServerOptions, type RunningFrontendServer } from './start-frontend-server.js';
export { buildPluginsManifest, type PluginsManifestOptions } from './build-plugins-manifest.js';
export type { FrontendPlugin } from './frontend-plugin.js';
export { checkRemote, descriptorUrl, type RemoteCheck, type RemotePlugin } from './check-remote.js';
export type { DashboardRoutes } from './dashboard-routes.js';
