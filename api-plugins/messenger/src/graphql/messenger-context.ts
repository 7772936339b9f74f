import type { PluginRequestContext } from '@lattice/plugin-sdk';
import type { MessengerModels } from '../models/load-models.js';
import type { MessengerRuntime } from '../runtime.js';

export interface MessengerContext extends PluginRequestContext {
  models: MessengerModels;
  /** From `onServerInit`, merged in by the host. */
  runtime: MessengerRuntime;
}
