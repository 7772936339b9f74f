import type { PluginRequestContext } from '@lattice/plugin-sdk';
import type { ContactsModels } from '../models/load-models.js';

export interface ContactsContext extends PluginRequestContext {
  models: ContactsModels;
}
