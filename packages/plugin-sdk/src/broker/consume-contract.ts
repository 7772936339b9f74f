import { UnprocessableMessageError, type MessageBroker, type MessageMeta } from '@lattice/broker';
import type { PlainQueueContract, RPCQueueContract } from '@lattice/contracts';
import { z } from 'zod';
import { InputError } from '../errors.js';

/**
 * A payload the contract refuses is never handled: an RPC's caller gets an error reply naming what is wrong; a
 * plain message goes to `<queue>:dead` at once (no retry can make it parse), kept with that reason.
 */
function parsePayload<TPayload extends z.ZodType>(contract: { kind: 'plain' | 'rpc'; name: string }, schema: TPayload, data: unknown): z.infer<TPayload> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const reason = z.prettifyError(result.error);
  throw contract.kind === 'plain' ? new UnprocessableMessageError(contract.name, reason) : new InputError(reason);
}

/**
 * The consumer's side of a queue contract, beside `callPluginRPC`: the handler gets the payload parsed and typed
 * by the contract; an RPC handler's reply is checked against the contract before it is sent, so a consumer
 * cannot answer what its callers would refuse. A contract's `actsFor` reaches the plugin host, which checks it.
 */
export function consumeContract<TPayload extends z.ZodType, TReply extends z.ZodType>(
  broker: MessageBroker,
  contract: RPCQueueContract<TPayload, TReply>,
  handler: (payload: z.infer<TPayload>, meta: MessageMeta) => z.input<TReply> | Promise<z.input<TReply>>,
): Promise<void>;
export function consumeContract<TPayload extends z.ZodType>(
  broker: MessageBroker,
  contract: PlainQueueContract<TPayload>,
  handler: (payload: z.infer<TPayload>, meta: MessageMeta) => void | Promise<void>,
): Promise<void>;
export function consumeContract(
  broker: MessageBroker,
  contract: PlainQueueContract<z.ZodType> | RPCQueueContract<z.ZodType, z.ZodType>,
  handler: (payload: unknown, meta: MessageMeta) => unknown,
): Promise<void> {
  if (contract.kind === 'plain') {
    return broker.consumeQueue(
      contract.name,
      async (data, meta) => {
        await handler(parsePayload(contract, contract.payload, data), meta);
      },
      { actsFor: contract.actsFor },
    );
  }
  return broker.consumeRPCQueue(
    contract.name,
    async (data, meta) => {
      const reply = await handler(parsePayload(contract, contract.payload, data), meta);
      const checked = contract.reply.safeParse(reply);
      if (!checked.success) throw new Error(`${contract.name}: the reply breaks its contract: ${z.prettifyError(checked.error)}`);
      return reply;
    },
    { actsFor: contract.actsFor },
  );
}
