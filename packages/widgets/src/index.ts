export { startWidgetsService, type RunningWidgetsService, type WidgetsServiceOptions } from './start-widgets-service.js';
