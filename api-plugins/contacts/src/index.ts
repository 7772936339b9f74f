import { contactsPlugin } from './plugin.js';

export { contactsPlugin };
// The platform's plugin loader takes each plugin package's default export.
export default contactsPlugin;
