/**
 * The one broker interface every Lattice plugin talks to. Two implementations keep the same contract:
 * `connectRabbitMQBroker` (services mode) and `createInProcessBroker` (embedded mode).
 */

/**
 * `<plugin>:<action>`, checked against QUEUE_NAME_PATTERN: a lower-case plugin part (`[a-z0-9][a-z0-9_-]*`),
 * one colon, an action of letters, digits, `_`, `.` and `-`. Accepts `contacts:customers.findOne`,
 * `document:find`, `imap:createIntegration`. A second colon is refused so `<queue>:dead` can never be a
 * queue of its own.
 */
export type QueueName = string;

/** The user a message acts for: whose request sent it, with the actions they had then (`<plugin>:<action>`). */
export interface ActingUser {
  userId: string;
  permissions: string[];
}

export interface MessageMeta {
  subdomain?: string;
  /** The id of the request that caused this message (the gateway's `x-request-id`), for logs across processes. */
  requestId?: string;
  /** The user whose request sent the message, when one did (travels in the envelope). */
  actor?: ActingUser;
}

export type PlainHandler = (data: unknown, meta: MessageMeta) => Promise<void> | void;

/**
 * Returns the reply's `data`; the broker wraps it as `{status:'success', data}`.
 * A thrown error becomes `{status:'error', errorMessage: err.message}`.
 */
export type RPCHandler = (data: unknown, meta: MessageMeta) => Promise<unknown> | unknown;

export interface SendOptions {
  subdomain?: string;
  /** Travels beside the message (AMQP header `x-request-id`) and reaches the handler as `meta.requestId`. */
  requestId?: string;
  /** Travels in the envelope and reaches the handler as `meta.actor`. */
  actor?: ActingUser;
}

/** How a consumer handles its messages; the brokers ignore it, a plugin host's broker client enforces it. */
export interface ConsumeOptions {
  /**
   * The action (`<plugin>:<action>`) the user a message acts for must have: a message without such a user is
   * refused before the handler runs, and the handler runs as that user (the activity log records its changes).
   */
  actsFor?: string;
}

export interface RPCOptions extends SendOptions {
  /** How long to wait for the reply, from the call. Default 10_000. */
  timeoutMs?: number;
}

export interface MessageBroker {
  sendMessage(queue: QueueName, data: unknown, options?: SendOptions): Promise<void>;
  sendRPCMessage<T = unknown>(queue: QueueName, data: unknown, options?: RPCOptions): Promise<T>;
  consumeQueue(queue: QueueName, handler: PlainHandler, options?: ConsumeOptions): Promise<void>;
  consumeRPCQueue(queue: QueueName, handler: RPCHandler, options?: ConsumeOptions): Promise<void>;
  /** Whether messages can be sent and received now (RabbitMQ: connected; reconnecting is not connected). */
  isConnected(): boolean;
  close(): Promise<void>;
}

export const DEFAULT_RPC_TIMEOUT_MS = 10_000;
