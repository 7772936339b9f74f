import { hostname } from 'node:os';
import { resolveConsumerPolicy, rpcTimeout, settleWithin, type ConsumerPolicyOptions } from '../consumer-policy.js';
import { BrokerClosedError, BrokerError } from '../errors.js';
import { DEFAULT_RPC_TIMEOUT_MS, type MessageBroker, type PlainHandler, type QueueName, type RPCHandler, type RPCOptions, type SendOptions } from '../message-broker.js';
import { assertQueueName } from '../queue-name.js';
import { withSpan } from '@lattice/contracts/tracing';
import { encodeMessage, requestIdHeaders } from '../wire-format.js';
import { publishUntilConfirmed, SessionLostError } from './confirmed-publisher.js';
import { ConnectionSupervisor } from './connection-supervisor.js';
import { QueueConsumers } from './queue-consumers.js';
import { RpcClient, type RpcReplyMode } from './rpc-client.js';

export interface RabbitMQBrokerOptions extends ConsumerPolicyOptions {
  /** `amqp://user:password@host:port/vhost`, e.g. `amqp://guest:guest@127.0.0.1:5672`. */
  url: string;
  /** Shown by `rabbitmqctl list_connections client_properties` and the management UI. */
  connectionName?: string;
  /** How long `connectRabbitMQBroker` keeps trying before it fails. Default 10_000. */
  connectTimeoutMs?: number;
  /** How long a send or consume made while disconnected waits for the reconnect before failing. Default 10_000. */
  sendWaitMs?: number;
  /** First reconnect delay; it doubles per failed attempt (with ±20% jitter) up to `reconnectMaxDelayMs`. Default 100. */
  reconnectInitialDelayMs?: number;
  /** Default 5_000. */
  reconnectMaxDelayMs?: number;
  /** Default `reply-queue`. */
  rpcReplyMode?: RpcReplyMode;
}

function nonNegativeOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a non-negative number, got ${value}`);
  return value;
}

/** Connects to RabbitMQ and resolves once connected; reconnects by itself until `close()`. */
export async function connectRabbitMQBroker(options: RabbitMQBrokerOptions): Promise<MessageBroker> {
  const policy = resolveConsumerPolicy(options);
  const sendWaitMs = nonNegativeOption('sendWaitMs', options.sendWaitMs, 10_000);
  const rpc = new RpcClient(options.rpcReplyMode ?? 'reply-queue', policy.logger);
  const consumers = new QueueConsumers(policy);
  const supervisor = new ConnectionSupervisor({
    url: options.url,
    connectionName: options.connectionName ?? `lattice-broker@${hostname()}:${process.pid}`,
    prefetch: policy.prefetch,
    reconnectInitialDelayMs: nonNegativeOption('reconnectInitialDelayMs', options.reconnectInitialDelayMs, 100),
    reconnectMaxDelayMs: nonNegativeOption('reconnectMaxDelayMs', options.reconnectMaxDelayMs, 5_000),
    logger: policy.logger,
    setUp: async (session) => {
      await rpc.setUp(session);
      await consumers.attachAll(session);
    },
    onLost: (session) => rpc.sessionLost(session),
  });
  try {
    await supervisor.start(nonNegativeOption('connectTimeoutMs', options.connectTimeoutMs, 10_000));
  } catch (error) {
    await supervisor.close();
    throw error;
  }

  const sending = new Set<Promise<void>>();
  let closed = false;

  function openSession(queue: QueueName) {
    const deadline = Date.now() + sendWaitMs;
    return () => supervisor.session(queue, deadline, sendWaitMs);
  }

  function refuseWhenClosed(queue: QueueName): void {
    if (closed) throw new BrokerClosedError(queue);
  }

  async function callOnce<T>(queue: QueueName, body: Buffer, timeoutMs: number, deadline: number, headers: Record<string, string>): Promise<T> {
    for (;;) {
      const session = await supervisor.session(queue, deadline, timeoutMs);
      try {
        await session.ensureQueue(queue);
      } catch (error) {
        if (!session.isOpen()) continue;
        throw new BrokerError(`RabbitMQ refused queue "${queue}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      try {
        return (await rpc.call(session, queue, body, timeoutMs, deadline, headers)) as T;
      } catch (error) {
        // Only a request that was never published is sent again, so none can run twice because of this.
        if (!(error instanceof SessionLostError)) throw error;
        await session.close(error.message);
      }
    }
  }

  return {
    async sendMessage(queue: QueueName, data: unknown, sendOptions: SendOptions = {}): Promise<void> {
      assertQueueName(queue);
      const body = Buffer.from(encodeMessage(queue, data, sendOptions.subdomain, sendOptions.actor));
      refuseWhenClosed(queue);
      // With tracing on, the message carries the sender's trace context (`traceparent`) in its AMQP headers.
      await withSpan(`send ${queue}`, 'producer', { 'messaging.system': 'rabbitmq', 'messaging.destination.name': queue }, async (trace) => {
        const send = publishUntilConfirmed(openSession(queue), queue, body, { ...requestIdHeaders(sendOptions.requestId), ...trace });
        sending.add(send);
        try {
          await send;
        } finally {
          sending.delete(send);
        }
      });
    },

    async sendRPCMessage<T = unknown>(queue: QueueName, data: unknown, rpcOptions: RPCOptions = {}): Promise<T> {
      assertQueueName(queue);
      const timeoutMs = rpcTimeout(rpcOptions.timeoutMs, DEFAULT_RPC_TIMEOUT_MS);
      const body = Buffer.from(encodeMessage(queue, data, rpcOptions.subdomain, rpcOptions.actor));
      refuseWhenClosed(queue);
      const deadline = Date.now() + timeoutMs;
      return withSpan(`call ${queue}`, 'client', { 'messaging.system': 'rabbitmq', 'messaging.destination.name': queue }, (trace) => callOnce<T>(queue, body, timeoutMs, deadline, { ...requestIdHeaders(rpcOptions.requestId), ...trace }));
    },

    async consumeQueue(queue: QueueName, handler: PlainHandler): Promise<void> {
      assertQueueName(queue);
      refuseWhenClosed(queue);
      await consumers.add({ queue, kind: 'plain', handler }, openSession(queue));
    },

    async consumeRPCQueue(queue: QueueName, handler: RPCHandler): Promise<void> {
      assertQueueName(queue);
      refuseWhenClosed(queue);
      await consumers.add({ queue, kind: 'rpc', handler }, openSession(queue));
    },

    isConnected: () => !closed && supervisor.connected !== undefined,

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      rpc.closeAll();
      await consumers.stop(supervisor.connected);
      await settleWithin(sending, policy.closeTimeoutMs);
      await supervisor.close();
    },
  };
}
