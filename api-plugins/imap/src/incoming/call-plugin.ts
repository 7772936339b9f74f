import type { MessageBroker } from '@lattice/broker';
import type { RPCQueueContract } from '@lattice/contracts';
import { callPluginRPC } from '@lattice/plugin-sdk';
import type { z } from 'zod';

export const pluginCallTimeoutMs = 10_000;

/**
 * An RPC to the contacts or inbox plugin. Whatever goes wrong on the way (no answer, an error reply, an
 * answer that breaks the contract) fails the delivery with PLUGIN_UNAVAILABLE naming that plugin, so the
 * sender learns to deliver again later.
 */
export function callPlugin<TPayload extends z.ZodType, TReply extends z.ZodType>(
  broker: MessageBroker,
  contract: RPCQueueContract<TPayload, TReply>,
  pluginName: string,
  payload: z.input<TPayload>,
): Promise<z.infer<TReply>> {
  return callPluginRPC(broker, contract, pluginName, payload, { timeoutMs: pluginCallTimeoutMs });
}
