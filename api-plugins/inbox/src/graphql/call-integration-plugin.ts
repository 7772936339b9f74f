import type { MessageBroker } from '@lattice/broker';
import type { RPCQueueContract } from '@lattice/contracts';
import { callPluginRPC } from '@lattice/plugin-sdk';
import type { z } from 'zod';

const integrationCallTimeoutMs = 30_000;

/**
 * An RPC to an integration plugin. The plugin's refusal (say, an IMAP server rejecting the credentials)
 * reaches the user as its own words; no answer at all means the plugin is not there.
 */
export function callIntegrationPlugin<TPayload extends z.ZodType, TReply extends z.ZodType>(
  broker: MessageBroker,
  contract: RPCQueueContract<TPayload, TReply>,
  kind: string,
  payload: z.input<TPayload>,
): Promise<z.infer<TReply>> {
  return callPluginRPC(broker, contract, kind, payload, { timeoutMs: integrationCallTimeoutMs, refusal: 'input' });
}
