import type { PluginRequestContext } from '@lattice/plugin-sdk';
import type { CoreModels } from '../models/load-models.js';

export interface CoreContext extends PluginRequestContext {
  models: CoreModels;
}
