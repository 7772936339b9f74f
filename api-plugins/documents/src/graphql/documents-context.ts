import type { PluginRequestContext } from '@lattice/plugin-sdk';
import type { DocumentsModels } from '../models/load-models.js';
import type { DocumentsLoaders } from './loaders.js';

export interface DocumentsContext extends PluginRequestContext {
  models: DocumentsModels;
  loaders: DocumentsLoaders;
}
