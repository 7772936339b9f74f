import { logsPlugin } from './plugin.js';

export { logsPlugin };
// The platform's plugin loader takes each plugin package's default export.
export default logsPlugin;
