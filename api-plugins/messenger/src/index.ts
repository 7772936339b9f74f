import { messengerPlugin } from './plugin.js';

export { messengerPlugin };
// The platform's plugin loader takes each plugin package's default export.
export default messengerPlugin;
