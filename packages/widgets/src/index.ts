export { startWidgetsService, type RunningWidgetsService, type WidgetsServiceOptions } from './start-widgets-service.js';
export type { LimitWindow, VisitorLimitsOptions } from './visitors/rate-limits.js';
