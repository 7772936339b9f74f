import type { z } from 'zod';

/** What a queue's consumer may declare besides the shapes. */
export interface QueueContractOptions {
  /**
   * The consumer acts for the user whose request sent the message, and needs this action of theirs
   * (`<plugin>:<action>`): the plugin host refuses a message sent for no user or for one without it, and runs the
   * consumer as that user (its changes enter the activity log under their name). Consumed with `consumeContract`.
   */
  actsFor?: string;
}

/** One queue's name and the shapes both ends agree on (SPEC.md "Events"). */
export interface PlainQueueContract<TPayload extends z.ZodType> extends QueueContractOptions {
  kind: 'plain';
  name: string;
  payload: TPayload;
}

export interface RPCQueueContract<TPayload extends z.ZodType, TReply extends z.ZodType> extends QueueContractOptions {
  kind: 'rpc';
  name: string;
  payload: TPayload;
  reply: TReply;
}

export function plainQueue<TPayload extends z.ZodType>(name: string, payload: TPayload, options: QueueContractOptions = {}): PlainQueueContract<TPayload> {
  return { kind: 'plain', name, payload, ...options };
}

export function rpcQueue<TPayload extends z.ZodType, TReply extends z.ZodType>(
  name: string,
  payload: TPayload,
  reply: TReply,
  options: QueueContractOptions = {},
): RPCQueueContract<TPayload, TReply> {
  return { kind: 'rpc', name, payload, reply, ...options };
}
