import type { z } from 'zod';

/** One queue's name and the shapes both ends agree on (SPEC.md "Events"). */
export interface PlainQueueContract<TPayload extends z.ZodType> {
  kind: 'plain';
  name: string;
  payload: TPayload;
}

export interface RPCQueueContract<TPayload extends z.ZodType, TReply extends z.ZodType> {
  kind: 'rpc';
  name: string;
  payload: TPayload;
  reply: TReply;
}

export function plainQueue<TPayload extends z.ZodType>(name: string, payload: TPayload): PlainQueueContract<TPayload> {
  return { kind: 'plain', name, payload };
}

export function rpcQueue<TPayload extends z.ZodType, TReply extends z.ZodType>(
  name: string,
  payload: TPayload,
  reply: TReply,
): RPCQueueContract<TPayload, TReply> {
  return { kind: 'rpc', name, payload, reply };
}
