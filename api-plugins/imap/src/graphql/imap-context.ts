import type { PluginRequestContext } from '@lattice/plugin-sdk';
import type { ImapModels } from '../models/load-models.js';

export interface ImapContext extends PluginRequestContext {
  models: ImapModels;
}
