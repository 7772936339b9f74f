import type { PluginRequestContext } from '@lattice/plugin-sdk';
import type { InboxModels } from '../models/load-models.js';
import type { InboxLoaders } from './loaders.js';

export interface InboxContext extends PluginRequestContext {
  models: InboxModels;
  loaders: InboxLoaders;
}
