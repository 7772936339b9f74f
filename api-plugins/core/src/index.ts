import { corePlugin } from './plugin.js';

export { corePlugin };
export { loadModels as loadCoreModels } from './models/load-models.js';
export { createUser } from './users/create-user.js';
export type { NewUserInput } from './users/user-input.js';
// The platform's plugin loader takes each plugin package's default export.
export default corePlugin;
