import { inboxPlugin } from './plugin.js';

export { inboxPlugin };
// The platform's plugin loader takes each plugin package's default export.
export default inboxPlugin;
