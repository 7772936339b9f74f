import type { PluginRequestContext } from '@lattice/plugin-sdk';
import type { ImapModels } from '../models/load-models.js';
import type { ImapRuntime } from '../runtime.js';

export interface ImapContext extends PluginRequestContext {
  models: ImapModels;
  /** From `onServerInit`, merged in by the host. */
  runtime: ImapRuntime;
}
