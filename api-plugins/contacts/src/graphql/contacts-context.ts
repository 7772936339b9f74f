import type { PluginRequestContext } from '@lattice/plugin-sdk';
import type { ContactsModels } from '../models/load-models.js';
import type { CustomerLoader } from './customer-loader.js';

export interface ContactsContext extends PluginRequestContext {
  models: ContactsModels;
  customerLoader: CustomerLoader;
}
