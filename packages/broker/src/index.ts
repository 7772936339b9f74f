export type {
  ActingUser,
  ConsumeOptions,
  MessageBroker,
  MessageMeta,
  PlainHandler,
  QueueName,
  RPCHandler,
  RPCOptions,
  SendOptions,
} from './message-broker.js';
export { DEFAULT_RPC_TIMEOUT_MS } from './message-broker.js';
export { QUEUE_NAME_PATTERN, assertQueueName, deadLetterQueueName, isQueueName } from './queue-name.js';
export {
  BrokerClosedError,
  BrokerConnectionLostError,
  BrokerError,
  BrokerReplyError,
  BrokerTimeoutError,
  BrokerUnavailableError,
  InvalidQueueNameError,
  MalformedMessageError,
  UnprocessableMessageError,
  UnserialisablePayloadError,
} from './errors.js';
export type { BrokerLogger } from './logger.js';
export type { ConsumerPolicyOptions } from './consumer-policy.js';
export { createInProcessBroker, type DeadLetter, type InProcessBroker, type InProcessBrokerOptions } from './in-process-broker.js';
export { connectRabbitMQBroker, type RabbitMQBrokerOptions } from './rabbitmq/rabbitmq-broker.js';
export type { RpcReplyMode } from './rabbitmq/rpc-client.js';
