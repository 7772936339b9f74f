import { BrokerReplyError, type MessageBroker } from '@lattice/broker';
import type { RPCQueueContract } from '@lattice/contracts';
import { InputError, PluginUnavailableError } from '@lattice/plugin-sdk';
import type { z } from 'zod';

const integrationCallTimeoutMs = 30_000;

/**
 * An RPC to an integration plugin. The plugin's refusal (say, an IMAP server rejecting the credentials)
 * reaches the user as its own words; no answer at all means the plugin is not there.
 */
export async function callIntegrationPlugin<TPayload extends z.ZodType, TReply extends z.ZodType>(
  broker: MessageBroker,
  contract: RPCQueueContract<TPayload, TReply>,
  kind: string,
  payload: z.input<TPayload>,
): Promise<z.infer<TReply>> {
  let reply: unknown;
  try {
    reply = await broker.sendRPCMessage(contract.name, payload, { timeoutMs: integrationCallTimeoutMs });
  } catch (error) {
    if (error instanceof BrokerReplyError) throw new InputError(`${kind}: ${error.message}`, { cause: error });
    throw new PluginUnavailableError(kind, { cause: error });
  }
  const parsed = contract.reply.safeParse(reply);
  if (!parsed.success) throw new PluginUnavailableError(kind, { cause: parsed.error });
  return parsed.data;
}
