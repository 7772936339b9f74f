import { imapPlugin } from './plugin.js';

export { imapPlugin };
// The platform's plugin loader takes each plugin package's default export.
export default imapPlugin;
