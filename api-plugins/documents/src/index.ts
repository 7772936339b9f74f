import { documentsPlugin } from './plugin.js';

export { documentsPlugin };
// The platform's plugin loader takes each plugin package's default export.
export default documentsPlugin;
