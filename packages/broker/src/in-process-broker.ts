import { randomUUID } from 'node:crypto';
import { resolveConsumerPolicy, rpcTimeout, settleWithin, type ConsumerPolicyOptions } from './consumer-policy.js';
import { BrokerClosedError, BrokerReplyError, BrokerTimeoutError, UnprocessableMessageError } from './errors.js';
import { Fifo } from './fifo.js';
import {
  DEFAULT_RPC_TIMEOUT_MS,
  type MessageBroker,
  type MessageMeta,
  type PlainHandler,
  type QueueName,
  type RPCHandler,
  type RPCOptions,
  type SendOptions,
} from './message-broker.js';
import { assertQueueName } from './queue-name.js';
import { decodeMessage, decodeReply, encodeMessage, encodeReply, errorReply, type DecodedMessage } from './wire-format.js';

export type InProcessBrokerOptions = ConsumerPolicyOptions;

/** A plain message that failed `maxAttempts` times, as it would sit in `<queue>:dead` on RabbitMQ. */
export interface DeadLetter {
  queue: QueueName;
  data: unknown;
  meta: MessageMeta;
  attempts: number;
  errorMessage: string;
}

export interface InProcessBroker extends MessageBroker {
  /** What has been dead-lettered from `queue` so far (the in-process `<queue>:dead`). */
  deadLetters(queue: QueueName): readonly DeadLetter[];
}

interface QueuedMessage {
  body: string;
  requestId?: string;
  attempts: number;
  rpc?: { correlationId: string; expiresAt: number };
}

type Consumer = { kind: 'plain'; handler: PlainHandler; inFlight: number } | { kind: 'rpc'; handler: RPCHandler; inFlight: number };

interface QueueState {
  name: QueueName;
  messages: Fifo<QueuedMessage>;
  consumers: Consumer[];
  nextConsumer: number;
  pumpScheduled: boolean;
}

interface PendingCall {
  queue: QueueName;
  timer: NodeJS.Timeout;
  resolve: (data: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * The embedded-mode broker: one process, the RabbitMQ implementation's semantics. Payloads make the same
 * JSON round trip, messages wait in their queue until a consumer has room (up to `prefetch` at once per
 * consumer, round robin), RPC requests expire with their timeout, failing plain messages are retried and
 * then dead-lettered. Nothing survives a restart.
 */
export function createInProcessBroker(options: InProcessBrokerOptions = {}): InProcessBroker {
  const policy = resolveConsumerPolicy(options);
  const queues = new Map<QueueName, QueueState>();
  const deadLetters = new Map<QueueName, DeadLetter[]>();
  const pendingCalls = new Map<string, PendingCall>();
  const running = new Set<Promise<void>>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let closed = false;

  function queueState(name: QueueName): QueueState {
    let state = queues.get(name);
    if (!state) {
      state = { name, messages: new Fifo<QueuedMessage>(), consumers: [], nextConsumer: 0, pumpScheduled: false };
      queues.set(name, state);
    }
    return state;
  }

  function enqueue(name: QueueName, message: QueuedMessage): void {
    const state = queueState(name);
    state.messages.push(message);
    schedulePump(state);
  }

  // Deliver on a later turn, as a network broker would: a send resolves before its handler runs.
  function schedulePump(state: QueueState): void {
    if (state.pumpScheduled || closed) return;
    state.pumpScheduled = true;
    setImmediate(() => {
      state.pumpScheduled = false;
      pump(state);
    });
  }

  function consumerWithRoom(state: QueueState): Consumer | undefined {
    const count = state.consumers.length;
    for (let i = 0; i < count; i += 1) {
      const index = (state.nextConsumer + i) % count;
      const consumer = state.consumers[index];
      if (consumer && consumer.inFlight < policy.prefetch) {
        state.nextConsumer = (index + 1) % count;
        return consumer;
      }
    }
    return undefined;
  }

  function pump(state: QueueState): void {
    while (!closed && state.messages.length > 0) {
      const consumer = consumerWithRoom(state);
      if (!consumer) return;
      const message = state.messages.shift();
      if (!message) return;
      if (message.rpc && (message.rpc.expiresAt <= Date.now() || !pendingCalls.has(message.rpc.correlationId))) continue;
      consumer.inFlight += 1;
      const delivery = deliver(state.name, consumer, message).finally(() => {
        consumer.inFlight -= 1;
        running.delete(delivery);
        schedulePump(state);
      });
      running.add(delivery);
    }
  }

  async function deliver(queue: QueueName, consumer: Consumer, message: QueuedMessage): Promise<void> {
    let decoded: DecodedMessage;
    try {
      decoded = decodeMessage(queue, message.body, message.requestId);
    } catch (error) {
      deadLetter(queue, { data: undefined, meta: {} }, message.attempts, error);
      return;
    }
    if (consumer.kind === 'rpc') {
      let replyText: string;
      try {
        replyText = encodeReply({ status: 'success', data: await consumer.handler(decoded.data, decoded.meta) });
      } catch (error) {
        replyText = encodeReply(errorReply(error));
      }
      if (message.rpc) settleCall(message.rpc.correlationId, replyText);
      else policy.logger.warn({ queue }, 'RPC consumer got a message without replyTo; reply dropped');
      return;
    }
    try {
      await consumer.handler(decoded.data, decoded.meta);
    } catch (error) {
      retryOrDeadLetter(queue, message, decoded, error);
    }
  }

  function retryOrDeadLetter(queue: QueueName, message: QueuedMessage, decoded: { data: unknown; meta: MessageMeta }, error: unknown): void {
    if (error instanceof UnprocessableMessageError || message.attempts >= policy.maxAttempts) {
      deadLetter(queue, decoded, message.attempts, error);
      return;
    }
    policy.logger.warn({ queue, attempt: message.attempts, err: error }, 'handler failed; message will be retried');
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      enqueue(queue, { ...message, attempts: message.attempts + 1 });
    }, policy.retryDelayMs * message.attempts);
    retryTimers.add(timer);
  }

  function deadLetter(queue: QueueName, decoded: { data: unknown; meta: MessageMeta }, attempts: number, error: unknown): void {
    const errorMessage = error instanceof Error ? error.message : String(error);
    policy.logger.error({ queue, attempts, errorMessage }, 'message dead-lettered');
    const list = deadLetters.get(queue) ?? [];
    list.push({ queue, data: decoded.data, meta: decoded.meta, attempts, errorMessage });
    deadLetters.set(queue, list);
  }

  function settleCall(correlationId: string, replyText: string): void {
    const call = pendingCalls.get(correlationId);
    if (!call) return;
    pendingCalls.delete(correlationId);
    clearTimeout(call.timer);
    try {
      const reply = decodeReply(call.queue, replyText);
      if (reply.status === 'success') call.resolve(reply.data);
      else call.reject(new BrokerReplyError(call.queue, reply.errorMessage));
    } catch (error) {
      call.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  function addConsumer(queue: QueueName, consumer: Consumer): void {
    assertQueueName(queue);
    if (closed) throw new BrokerClosedError(queue);
    const state = queueState(queue);
    state.consumers.push(consumer);
    schedulePump(state);
  }

  return {
    async sendMessage(queue: QueueName, data: unknown, sendOptions: SendOptions = {}): Promise<void> {
      assertQueueName(queue);
      const body = encodeMessage(queue, data, sendOptions.subdomain, sendOptions.actor);
      if (closed) throw new BrokerClosedError(queue);
      enqueue(queue, { body, requestId: sendOptions.requestId, attempts: 1 });
    },

    sendRPCMessage<T = unknown>(queue: QueueName, data: unknown, rpcOptions: RPCOptions = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        assertQueueName(queue);
        const timeoutMs = rpcTimeout(rpcOptions.timeoutMs, DEFAULT_RPC_TIMEOUT_MS);
        const body = encodeMessage(queue, data, rpcOptions.subdomain, rpcOptions.actor);
        if (closed) throw new BrokerClosedError(queue);
        const correlationId = randomUUID();
        const timer = setTimeout(() => {
          pendingCalls.delete(correlationId);
          reject(new BrokerTimeoutError(queue, timeoutMs));
        }, timeoutMs);
        pendingCalls.set(correlationId, { queue, timer, resolve: (value) => resolve(value as T), reject });
        enqueue(queue, { body, requestId: rpcOptions.requestId, attempts: 1, rpc: { correlationId, expiresAt: Date.now() + timeoutMs } });
      });
    },

    async consumeQueue(queue: QueueName, handler: PlainHandler): Promise<void> {
      addConsumer(queue, { kind: 'plain', handler, inFlight: 0 });
    },

    async consumeRPCQueue(queue: QueueName, handler: RPCHandler): Promise<void> {
      addConsumer(queue, { kind: 'rpc', handler, inFlight: 0 });
    },

    deadLetters(queue: QueueName): readonly DeadLetter[] {
      return [...(deadLetters.get(queue) ?? [])];
    },

    isConnected: () => !closed,

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      for (const [id, call] of pendingCalls) {
        clearTimeout(call.timer);
        call.reject(new BrokerClosedError(call.queue));
        pendingCalls.delete(id);
      }
      await settleWithin(running, policy.closeTimeoutMs);
    },
  };
}
