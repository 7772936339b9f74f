import type { PluginRequestContext } from '@lattice/plugin-sdk';
import type { LogsModels } from '../models/load-models.js';

export interface LogsContext extends PluginRequestContext {
  models: LogsModels;
}
