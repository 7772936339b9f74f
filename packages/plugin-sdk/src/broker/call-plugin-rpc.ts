import { BrokerReplyError, type MessageBroker } from '@lattice/broker';
import type { RPCQueueContract } from '@lattice/contracts';
import type { z } from 'zod';
import { InputError, PluginUnavailableError } from '../errors.js';

export interface CallPluginRPCOptions {
  timeoutMs: number;
  /**
   * What the other plugin's error reply means to the caller: `unavailable` (the default) fails like no
   * answer at all, PLUGIN_UNAVAILABLE naming the plugin; `input` passes the plugin's own words to the user
   * as BAD_USER_INPUT (say, an IMAP server refusing the credentials).
   */
  refusal?: 'unavailable' | 'input';
}

/**
 * An RPC to another plugin through its queue contract. No answer, or an answer that breaks the contract,
 * is PLUGIN_UNAVAILABLE naming the plugin; the reply comes back parsed by the contract.
 */
export async function callPluginRPC<TPayload extends z.ZodType, TReply extends z.ZodType>(
  broker: MessageBroker,
  contract: RPCQueueContract<TPayload, TReply>,
  pluginName: string,
  payload: z.input<TPayload>,
  { timeoutMs, refusal = 'unavailable' }: CallPluginRPCOptions,
): Promise<z.infer<TReply>> {
  let reply: unknown;
  try {
    reply = await broker.sendRPCMessage(contract.name, payload, { timeoutMs });
  } catch (error) {
    if (refusal === 'input' && error instanceof BrokerReplyError) throw new InputError(`${pluginName}: ${error.message}`, { cause: error });
    throw new PluginUnavailableError(pluginName, { cause: error });
  }
  const parsed = contract.reply.safeParse(reply);
  if (!parsed.success) throw new PluginUnavailableError(pluginName, { cause: parsed.error });
  return parsed.data;
}
